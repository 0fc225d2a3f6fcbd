import type { DataOf } from '@mailgate/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useParams } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
import { Badge, type BadgeLook, Button, DateTime, EmptyState, ErrorMessage, fieldErrors, PageHeader, TextAreaField, TextField } from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { useCan } from '../session.tsx';
import { receivedListQuery } from './inbox/received-query.ts';
import { displayName, INBOX_PAGE_SIZE, threadsOf } from './inbox/threads.ts';
import './settings.css';
import './inbox/inbox.css';

type ReceivedEmail = DataOf<'get_received_email'>;
type Authentication = ReceivedEmail['authentication'];
type Result = Authentication['spf']['result'];

const RESULT: Readonly<Record<Result, BadgeLook>> = {
  pass: { text: 'Pass', tone: 'good' },
  fail: { text: 'Fail', tone: 'bad' },
  softfail: { text: 'Soft fail', tone: 'bad' },
  neutral: { text: 'Neutral', tone: 'neutral' },
  none: { text: 'None', tone: 'neutral' },
  temperror: { text: 'Temporary error', tone: 'neutral' },
  permerror: { text: 'Permanent error', tone: 'bad' },
  policy: { text: 'Policy', tone: 'neutral' },
};

function ResultBadge({ result }: { result: Result }) {
  return <Badge tone={RESULT[result].tone}>{RESULT[result].text}</Badge>;
}

/** What each check found, in words: the result, and what it was about. */
function AuthenticationResults({ authentication: a }: { authentication: Authentication }) {
  const rows: { name: string; result: Result; detail: string }[] = [
    {
      name: 'SPF',
      result: a.spf.result,
      detail: a.spf.domain
        ? `${a.spf.result === 'pass' ? 'The sending server is allowed to send for' : 'Checked whether the sending server may send for'} ${a.spf.domain} (the envelope sender's domain).`
        : 'No envelope sender domain to check.',
    },
    {
      name: 'DKIM',
      result: a.dkim.result,
      detail:
        a.dkim.signatures.length === 0
          ? 'The message carries no DKIM signature.'
          : a.dkim.signatures.map((s) => `${s.domain}${s.selector ? ` (selector ${s.selector})` : ''}: ${RESULT[s.result].text.toLowerCase()}`).join('; '),
    },
    {
      name: 'DMARC',
      result: a.dmarc.result,
      detail: a.dmarc.domain
        ? `The From domain ${a.dmarc.domain} ${a.dmarc.policy ? `publishes the policy “${a.dmarc.policy}”` : 'publishes no DMARC policy'}.`
        : 'No From domain to check.',
    },
    {
      name: 'ARC',
      result: a.arc.result,
      detail: a.arc.result === 'none' ? 'No forwarding seals (the message came directly).' : 'The seals forwarders added along the way.',
    },
  ];
  return (
    <dl className="auth-results">
      {rows.map((row) => (
        <div key={row.name} className="auth-row">
          <dt>{row.name}</dt>
          <dd>
            <ResultBadge result={row.result} />
          </dd>
          <dd className="auth-detail">{row.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

const KIB = 1024;
function formatSize(bytes: number): string {
  if (bytes < KIB) return `${bytes} bytes`;
  if (bytes < KIB * KIB) return `${(bytes / KIB).toFixed(1)} KB`;
  return `${(bytes / KIB / KIB).toFixed(1)} MB`;
}

const base = (id: string) => `/api/v2/received-emails/${encodeURIComponent(id)}`;

/**
 * One received message: who it is from and to, what checking the sender found
 * (SPF, DKIM, DMARC, ARC in words), its text and HTML (in a sandboxed frame),
 * its attachments and the raw message to download, the other messages of its
 * thread, and a reply that goes out in the same conversation (send_email with in_reply_to).
 */
export default function ReceivedEmailPage() {
  const { id = '' } = useParams();
  const canReply = useCan('emails', 'write');
  const email = useQuery({ queryKey: ['received', 'one', id], queryFn: ({ signal }) => unwrap(mailgate.receivedEmails.get(id, { signal })) });

  if (email.isPending) return <Loading label="Loading the message…" />;
  if (email.isError) {
    if (errorOf(email.error)?.statusCode === 404)
      return (
        <EmptyState
          title="Message not found"
          description="There is no received message with this id in this organization (received mail is kept for a limited time)."
          action={<Link to="/inbox">Back to the inbox</Link>}
        />
      );
    return (
      <ErrorMessage error={email.error} title="The message could not be loaded.">
        <Button onPress={() => email.refetch()}>Try again</Button>
      </ErrorMessage>
    );
  }
  const m = email.data;
  const files = m.attachments;
  return (
    <>
      <p className="back-link">
        <Link to="/inbox">← Inbox</Link>
      </p>
      <PageHeader title={m.subject || '(no subject)'} />
      <dl className="facts">
        <dt>From</dt>
        <dd>{m.from ?? '(none)'}</dd>
        <dt>To</dt>
        <dd>{m.to.join(', ') || '(none)'}</dd>
        {m.cc.length > 0 && (
          <>
            <dt>Cc</dt>
            <dd>{m.cc.join(', ')}</dd>
          </>
        )}
        {m.reply_to.length > 0 && (
          <>
            <dt>Reply to</dt>
            <dd>{m.reply_to.join(', ')}</dd>
          </>
        )}
        <dt>Delivered to</dt>
        <dd>{m.recipients.join(', ')}</dd>
        <dt>Date</dt>
        <dd>
          <DateTime value={m.date} fallback="(none or unreadable)" />
        </dd>
        <dt>Received</dt>
        <dd>
          <DateTime value={m.created_at} />
        </dd>
      </dl>
      <section className="section" aria-labelledby="authentication">
        <h2 id="authentication">Sender checks</h2>
        <AuthenticationResults authentication={m.authentication} />
      </section>
      <section className="section" aria-labelledby="text">
        <h2 id="text">Text</h2>
        {m.text ? <pre className="received-text">{m.text}</pre> : <p>This message has no text part.</p>}
      </section>
      {m.html && (
        <section className="section" aria-labelledby="html">
          <h2 id="html">HTML</h2>
          <iframe sandbox="" srcDoc={m.html} title="The message's HTML part" className="received-html" referrerPolicy="no-referrer" />
        </section>
      )}
      <section className="section" aria-labelledby="attachments">
        <h2 id="attachments">Attachments</h2>
        {files.length === 0 ? (
          <p>No attachments.</p>
        ) : (
          <ul className="attachment-list">
            {files.map((a) => (
              <li key={a.id}>
                <a href={`${base(m.id)}/attachments/${encodeURIComponent(a.id)}`} download={a.filename ?? a.id}>
                  {a.filename ?? `Unnamed ${a.disposition === 'inline' ? 'inline part' : 'attachment'}`}
                </a>{' '}
                ({a.content_type}, {formatSize(a.size)})
              </li>
            ))}
          </ul>
        )}
        <p>
          <a href={`${base(m.id)}/raw`} download={`${m.id}.eml`}>
            Download the raw message (.eml, {formatSize(m.size)})
          </a>
        </p>
      </section>
      <Thread email={m} />
      {canReply && <Reply email={m} />}
    </>
  );
}

/** The other messages of this one's thread, among the latest received. */
function Thread({ email }: { email: ReceivedEmail }) {
  const recent = useQuery(receivedListQuery('', undefined));
  const listed = recent.data?.data ?? [];
  const thread = threadsOf(listed.some((r) => r.id === email.id) ? listed : [email, ...listed]).find((t) => t.messages.some((r) => r.id === email.id));
  const others = thread?.messages.filter((r) => r.id !== email.id) ?? [];
  return (
    <section className="section" aria-labelledby="thread">
      <h2 id="thread">In this conversation</h2>
      <ErrorMessage error={recent.error} title="The conversation could not be loaded." />
      {recent.data &&
        (others.length === 0 ? (
          <p>No other message among the latest {INBOX_PAGE_SIZE} received belongs to this conversation.</p>
        ) : (
          <ul className="thread-list">
            {others.map((r) => (
              <li key={r.id}>
                <Link to={`/inbox/${r.id}`}>{r.subject || '(no subject)'}</Link> from {displayName(r.from)}, <DateTime value={r.created_at} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

const reSubject = (subject: string | null) => (/^re\s*:/i.test(subject ?? '') ? (subject ?? '') : `Re: ${subject ?? ''}`.trim());

/** Answer in the same conversation: send_email with in_reply_to, from the address the message came to. */
function Reply({ email }: { email: ReceivedEmail }) {
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(email.recipients[0] ?? '');
  const [to, setTo] = useState(email.reply_to[0] ?? email.from ?? '');
  const [subject, setSubject] = useState(reSubject(email.subject));
  const [body, setBody] = useState('');
  const send = useMutation({
    mutationFn: () =>
      unwrap(
        mailgate.emails.send({
          from: from.trim(),
          to: to.trim(),
          // Left empty, the API makes it "Re: " and the received subject.
          ...(subject.trim() ? { subject } : {}),
          markdown: body,
          in_reply_to: email.id,
        }),
      ),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: ['emails'] });
    },
  });
  const e = errorOf(send.error);
  const errors = fieldErrors(e);
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }
  return (
    <section className="section" aria-labelledby="reply">
      <h2 id="reply">Reply</h2>
      <Form onSubmit={submit} className="form reply-form" validationErrors={errors}>
        {e && (e.name !== 'validation_error' || errors['']) && <ErrorMessage error={e} title="The reply could not be sent." />}
        <TextField
          label="From"
          name="from"
          description="An address at the domain the message came to."
          value={from}
          onChange={setFrom}
          errorMessage={errors.from}
          isRequired
        />
        <TextField label="To" name="to" value={to} onChange={setTo} errorMessage={errors.to} isRequired />
        <TextField
          label="Subject"
          name="subject"
          description="Left empty: “Re: ” and the received subject."
          value={subject}
          onChange={setSubject}
          errorMessage={errors.subject}
        />
        <TextAreaField label="Message" description="Markdown." value={body} onChange={setBody} errorMessage={errors.markdown ?? errors['']} isRequired />
        <div className="form-actions">
          <Button type="submit" variant="primary" isPending={send.isPending}>
            Send reply
          </Button>
        </div>
        <div role="status">
          {send.data && (
            <p>
              Reply sent: <Link to={`/emails/${send.data.id}`}>see it in the emails</Link>.
            </p>
          )}
        </div>
      </Form>
    </section>
  );
}
