import type { BodyOf } from '@mailgate/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Checkbox, CheckboxGroup, Form, Label, Radio, RadioGroup, TextArea, TextField as AriaTextField, Text, FieldError } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
import { Button, ConfirmDialog, EmptyState, ErrorMessage, fieldErrors, PageHeader, Select, TextField } from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import RichText, { type TiptapJson } from './campaigns/RichText.tsx';
import { type Campaign, CampaignStatusBadge } from './campaigns/status.tsx';
import './campaigns/campaigns.css';
import './settings.css';
import { formatDateTime, formatNumber } from '../intl.ts';

type Format = 'rich' | 'markdown' | 'html';
type Match = 'any' | 'all';

/** The editor's fields, as the person holds them (strings; empty = not given). */
interface Draft {
  name: string;
  subject: string;
  from: string;
  replyTo: string;
  preview: string;
  format: Format;
  doc: TiptapJson | null;
  markdown: string;
  html: string;
  tags: string[];
  match: Match;
  opens: boolean;
  clicks: boolean;
}

const EMPTY: Draft = {
  name: '',
  subject: '',
  from: '',
  replyTo: '',
  preview: '',
  format: 'rich',
  doc: null,
  markdown: '',
  html: '',
  tags: [],
  match: 'any',
  opens: false,
  clicks: false,
};

function draftOf(c: Campaign): Draft {
  return {
    name: c.name,
    subject: c.subject,
    from: c.from,
    replyTo: c.reply_to ?? '',
    preview: c.preview ?? '',
    format: c.tiptap ? 'rich' : c.markdown !== null ? 'markdown' : c.html !== null ? 'html' : 'rich',
    doc: (c.tiptap as TiptapJson | null) ?? null,
    markdown: c.markdown ?? '',
    html: c.html ?? '',
    tags: c.audience.tags,
    match: c.audience.match,
    opens: c.tracking.opens,
    clicks: c.tracking.clicks,
  };
}

type Content = { tiptap: TiptapJson } | { markdown: string } | { html: string };

function contentOf(d: Draft): Content {
  if (d.format === 'markdown') return { markdown: d.markdown };
  if (d.format === 'html') return { html: d.html };
  return { tiptap: d.doc ?? { type: 'doc', content: [{ type: 'paragraph' }] } };
}

/** The body create_campaign (new) or update_campaign (saved: empty optional fields are cleared) takes. */
function bodyOf(d: Draft, saved: boolean): BodyOf<'create_campaign'> {
  const clear = saved ? null : undefined;
  return {
    name: d.name.trim(),
    subject: d.subject,
    from: d.from.trim(),
    ...(d.replyTo.trim() ? { reply_to: d.replyTo.trim() } : clear === null ? { reply_to: null as never } : {}),
    ...(d.preview ? { preview: d.preview } : clear === null ? { preview: null as never } : {}),
    ...contentOf(d),
    audience: { tags: d.tags, match: d.match },
    tracking: { opens: d.opens, clicks: d.clicks },
  } as BodyOf<'create_campaign'>;
}

/** The placeholder "Insert field" writes: {{first_name | "there"}}. */
export function placeholderOf(field: string, fallback: string): string {
  const text = fallback.replace(/[\r\n]/g, ' ');
  if (!text) return `{{${field}}}`;
  const quote = text.includes('"') ? "'" : '"';
  return `{{${field} | ${quote}${text.replaceAll(quote, '')}${quote}}}`;
}

/**
 * A campaign's editor (/campaigns/new, /campaigns/:id/edit): its fields, its body
 * in a rich-text editor (or Markdown, or HTML), its audience with the count it
 * reaches now, a preview as a chosen subscriber at desktop and phone widths,
 * test copies, and Send now or Schedule after a confirmation naming the count.
 */
export default function CampaignEditPage() {
  const { id } = useParams();
  const campaign = useQuery({
    queryKey: ['campaigns', 'get', id],
    queryFn: ({ signal }) => unwrap(mailgate.campaigns.get(id!, { signal })),
    enabled: id !== undefined,
  });
  if (id === undefined) return <Editor key="new" campaign={null} />;
  if (campaign.isPending) return <Loading label="Loading the campaign…" />;
  if (campaign.isError) {
    if (errorOf(campaign.error)?.statusCode === 404)
      return (
        <EmptyState
          title="Campaign not found"
          description="There is no campaign with this id in this organization."
          action={<Link to="/campaigns">Back to the campaigns</Link>}
        />
      );
    return <ErrorMessage error={campaign.error} title="The campaign could not be loaded." />;
  }
  if (campaign.data.status !== 'draft' && campaign.data.status !== 'scheduled')
    return (
      <EmptyState
        title="This campaign can no longer be changed"
        description={`It is ${campaign.data.status}: only draft and scheduled campaigns can be edited.`}
        action={<Link to={`/campaigns/${id}`}>Open the campaign</Link>}
      />
    );
  return <Editor key={id} campaign={campaign.data} />;
}

function Editor({ campaign }: { campaign: Campaign | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (campaign ? draftOf(campaign) : EMPTY));
  const set: SetField =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const id = campaign?.id;

  const save = useMutation({
    mutationFn: async () => {
      const body = bodyOf(draft, id !== undefined);
      return id ? unwrap(mailgate.campaigns.update(id, body as BodyOf<'update_campaign'>)) : unwrap(mailgate.campaigns.create(body));
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(['campaigns', 'get', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'list'] });
      if (!id) navigate(`/campaigns/${saved.id}/edit`, { replace: true });
    },
  });
  const errors = fieldErrors(errorOf(save.error));
  const saveError = errorOf(save.error);
  const contentError = errors.tiptap ?? errors.markdown ?? errors.html ?? null;

  return (
    <>
      <p className="back-link">
        <Link to={id ? `/campaigns/${id}` : '/campaigns'}>← {id ? 'The campaign' : 'Campaigns'}</Link>
      </p>
      <PageHeader
        title={campaign ? `Edit “${campaign.name}”` : 'New campaign'}
        description={
          campaign?.status === 'scheduled' ? (
            <>
              <CampaignStatusBadge status="scheduled" /> It goes out at the time it is scheduled for; Save keeps your changes.
            </>
          ) : (
            'A draft: nothing is sent until you send it or schedule it.'
          )
        }
      />
      <div className="campaign-editor">
        <Form
          className="form"
          validationErrors={errors}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          {saveError && saveError.name !== 'validation_error' && <ErrorMessage error={saveError} title="The campaign could not be saved." />}
          <MessageFields draft={draft} set={set} />
          <BodyFields draft={draft} setDraft={setDraft} set={set} error={contentError} />
          <Audience draft={draft} set={set} error={errors['audience.tags'] ?? errors.audience ?? null} />
          <div className="row-buttons">
            <Button type="submit" variant={campaign?.status === 'scheduled' ? 'primary' : 'secondary'} isPending={save.isPending}>
              {id ? 'Save' : 'Save draft'}
            </Button>
            {save.isSuccess && !save.isPending && (
              <span role="status" className="field-description">
                Saved.
              </span>
            )}
          </div>
        </Form>
        <div className="form">
          <Preview campaignId={id} draft={draft} />
          {id && <TestSend campaignId={id} save={() => save.mutateAsync()} />}
          {id && campaign?.status === 'draft' && <SendCampaign campaignId={id} draft={draft} save={() => save.mutateAsync()} />}
        </div>
      </div>
    </>
  );
}

/** The setter of one field of the draft. */
type SetField = <K extends keyof Draft>(key: K) => (value: Draft[K]) => void;

/** Name, sender, reply-to, subject and preview text. */
function MessageFields({ draft, set }: { draft: Draft; set: SetField }) {
  return (
    <section className="editor-panel" aria-labelledby="message-heading">
      <h2 id="message-heading">Message</h2>
      <div className="campaign-fields">
        <TextField label="Name" name="name" value={draft.name} onChange={set('name')} isRequired description="For you; recipients never see it." />
        <TextField label="From" name="from" value={draft.from} onChange={set('from')} isRequired placeholder="Acme <news@acme.example>" />
        <TextField label="Reply-to" name="reply_to" value={draft.replyTo} onChange={set('replyTo')} description="Optional." />
      </div>
      <TextField label="Subject" name="subject" value={draft.subject} onChange={set('subject')} isRequired />
      <TextField
        label="Preview text"
        name="preview"
        value={draft.preview}
        onChange={set('preview')}
        description="Optional: what mail clients show after the subject."
      />
    </section>
  );
}

/** The body: how it is written (rich text, Markdown, HTML), its editor, and Insert field; `error` is what the API said of the content. */
function BodyFields({
  draft,
  setDraft,
  set,
  error,
}: {
  draft: Draft;
  setDraft: (change: (draft: Draft) => Draft) => void;
  set: SetField;
  error: string | null;
}) {
  const inserter = useRef<((text: string) => void) | null>(null);
  return (
    <section className="editor-panel" aria-labelledby="body-heading">
      <h2 id="body-heading">Body</h2>
      <Choice
        label="Write it as"
        value={draft.format}
        onChange={(format) => setDraft((d) => ({ ...d, format, html: format === 'html' && !d.html && d.doc ? htmlHint(d.doc) : d.html }) as Draft)}
        options={[
          ['rich', 'Rich text'],
          ['markdown', 'Markdown'],
          ['html', 'HTML'],
        ]}
      />
      <InsertField onInsert={(text) => inserter.current?.(text)} />
      {draft.format === 'rich' && <RichText initial={draft.doc} onChange={set('doc')} inserter={inserter} />}
      {draft.format === 'markdown' && (
        <ContentArea label="Markdown" value={draft.markdown} onChange={set('markdown')} inserter={inserter} errorMessage={error} />
      )}
      {draft.format === 'html' && <ContentArea label="HTML" value={draft.html} onChange={set('html')} inserter={inserter} errorMessage={error} />}
      {draft.format === 'rich' && error && (
        <p className="field-error" role="alert">
          Content {error}
        </p>
      )}
      <p className="field-description">Without a {'{{unsubscribe_url}}'} link of your own, a footer with one is added to every email.</p>
    </section>
  );
}

/** A first HTML body from the rich text: its paragraphs' text, for someone switching to HTML. */
function htmlHint(doc: TiptapJson): string {
  const blocks = (doc.content as { content?: { text?: string }[] }[] | undefined) ?? [];
  return blocks
    .map((block) => `<p>${(block.content ?? []).map((t) => (t.text ?? '').replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)).join('')}</p>`)
    .join('\n');
}

/** A few choices side by side (a radio group). */
function Choice<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [T, string])[];
}) {
  return (
    <RadioGroup value={value} onChange={(v) => onChange(v as T)} orientation="horizontal" className="segmented">
      <Label className="segmented-label">{label}</Label>
      {options.map(([key, text]) => (
        <Radio key={key} value={key} className="segmented-option">
          {text}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** Markdown or HTML as text, with the caret's place kept for "Insert field". */
function ContentArea({
  label,
  value,
  onChange,
  inserter,
  errorMessage,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  inserter: React.RefObject<((text: string) => void) | null>;
  errorMessage: string | null;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  inserter.current = (text) => {
    const element = area.current;
    const at = element ? element.selectionStart : value.length;
    const end = element ? element.selectionEnd : value.length;
    onChange(value.slice(0, at) + text + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + text.length, at + text.length);
    });
  };
  return (
    <AriaTextField value={value} onChange={onChange} isInvalid={Boolean(errorMessage)} className="field" name={label.toLowerCase()}>
      <Label className="field-label">{label}</Label>
      <TextArea ref={area} className="field-input content-textarea" />
      <FieldError className="field-error">{errorMessage ?? undefined}</FieldError>
    </AriaTextField>
  );
}

const FIELDS = [
  { id: 'first_name', label: 'First name' },
  { id: 'last_name', label: 'Last name' },
  { id: 'email', label: 'Email' },
  { id: 'attribute', label: 'An attribute…' },
];

/** "Insert field": a subscriber's value, with the text used when they have none. */
function InsertField({ onInsert }: { onInsert: (text: string) => void }) {
  const [field, setField] = useState('first_name');
  const [key, setKey] = useState('');
  const [fallback, setFallback] = useState('there');
  const name = field === 'attribute' ? `attributes.${key.trim()}` : field;
  return (
    <fieldset className="insert-field">
      <legend className="visually-hidden">Insert field</legend>
      <Select label="Field" options={FIELDS} value={field} onChange={setField} />
      {field === 'attribute' && <TextField label="Attribute key" value={key} onChange={setKey} placeholder="plan" />}
      <TextField label="Default" value={fallback} onChange={setFallback} description="When they have none." />
      <Button onPress={() => onInsert(placeholderOf(name, fallback))} isDisabled={field === 'attribute' && !/^[\w-]+$/.test(key.trim())}>
        Insert field
      </Button>
    </fieldset>
  );
}

/** Who receives it: subscribed subscribers with any (or all) of some tags, and how many that is now. */
function Audience({ draft, set, error }: { draft: Draft; set: SetField; error: string | null }) {
  const tags = useQuery({ queryKey: ['tags', 'list', 'all'], queryFn: ({ signal }) => unwrap(mailgate.tags.list({ limit: 100 }, { signal })) });
  const count = useQuery({
    queryKey: ['audience-count', draft.tags, draft.match],
    queryFn: ({ signal }) => unwrap(mailgate.campaigns.countAudience({ audience: { tags: draft.tags, match: draft.match } }, { signal })),
  });
  return (
    <section className="editor-panel" aria-labelledby="audience-heading">
      <h2 id="audience-heading">Audience</h2>
      <ErrorMessage error={tags.error} title="The tags could not be loaded." />
      <CheckboxGroup value={draft.tags} onChange={set('tags')} isInvalid={Boolean(error)} className="checkbox-group field">
        <Label className="field-label">Tags</Label>
        <Text slot="description" className="field-description">
          None: every subscribed subscriber.
        </Text>
        <div className="checkbox-list">
          {(tags.data?.data ?? []).map((tag) => (
            <Checkbox key={tag.id} value={tag.name} className="checkbox">
              {({ isSelected }) => (
                <>
                  <span className="checkbox-box" aria-hidden="true">
                    {isSelected ? '✓' : ''}
                  </span>
                  <span>{tag.name}</span>
                </>
              )}
            </Checkbox>
          ))}
        </div>
        <FieldError className="field-error">{error ?? undefined}</FieldError>
      </CheckboxGroup>
      {draft.tags.length > 1 && (
        <Choice
          label="Subscribers with"
          value={draft.match}
          onChange={set('match')}
          options={[
            ['any', 'any of these tags'],
            ['all', 'all of these tags'],
          ]}
        />
      )}
      <p role="status" aria-live="polite">
        {count.data ? (
          <>
            <strong data-audience-count={count.data.count}>{formatNumber(count.data.count)}</strong> subscribed{' '}
            {count.data.count === 1 ? 'subscriber' : 'subscribers'} now.
          </>
        ) : count.isError ? (
          (errorOf(count.error)?.message ?? 'The audience could not be counted.')
        ) : (
          'Counting…'
        )}
      </p>
      <fieldset className="checkbox-group field">
        <legend className="field-label">Tracking</legend>
        <Checkbox isSelected={draft.opens} onChange={set('opens')} className="checkbox">
          <CheckMark on={draft.opens}>Opens (a tracking pixel)</CheckMark>
        </Checkbox>
        <Checkbox isSelected={draft.clicks} onChange={set('clicks')} className="checkbox">
          <CheckMark on={draft.clicks}>Clicks (links go through Mailgate)</CheckMark>
        </Checkbox>
      </fieldset>
    </section>
  );
}

function CheckMark({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <>
      <span className="checkbox-box" aria-hidden="true">
        {on ? '✓' : ''}
      </span>
      <span>{children}</span>
    </>
  );
}

const WIDTHS = { desktop: 600, phone: 375 } as const;

/** The email as a subscriber would get it, rendered by the server from what the editor holds now (saved or not). */
function Preview({ campaignId, draft }: { campaignId: string | undefined; draft: Draft }) {
  const [subscriber, setSubscriber] = useState('');
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const preview = useMutation({
    mutationFn: () =>
      unwrap(
        mailgate.campaigns.preview(campaignId!, {
          ...(subscriber.trim() ? { subscriber: subscriber.trim() } : {}),
          subject: draft.subject,
          preview: draft.preview || null,
          ...contentOf(draft),
        }),
      ),
  });
  const error = errorOf(preview.error);
  return (
    <section className="editor-panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      {!campaignId ? (
        <p>Save the draft to preview it as a subscriber would get it.</p>
      ) : (
        <>
          <Form
            className="row-buttons"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              preview.mutate();
            }}
          >
            <TextField label="As subscriber" value={subscriber} onChange={setSubscriber} description="An email address or id; empty: each field's default." />
            <Button type="submit" isPending={preview.isPending}>
              Preview
            </Button>
          </Form>
          {error && <ErrorMessage error={error} title="The preview could not be rendered." />}
          {preview.data && (
            <>
              <Choice
                label="Width"
                value={width}
                onChange={setWidth}
                options={[
                  ['desktop', `Desktop (${WIDTHS.desktop} px)`],
                  ['phone', `Phone (${WIDTHS.phone} px)`],
                ]}
              />
              <p className="preview-subject">
                <strong>Subject:</strong> <span data-preview-subject="">{preview.data.subject}</span>
              </p>
              <div className="preview-frame-box">
                <iframe
                  sandbox=""
                  srcDoc={preview.data.html}
                  title="The email as the subscriber gets it"
                  className="preview-frame"
                  style={{ width: WIDTHS[width] }}
                  referrerPolicy="no-referrer"
                />
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Test copies of the saved campaign to a few addresses. */
function TestSend({ campaignId, save }: { campaignId: string; save: () => Promise<unknown> }) {
  const [to, setTo] = useState('');
  const test = useMutation({
    mutationFn: async () => {
      await save();
      const addresses = to
        .split(/[,\s]+/)
        .map((a) => a.trim())
        .filter(Boolean);
      return unwrap(mailgate.campaigns.test(campaignId, { to: addresses }));
    },
  });
  const error = errorOf(test.error);
  return (
    <section className="editor-panel" aria-labelledby="test-heading">
      <h2 id="test-heading">Send a test</h2>
      <Form
        className="form"
        validationErrors={fieldErrors(error)}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          test.mutate();
        }}
      >
        <TextField label="Test addresses" name="to" value={to} onChange={setTo} isRequired description="Up to 5, separated by commas. Saves the draft first." />
        {error && error.name !== 'validation_error' && <ErrorMessage error={error} title="The test could not be sent." />}
        <div className="row-buttons">
          <Button type="submit" isPending={test.isPending}>
            Send test
          </Button>
          <span role="status">{test.data && `Test sent to ${test.data.ids.length} ${test.data.ids.length === 1 ? 'address' : 'addresses'}.`}</span>
        </div>
      </Form>
    </section>
  );
}

/** Send now, or schedule: saved first, after a confirmation naming how many subscribers it reaches. */
function SendCampaign({ campaignId, draft, save }: { campaignId: string; draft: Draft; save: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const count = useQuery({
    queryKey: ['audience-count', draft.tags, draft.match],
    queryFn: ({ signal }) => unwrap(mailgate.campaigns.countAudience({ audience: { tags: draft.tags, match: draft.match } }, { signal })),
  });
  const send = useMutation({
    mutationFn: async () => {
      await save();
      const scheduled = when === 'later' ? new Date(at).toISOString() : undefined;
      return unwrap(mailgate.campaigns.send(campaignId, scheduled ? { scheduled_at: scheduled } : {}));
    },
    onSuccess: (sent) => {
      queryClient.setQueryData(['campaigns', 'get', campaignId], sent);
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'list'] });
      navigate(`/campaigns/${campaignId}`);
    },
  });
  const n = count.data?.count;
  const who = n === undefined ? 'its audience' : `${formatNumber(n)} ${n === 1 ? 'subscriber' : 'subscribers'}`;
  const validTime = when === 'now' || (at !== '' && !Number.isNaN(Date.parse(at)));
  const error = errorOf(send.error);
  return (
    <section className="editor-panel" aria-labelledby="send-heading">
      <h2 id="send-heading">Send</h2>
      <Choice
        label="When"
        value={when}
        onChange={setWhen}
        options={[
          ['now', 'Now'],
          ['later', 'At a time'],
        ]}
      />
      {when === 'later' && <TextField label="Send at" type="datetime-local" value={at} onChange={setAt} isRequired description="Your local time." />}
      {error && <ErrorMessage error={error} title="The campaign could not be sent." />}
      <div className="row-buttons">
        <ConfirmDialog
          title={when === 'now' ? `Send to ${who}?` : `Schedule for ${who}?`}
          trigger={
            <Button variant="primary" isDisabled={!validTime}>
              {when === 'now' ? 'Send now' : 'Schedule'}
            </Button>
          }
          message={
            when === 'now'
              ? `“${draft.name}” goes out now to ${who}, one personalized email each. This cannot be undone once sent.`
              : `“${draft.name}” goes out at ${at ? formatDateTime(at) : '…'} to ${who}; you can cancel it until then.`
          }
          confirmLabel={when === 'now' ? 'Send now' : 'Schedule'}
          danger={false}
          isPending={send.isPending}
          onConfirm={() => send.mutateAsync()}
        />
      </div>
    </section>
  );
}
