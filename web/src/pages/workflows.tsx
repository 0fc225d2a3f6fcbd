import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { mailgate, unwrap } from '../api.ts';
import { Badge, Button, DateTime, EmptyState, PageHeader, PagedTable, type TableColumn, useCursorPages } from '../components/index.ts';
import { useCan } from '../session.tsx';
import { describeRuns, describeTrigger, type Workflow, WORKFLOW_STATUS } from './workflows/describe.ts';
import './settings.css';
import './workflows/workflows.css';

const PAGE_SIZE = 25;
const listWorkflows = (after: string | undefined) => unwrap(mailgate.workflows.list({ limit: PAGE_SIZE, ...(after ? { after } : {}) }));

/** The organization's workflows: what starts each, whether it is on, its steps; a writer starts a new one. */
export default function WorkflowsPage() {
  const canWrite = useCan('workflows', 'write');
  const navigate = useNavigate();
  const pages = useCursorPages();
  const workflows = useQuery({ queryKey: ['workflows', 'list', pages.after], queryFn: () => listWorkflows(pages.after), placeholderData: keepPreviousData });

  const columns: TableColumn<Workflow>[] = [
    { id: 'name', title: 'Name', isRowHeader: true, cell: (w) => <Link to={`/workflows/${w.id}`}>{w.name}</Link> },
    { id: 'trigger', title: 'Trigger', cell: (w) => describeTrigger(w.trigger) },
    { id: 'steps', title: 'Steps', cell: (w) => String(w.steps.length) },
    { id: 'status', title: 'Status', cell: (w) => <Badge tone={WORKFLOW_STATUS[w.status].tone}>{WORKFLOW_STATUS[w.status].text}</Badge> },
    { id: 'runs', title: 'Runs', cell: (w) => describeRuns(w.runs) },
    { id: 'updated', title: 'Updated', cell: (w) => <DateTime value={w.updated_at} /> },
  ];

  return (
    <>
      <PageHeader
        title="Workflows"
        description="Automations: when a subscriber is created, gets a tag or does something your application records, Mailgate runs the steps for them (send, wait, tag)."
        actions={
          canWrite && (
            <Button variant="primary" onPress={() => navigate('/workflows/new')}>
              New workflow
            </Button>
          )
        }
      />
      <PagedTable
        query={workflows}
        pages={pages}
        label="Workflows"
        pagesLabel="Workflow pages"
        columns={columns}
        errorTitle="The workflows could not be loaded."
        empty={
          <EmptyState
            level={3}
            title="No workflows"
            description="A workflow sends a welcome series, a follow-up after a purchase, or tags people as they act."
          />
        }
      />
    </>
  );
}
