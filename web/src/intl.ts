// Dates and numbers as the reader writes them, in one place. In the browser that
// is the browser's own locale and time zone, except on a page the server rendered:
// the server wrote it in the locale and time zone this browser told it before (the
// INTL_COOKIE), and the page keeps to them, so that its scripts take over the very
// text the server wrote. On the server, the settings are those of the page being
// rendered: set just before its render and cleared after it, which a render,
// being synchronous, cannot interleave with another.

/** A locale and a time zone; undefined: the runtime's own. */
export interface IntlSettings {
  locale: string | undefined;
  timeZone: string | undefined;
}

/** The cookie in which the browser tells the server its locale and time zone ("en-GB Europe/London", URI-encoded). */
export const INTL_COOKIE = 'mailgate_intl';

const RUNTIME: IntlSettings = { locale: undefined, timeZone: undefined };
let current: IntlSettings = RUNTIME;
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
/** Formatters kept at most: on the server each browser's settings make their own, and a cookie names any it likes. */
const MAX_FORMATTERS = 500;

/** Write dates and numbers in these settings from now on (RUNTIME, the default, when none). */
export function setIntlSettings(settings: IntlSettings = RUNTIME): void {
  current = settings;
}

/** The settings dates and numbers are written in now. */
export function intlSettings(): IntlSettings {
  return current;
}

/** This runtime's own locale and time zone, resolved (what `undefined` stands for). */
export function runtimeIntlSettings(): { locale: string; timeZone: string } {
  const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions();
  return { locale, timeZone };
}

/** The cookie's value for these settings. */
export function intlCookieValue(settings: { locale: string; timeZone: string }): string {
  return encodeURIComponent(`${settings.locale} ${settings.timeZone}`);
}

/** The settings a cookie's value names, or null when it names no locale or time zone this runtime knows. */
export function parseIntlCookie(value: string | undefined): { locale: string; timeZone: string } | null {
  if (!value) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const [locale, timeZone, ...rest] = decoded.split(' ');
  if (!locale || !timeZone || rest.length > 0) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(locale);
    // A zone the runtime does not know throws a RangeError here.
    const resolved = new Intl.DateTimeFormat(canonical, { timeZone }).resolvedOptions();
    return canonical ? { locale: canonical, timeZone: resolved.timeZone } : null;
  } catch {
    return null;
  }
}

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, options: object, make: () => F): F {
  const key = `${kind} ${current.locale ?? ''} ${current.timeZone ?? ''} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter as F;
}

/** A date formatter in the current settings; `options.timeZone` wins over the current time zone. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', options, () => new Intl.DateTimeFormat(current.locale, { timeZone: current.timeZone, ...options }));
}

/** A number formatter in the current locale. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', options, () => new Intl.NumberFormat(current.locale, options));
}

/** A moment (ISO time) as date and minute, "27 Nov 2026, 14:05"; the text itself when it is not a time. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

/** A number as the reader's locale writes it, "12,345". */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}
