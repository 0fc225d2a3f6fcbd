import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
import { Button, EmptyState, ErrorMessage, PageHeader, usePageTitle } from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { EventTimeline } from './emails/EventTimeline.tsx';
import { formatDateTime } from '../intl.ts';
import { RawMessage } from './emails/RawMessage.tsx';
import { StatusBadge } from './emails/StatusBadge.tsx';
import './emails/emails.css';

/** The log's address to go back to: with the filters it was opened from. */
function useBackLink(): string {
  const state = useLocation().state as { search?: unknown } | null;
  return typeof state?.search === 'string' && state.search ? `/emails?${state.search}` : '/emails';
}

/**
 * One email: who it went from and to, where it stands, every event with its
 * detail, its HTML (in a sandboxed frame, where no script runs and nothing of
 * this page is reachable), its text, and the message as it went out.
 */
export default function EmailDetailPage() {
  const { id = '' } = useParams();
  const back = useBackLink();
  const email = useQuery({
    queryKey: ['emails', 'get', id],
    queryFn: ({ signal }) => unwrap(mailgate.emails.get(id, { signal })),
  });
  usePageTitle(email.data ? email.data.subject || '(no subject)' : 'Email');

  if (email.isPending) return <Loading label="Loading the email…" />;
  if (email.isError) {
    if (errorOf(email.error)?.statusCode === 404)
      return (
        <EmptyState
          title="Email not found"
          description="There is no email with this id in this organization."
          action={<Link to={back}>Back to the emails</Link>}
        />
      );
    return (
      <ErrorMessage error={email.error} title="The email could not be loaded.">
        <Button onPress={() => email.refetch()}>Try again</Button>
      </ErrorMessage>
    );
  }
  const data = email.data;
  return (
    <>
      <p className="back-link">
        <Link to={back}>← Emails</Link>
      </p>
      <PageHeader title={data.subject || '(no subject)'} />
      <dl className="email-facts">
        <div>
          <dt>From</dt>
          <dd>{data.from}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{data.to.join(', ')}</dd>
        </div>
        {data.reply_to && (
          <div>
            <dt>Reply to</dt>
            <dd>{data.reply_to}</dd>
          </div>
        )}
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={data.last_event} />
          </dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>
            <time dateTime={data.created_at}>{formatDateTime(data.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Id</dt>
          <dd className="mono">{data.id}</dd>
        </div>
        <div>
          <dt>Message-ID</dt>
          <dd className="mono">{data.message_id}</dd>
        </div>
        {data.tags.length > 0 && (
          <div>
            <dt>Tags</dt>
            <dd>
              <ul className="email-tags" aria-label="Tags">
                {data.tags.map((t) => (
                  <li key={t.name} className="mono">
                    {t.name}: {t.value}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      <section aria-labelledby="events-heading" className="email-section">
        <h2 id="events-heading">Events</h2>
        <EventTimeline events={data.events} />
      </section>
      <section aria-labelledby="html-heading" className="email-section">
        <h2 id="html-heading">HTML</h2>
        <iframe sandbox="" srcDoc={data.html} title="The email's HTML part" className="email-html" referrerPolicy="no-referrer" />
      </section>
      <section aria-labelledby="text-heading" className="email-section">
        <h2 id="text-heading">Text</h2>
        {data.text ? <pre className="email-text">{data.text}</pre> : <p>This email has no text part.</p>}
      </section>
      <section aria-labelledby="headers-heading" className="email-section">
        <h2 id="headers-heading">Headers</h2>
        <RawMessage id={data.id} />
      </section>
    </>
  );
}
