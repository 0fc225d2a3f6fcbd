import type { ListItemOf } from '@mailgate/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
import {
  Button,
  DateTime,
  Dialog,
  EmptyState,
  ErrorMessage,
  fieldErrors,
  FormActions,
  PageHeader,
  PagesOf,
  Table,
  type TableColumn,
  TextField,
  useCursorPages,
} from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { useCan } from '../session.tsx';
import { DomainStatus } from './domains/status.tsx';
import './settings.css';

type Domain = ListItemOf<'list_domains'>;

const PAGE_SIZE = 25;
const listDomains = (after: string | undefined) => unwrap(mailgate.domains.list({ limit: PAGE_SIZE, ...(after ? { after } : {}) }));

/** The sending domains: each one's status, and a link to its DNS records. An admin adds one. */
export default function DomainsPage() {
  const canWrite = useCan('domains', 'write');
  const pages = useCursorPages();
  const domains = useQuery({ queryKey: ['domains', 'list', pages.after], queryFn: () => listDomains(pages.after) });

  const columns: TableColumn<Domain>[] = [
    { id: 'name', title: 'Domain', isRowHeader: true, cell: (d) => <Link to={`/domains/${d.id}`}>{d.name}</Link> },
    { id: 'status', title: 'Status', cell: (d) => <DomainStatus status={d.status} /> },
    { id: 'receiving', title: 'Receiving', cell: (d) => (d.receiving ? 'On' : 'Off') },
    { id: 'checked', title: 'Last checked', cell: (d) => <DateTime value={d.checked_at} fallback="Not yet" /> },
    { id: 'created', title: 'Added', cell: (d) => <DateTime value={d.created_at} /> },
  ];

  return (
    <>
      <PageHeader
        title="Domains"
        description="The domains this organization sends from, and the DNS records that verify them."
        actions={canWrite && <AddDomain />}
      />
      {domains.isPending && <Loading />}
      <ErrorMessage error={domains.error} title="The domains could not be loaded." />
      {domains.data && (
        <>
          <Table
            label="Domains"
            columns={columns}
            rows={domains.data.data}
            empty={
              <EmptyState
                level={3}
                title="No domains yet"
                description="Add the domain you send from, publish its DNS records, and its mail is signed and trusted."
              />
            }
          />
          <PagesOf label="Domain pages" pages={pages} page={domains.data} isPending={domains.isFetching} />
        </>
      )}
    </>
  );
}

/** "Add domain": its name; then its page, with the records to publish. */
function AddDomain() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => unwrap(mailgate.domains.create({ name })),
    onSuccess: (domain) => {
      queryClient.setQueryData(['domains', 'one', domain.id], domain);
      void queryClient.invalidateQueries({ queryKey: ['domains', 'list'] });
      navigate(`/domains/${domain.id}`);
    },
  });
  const e = errorOf(create.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  return (
    <Dialog title="Add a domain" trigger={<Button variant="primary">Add domain</Button>}>
      {(close) => (
        <Form onSubmit={submit} className="form" validationErrors={fieldErrors(e)}>
          {e && e.name !== 'validation_error' && <ErrorMessage error={e} />}
          <TextField
            label="Domain name"
            name="name"
            description="The part after @ in the addresses you send from, e.g. example.com."
            value={name}
            onChange={setName}
            isRequired
            autoFocus
          />
          <FormActions onCancel={close} submit="Add domain" isPending={create.isPending} />
        </Form>
      )}
    </Dialog>
  );
}
