import type { BodyOf } from '@mailgate/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { mailgate, unwrap } from '../api.ts';
import { Button, ErrorMessage, PageHeader } from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { WorkflowForm, type WorkflowFields } from './workflows/WorkflowForm.tsx';
import './settings.css';
import './workflows/workflows.css';

/** The form's fields as the API's body (a send step is a send body: the SDK's type names only its type). */
const bodyOf = (fields: WorkflowFields) => fields as unknown as BodyOf<'create_workflow'>;

/** /workflows/new and /workflows/:id/edit: the same form over create_workflow and update_workflow. */
export default function WorkflowEditPage() {
  const { id } = useParams();
  return id ? <EditWorkflow id={id} /> : <NewWorkflow />;
}

function NewWorkflow() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (fields: WorkflowFields) => unwrap(mailgate.workflows.create(bodyOf(fields))),
    onSuccess: (created) => {
      queryClient.setQueryData(['workflows', 'one', created.id], created);
      void queryClient.invalidateQueries({ queryKey: ['workflows', 'list'] });
      navigate(`/workflows/${created.id}`);
    },
  });
  return (
    <>
      <p className="back-link">
        <Link to="/workflows">← Workflows</Link>
      </p>
      <PageHeader title="New workflow" description="It starts active: runs begin for triggers that happen after it is saved." />
      <WorkflowForm
        initial={null}
        submitLabel="Create workflow"
        isPending={create.isPending}
        error={create.error}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={() => navigate('/workflows')}
      />
    </>
  );
}

function EditWorkflow({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const workflow = useQuery({ queryKey: ['workflows', 'one', id], queryFn: () => unwrap(mailgate.workflows.get(id)) });
  const update = useMutation({
    mutationFn: (fields: WorkflowFields) => unwrap(mailgate.workflows.update(id, bodyOf(fields) as BodyOf<'update_workflow'>)),
    onSuccess: (updated) => {
      queryClient.setQueryData(['workflows', 'one', id], updated);
      void queryClient.invalidateQueries({ queryKey: ['workflows', 'list'] });
      navigate(`/workflows/${id}`);
    },
  });
  if (workflow.isPending) return <Loading label="Loading the workflow…" />;
  if (workflow.error || !workflow.data)
    return (
      <>
        <PageHeader title="Edit workflow" />
        <ErrorMessage error={workflow.error} title="This workflow could not be loaded.">
          <Button onPress={() => workflow.refetch()}>Try again</Button>
        </ErrorMessage>
      </>
    );
  return (
    <>
      <p className="back-link">
        <Link to={`/workflows/${id}`}>← {workflow.data.name}</Link>
      </p>
      <PageHeader title="Edit workflow" description="New steps apply to runs in progress when they reach them." />
      <WorkflowForm
        initial={workflow.data}
        submitLabel="Save workflow"
        isPending={update.isPending}
        error={update.error}
        onSubmit={(fields) => update.mutate(fields)}
        onCancel={() => navigate(`/workflows/${id}`)}
      />
    </>
  );
}
