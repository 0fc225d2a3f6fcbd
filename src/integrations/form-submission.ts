// A form submission, as form tools send it (a flat JSON object or
// application/x-www-form-urlencoded fields), read into a subscriber write: the
// email, the names, tags, and every other field as an attribute.
import { validationError } from '../errors.ts';

export interface FormSubmission {
  /** The v2 subscriber body the submission makes (checked by the subscriber schema). */
  subscriber: { email: string; first_name?: string; last_name?: string; tags?: string[]; attributes?: Record<string, unknown> };
  /** The form's name, if it said (recorded on the form_submitted event). */
  form: string | null;
  doubleOptIn: boolean;
  /** Who the confirmation email comes from, when the form names it. */
  confirmFrom: string | null;
}

/** Field names each known value may come under (compared lower-cased, `-` and `_` ignored). */
const ALIASES = {
  email: ['email', 'emailaddress', 'mail'],
  firstName: ['firstname', 'fname', 'givenname'],
  lastName: ['lastname', 'lname', 'surname', 'familyname'],
  name: ['name', 'fullname'],
  tags: ['tags', 'tag'],
  form: ['form', 'formname', 'formid'],
  doubleOptIn: ['doubleoptin', 'doubleopt', 'confirm'],
  confirmFrom: ['confirmfrom'],
} as const;

const normalize = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');
const KNOWN = new Map<string, keyof typeof ALIASES>(Object.entries(ALIASES).flatMap(([field, names]) => names.map((n) => [n, field as keyof typeof ALIASES])));

const text = (value: unknown): string | null => {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v === null) return null;
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;
  return s === '' ? null : s;
};

const yes = (value: unknown) => ['true', '1', 'yes', 'on'].includes((text(value) ?? '').toLowerCase());

/** Read a submission; a field that is not a string, number, boolean or (for tags) a list of them is refused. */
export function readFormSubmission(fields: Record<string, unknown>): FormSubmission {
  const known: Partial<Record<keyof typeof ALIASES, unknown>> = {};
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const field = KNOWN.get(normalize(key));
    if (field) known[field] ??= value;
    // Fields starting with "_" are the form tool's own (honeypots, redirects): not the person's.
    else if (!key.startsWith('_') && value !== undefined && value !== null && value !== '')
      attributes[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  const email = text(known.email);
  if (!email) throw validationError([{ path: 'email', message: 'is required: name the field email' }]);
  let firstName = text(known.firstName);
  let lastName = text(known.lastName);
  const name = text(known.name);
  if (name && !firstName && !lastName) {
    const [first, ...rest] = name.split(/\s+/);
    firstName = first ?? null;
    lastName = rest.length > 0 ? rest.join(' ') : null;
  }
  const rawTags = known.tags;
  const tags = rawTags === undefined ? [] : (Array.isArray(rawTags) ? rawTags : String(rawTags).split(',')).map((t) => String(t).trim()).filter(Boolean);
  return {
    subscriber: {
      email,
      ...(firstName ? { first_name: firstName } : {}),
      ...(lastName ? { last_name: lastName } : {}),
      ...(tags.length > 0 ? { tags } : {}),
      ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
    },
    form: text(known.form),
    doubleOptIn: yes(known.doubleOptIn),
    confirmFrom: text(known.confirmFrom),
  };
}
