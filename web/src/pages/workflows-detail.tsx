import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
import {
  Badge,
  Button,
  ConfirmDialog,
  DateTime,
  EmptyState,
  ErrorMessage,
  PageHeader,
  PagedTable,
  type TableColumn,
  useCursorPages,
} from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { useCan } from '../session.tsx';
import {
  describeStep,
  describeTrigger,
  RUN_STATUS,
  type Step,
  type StepOutcome,
  stepOutcomes,
  type Workflow,
  WORKFLOW_STATUS,
  type WorkflowRun,
} from './workflows/describe.ts';
import './settings.css';
import './workflows/workflows.css';

const RUNS_PAGE_SIZE = 20;

/**
 * One workflow: its trigger and steps in words, whether it is active (a writer
 * pauses and resumes it, edits or deletes it), and its runs with where each
 * stands at every step.
 */
export default function WorkflowPage() {
  const { id = '' } = useParams();
  const canWrite = useCan('workflows', 'write');
  const navigate = useNavigate();
  const workflow = useQuery({ queryKey: ['workflows', 'one', id], queryFn: () => unwrap(mailgate.workflows.get(id)) });

  if (workflow.isPending) return <Loading label="Loading the workflow…" />;
  if (workflow.error || !workflow.data) {
    if (errorOf(workflow.error)?.statusCode === 404)
      return (
        <EmptyState
          title="Workflow not found"
          description="There is no workflow with this id in this organization."
          action={<Link to="/workflows">Back to the workflows</Link>}
        />
      );
    return (
      <>
        <PageHeader title="Workflow" />
        <ErrorMessage error={workflow.error} title="This workflow could not be loaded.">
          <Button onPress={() => workflow.refetch()}>Try again</Button>
        </ErrorMessage>
      </>
    );
  }
  const w = workflow.data;
  return (
    <>
      <p className="back-link">
        <Link to="/workflows">← Workflows</Link>
      </p>
      <PageHeader
        title={w.name}
        description={describeTrigger(w.trigger)}
        actions={
          canWrite && (
            <>
              <ToggleStatus workflow={w} />
              <Button onPress={() => navigate(`/workflows/${w.id}/edit`)}>Edit</Button>
              <DeleteWorkflow workflow={w} />
            </>
          )
        }
      />
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <Badge tone={WORKFLOW_STATUS[w.status].tone}>{WORKFLOW_STATUS[w.status].text}</Badge>{' '}
          {w.status === 'active' ? 'New triggers start runs.' : 'Paused: no new runs start, and runs in progress wait at their next step.'}
        </dd>
        <dt>Trigger</dt>
        <dd>{describeTrigger(w.trigger)}</dd>
        <dt>Runs</dt>
        <dd>
          {w.runs.total} in all: {w.runs.in_progress} in progress, {w.runs.completed} completed, {w.runs.failed} failed, {w.runs.cancelled} cancelled
        </dd>
        <dt>Created</dt>
        <dd>
          <DateTime value={w.created_at} />
        </dd>
        <dt>Updated</dt>
        <dd>
          <DateTime value={w.updated_at} />
        </dd>
      </dl>
      <section className="section" aria-labelledby="steps">
        <h2 id="steps">Steps</h2>
        <ol className="workflow-outline">
          {w.steps.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a step's place is its identity
            <li key={i}>{describeStep(step as Step)}</li>
          ))}
        </ol>
      </section>
      <Runs workflow={w} />
    </>
  );
}

/** Pause or resume: update_workflow with status paused or active. */
function ToggleStatus({ workflow }: { workflow: Workflow }) {
  const queryClient = useQueryClient();
  const next = workflow.status === 'active' ? 'paused' : 'active';
  const update = useMutation({
    mutationFn: () => unwrap(mailgate.workflows.update(workflow.id, { status: next })),
    onSuccess: (updated) => {
      queryClient.setQueryData(['workflows', 'one', workflow.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['workflows', 'list'] });
    },
  });
  return (
    <>
      <Button isPending={update.isPending} onPress={() => update.mutate()}>
        {next === 'paused' ? 'Disable' : 'Enable'}
      </Button>
      <ErrorMessage error={update.error} />
    </>
  );
}

function DeleteWorkflow({ workflow }: { workflow: Workflow }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => unwrap(mailgate.workflows.delete(workflow.id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['workflows', 'one', workflow.id] });
      void queryClient.invalidateQueries({ queryKey: ['workflows', 'list'] });
      navigate('/workflows');
    },
  });
  return (
    <ConfirmDialog
      title={`Delete “${workflow.name}”?`}
      trigger={<Button variant="danger">Delete</Button>}
      message={
        <>
          <p>No new runs start, and the runs in progress stop at their next step.</p>
          <ErrorMessage error={remove.error} />
        </>
      }
      confirmLabel="Delete workflow"
      isPending={remove.isPending}
      onConfirm={() => remove.mutateAsync()}
    />
  );
}

const OUTCOME_TEXT: Record<StepOutcome, string> = {
  done: 'done',
  waiting: 'waiting',
  at: 'next',
  failed: 'failed',
  cancelled: 'stopped here',
  'not reached': 'not reached',
};

/** Each step of a run with what became of it, in words. */
function RunSteps({ run, steps }: { run: WorkflowRun; steps: Workflow['steps'] }) {
  const outcomes = stepOutcomes(run, steps.length);
  return (
    <ol className="run-steps" aria-label="Steps">
      {steps.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a step's place is its identity
        <li key={i} className={outcomes[i] === 'not reached' ? 'run-step-later' : 'run-step-done'}>
          {i + 1}. {describeStep(step as Step)}: <strong>{OUTCOME_TEXT[outcomes[i]!]}</strong>
          {outcomes[i] === 'waiting' && run.wake_at && (
            <>
              {' '}
              until <DateTime value={run.wake_at} />
            </>
          )}
          {(outcomes[i] === 'failed' || outcomes[i] === 'cancelled') && run.last_error && <> ({run.last_error})</>}
        </li>
      ))}
    </ol>
  );
}

/** The runs, newest first: which subscriber, their status, and each step's outcome. Refreshed while any is under way. */
function Runs({ workflow }: { workflow: Workflow }) {
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const runs = useQuery({
    queryKey: ['workflows', 'runs', workflow.id, pages.after],
    queryFn: () => unwrap(mailgate.workflows.listRuns(workflow.id, { limit: RUNS_PAGE_SIZE, ...(pages.after ? { after: pages.after } : {}) })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.status === 'running') ? 2_000 : false),
  });
  const columns: TableColumn<WorkflowRun>[] = [
    { id: 'subscriber', title: 'Subscriber', isRowHeader: true, cell: (r) => <Link to={`/audience/${r.subscriber_id}`}>{r.subscriber_id}</Link> },
    {
      id: 'status',
      title: 'Status',
      cell: (r) => <Badge tone={RUN_STATUS[r.status].tone}>{RUN_STATUS[r.status].text}</Badge>,
    },
    { id: 'steps', title: 'Steps', cell: (r) => <RunSteps run={r} steps={workflow.steps} /> },
    { id: 'started', title: 'Started', cell: (r) => <DateTime value={r.created_at} /> },
    { id: 'updated', title: 'Last change', cell: (r) => <DateTime value={r.updated_at} /> },
  ];
  return (
    <section className="section" aria-labelledby="runs">
      <div className="section-header">
        <h2 id="runs">Runs</h2>
        <Button
          isPending={runs.isFetching}
          onPress={() => {
            void runs.refetch();
            // The counts on the workflow itself too, and the list's, which shows them.
            void queryClient.invalidateQueries({ queryKey: ['workflows', 'one', workflow.id] });
            void queryClient.invalidateQueries({ queryKey: ['workflows', 'list'] });
          }}
        >
          Refresh
        </Button>
      </div>
      <PagedTable
        query={runs}
        pages={pages}
        label="Runs"
        pagesLabel="Run pages"
        columns={columns}
        errorTitle="The runs could not be loaded."
        empty={<EmptyState level={3} title="No runs yet" description="A run starts for each subscriber the trigger fires for while the workflow is active." />}
      />
    </section>
  );
}
