import type { ListItemOf } from '@mailgate/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link } from 'react-router';
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
  PagedTable,
  type TableColumn,
  TextField,
  useCursorPages,
} from '../components/index.ts';
import { useCan } from '../session.tsx';
import { audienceSearchOf, NO_AUDIENCE_FILTERS } from './audience/filters.ts';
import './settings.css';
import { formatNumber } from '../intl.ts';

type TagRecord = ListItemOf<'list_tags'>;

const PAGE_SIZE = 50;

/** The organization's tags, newest first, with how many subscribers each has; each opens the audience filtered by it. */
export default function TagsPage() {
  const canWrite = useCan('tags', 'write');
  const pages = useCursorPages();
  const tags = useQuery({
    queryKey: ['tags', 'list', pages.after],
    queryFn: ({ signal }) => unwrap(mailgate.tags.list({ limit: PAGE_SIZE, ...(pages.after ? { after: pages.after } : {}) }, { signal })),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumn<TagRecord>[] = [
    {
      id: 'name',
      title: 'Tag',
      isRowHeader: true,
      cell: (tag) => <Link to={`/audience?${audienceSearchOf({ ...NO_AUDIENCE_FILTERS, tag: tag.name }).toString()}`}>{tag.name}</Link>,
    },
    { id: 'count', title: 'Subscribers', cell: (tag) => formatNumber(tag.subscriber_count) },
    { id: 'created', title: 'Created', cell: (tag) => <DateTime value={tag.created_at} /> },
  ];
  return (
    <>
      <p>
        <Link to="/audience">Audience</Link>
      </p>
      <PageHeader
        title="Tags"
        description="Labels on subscribers, for choosing a campaign's audience and starting workflows. Adding a tag to someone creates it too."
        actions={canWrite && <CreateTag />}
      />
      <PagedTable
        query={tags}
        pages={pages}
        label="Tags"
        pagesLabel="Tag pages"
        columns={columns}
        loadingLabel="Loading the tags…"
        errorTitle="The tags could not be loaded."
        empty={<EmptyState level={3} title="No tags yet" description="Create one here, or add one to a subscriber." />}
      />
    </>
  );
}

/** "Create tag": a name (create_tag); a name in use is refused by the API, shown at the field. */
function CreateTag() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => unwrap(mailgate.tags.create({ name: name.trim() })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['tags'] });
      openChange(false);
    },
  });
  const e = errorOf(create.error);
  const errors = e?.name === 'conflict' ? { name: e.message } : fieldErrors(e);
  function openChange(isOpen: boolean) {
    setOpen(isOpen);
    if (!isOpen) {
      create.reset();
      setName('');
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  return (
    <Dialog title="Create a tag" isOpen={open} onOpenChange={openChange} trigger={<Button variant="primary">Create tag</Button>}>
      {(close) => (
        <Form onSubmit={submit} className="form" validationErrors={errors}>
          {e && e.name !== 'validation_error' && e.name !== 'conflict' && <ErrorMessage error={e} />}
          <TextField label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />
          <FormActions onCancel={close} submit="Create tag" isPending={create.isPending} />
        </Form>
      )}
    </Dialog>
  );
}
