import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { mailgate, unwrap } from '../api.ts';
import { Button, ConfirmDialog, CopyButton, DateTime, ErrorMessage, PageHeader } from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { useCan } from '../session.tsx';
import { DomainStatus, RecordStatus } from './domains/status.tsx';
import './settings.css';

type Domain = Awaited<ReturnType<typeof getDomain>>;
type DnsRecord = Domain['records'][number];

const getDomain = (id: string) => unwrap(mailgate.domains.get(id));

/** What each record is for, in a heading. */
const PURPOSE: Record<DnsRecord['purpose'], string> = {
  dkim: 'DKIM: the key mail is signed with',
  spf: 'SPF: who may send for the domain',
  dmarc: 'DMARC: what receivers do with mail that fails',
  return_path_mx: 'Return path MX: where bounces come back',
  return_path_spf: 'Return path SPF',
  receiving_mx: 'MX: mail for the domain comes here',
};

/** A record's short name, for its copy buttons ("Copy DKIM value"). */
const SHORT: Record<DnsRecord['purpose'], string> = {
  dkim: 'DKIM',
  spf: 'SPF',
  dmarc: 'DMARC',
  return_path_mx: 'return path MX',
  return_path_spf: 'return path SPF',
  receiving_mx: 'receiving MX',
};

/**
 * One sending domain: the DNS records to publish (each value with a copy
 * button), what the last check found for each, and, for an admin, "Verify now",
 * receiving on or off, and removing it.
 */
export default function DomainPage() {
  const { id = '' } = useParams();
  const canWrite = useCan('domains', 'write');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const domain = useQuery({ queryKey: ['domains', 'one', id], queryFn: () => getDomain(id) });
  const keep = (updated: Domain) => {
    queryClient.setQueryData(['domains', 'one', id], updated);
    void queryClient.invalidateQueries({ queryKey: ['domains', 'list'] });
  };
  const verify = useMutation({ mutationFn: () => unwrap(mailgate.domains.verify(id)), onSuccess: keep });
  const receiving = useMutation({ mutationFn: (on: boolean) => unwrap(mailgate.domains.update(id, { receiving: on })), onSuccess: keep });
  const remove = useMutation({
    mutationFn: () => unwrap(mailgate.domains.delete(id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['domains', 'one', id] });
      void queryClient.invalidateQueries({ queryKey: ['domains', 'list'] });
      navigate('/domains');
    },
  });

  if (domain.isPending) return <Loading />;
  if (domain.error || !domain.data)
    return (
      <>
        <PageHeader title="Domain" />
        <ErrorMessage error={domain.error} title="This domain could not be loaded.">
          <p>
            <Link to="/domains">Back to the domains</Link>
          </p>
        </ErrorMessage>
      </>
    );
  const d = domain.data;
  const required = d.records.filter((r) => r.required);
  const recommended = d.records.filter((r) => !r.required);

  return (
    <>
      <p>
        <Link to="/domains">Domains</Link>
      </p>
      <PageHeader
        title={d.name}
        description="Publish these records at your DNS provider, then verify. The required ones verify the domain; the recommended ones improve delivery."
        actions={
          canWrite && (
            <>
              <Button variant="primary" isPending={verify.isPending} onPress={() => verify.mutate()}>
                Verify now
              </Button>
              <ConfirmDialog
                title={`Remove ${d.name}?`}
                trigger={<Button variant="danger">Remove domain</Button>}
                message={
                  <>
                    <p>Its DKIM key is deleted: mail from it is no longer signed. Adding it again makes a new key, with new records to publish.</p>
                    <ErrorMessage error={remove.error} />
                  </>
                }
                confirmLabel="Remove domain"
                isPending={remove.isPending}
                onConfirm={() => remove.mutateAsync()}
              />
            </>
          )
        }
      />
      <ErrorMessage error={verify.error} title="The check could not be made." />
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <DomainStatus status={d.status} />
        </dd>
        <dt>Last checked</dt>
        <dd>
          <DateTime value={d.checked_at} fallback="Not yet" />
        </dd>
        <dt>Verified since</dt>
        <dd>
          <DateTime value={d.verified_at} fallback="Not yet" />
        </dd>
      </dl>
      <div role="status" className="visually-hidden">
        {verify.isSuccess ? `Checked: the domain is ${d.status === 'verified' ? 'verified' : 'not verified'}.` : ''}
      </div>

      <section className="section" aria-labelledby="required-records">
        <h2 id="required-records">Required records</h2>
        <Records records={required} />
      </section>
      {recommended.length > 0 && (
        <section className="section" aria-labelledby="recommended-records">
          <h2 id="recommended-records">Recommended records</h2>
          <Records records={recommended} />
        </section>
      )}

      <section className="section" aria-labelledby="receiving">
        <h2 id="receiving">Receiving mail</h2>
        <p>
          {d.receiving
            ? 'On: mail to any address at this domain arrives here, while the domain stays verified. Publish its MX record above.'
            : 'Off: mail to addresses at this domain is not received here.'}
        </p>
        <ErrorMessage error={receiving.error} />
        {canWrite && (
          <Button isPending={receiving.isPending} onPress={() => receiving.mutate(!d.receiving)}>
            {d.receiving ? 'Turn receiving off' : 'Turn receiving on'}
          </Button>
        )}
      </section>
    </>
  );
}

function Records({ records }: { records: readonly DnsRecord[] }) {
  return (
    <ul className="record-list">
      {records.map((record) => (
        <li key={record.purpose} className="record">
          <h3>
            {PURPOSE[record.purpose]} <RecordStatus status={record.status} />
          </h3>
          <dl className="facts">
            <dt>Type</dt>
            <dd>{record.type}</dd>
            <dt>Name</dt>
            <dd className="copy-row">
              <code className="copy-value">{record.name}</code>
              <CopyButton value={record.name} label={`Copy ${SHORT[record.purpose]} name`} />
            </dd>
            <dt>Value</dt>
            <dd className="copy-row">
              <code className="copy-value">{record.value}</code>
              <CopyButton value={record.value} label={`Copy ${SHORT[record.purpose]} value`} />
            </dd>
            {record.status !== 'pending' && (
              <>
                <dt>In DNS at the last check</dt>
                <dd>
                  {record.found.length > 0
                    ? [...new Set(record.found)].map((value) => (
                        <code key={value} className="copy-value">
                          {value}
                        </code>
                      ))
                    : 'Nothing'}
                </dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
