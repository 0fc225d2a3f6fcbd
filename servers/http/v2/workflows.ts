import type { FastifyInstance } from 'fastify';
import { parseBody, workflowCreateSchema, workflowUpdateSchema, type Core } from '../../../src/index.ts';
import { authOf } from '../auth.ts';

type WorkflowParams = { Params: { id: string } };

/** v2 workflows (no v1 counterpart): CRUD, and the runs of one workflow. */
export async function workflowRoutesV2(app: FastifyInstance, core: Core): Promise<void> {
  const workflows = core.workflows;

  app.post('/workflows', async (request, reply) => {
    const workflow = await workflows.create(authOf(request), parseBody(workflowCreateSchema, request.body));
    return reply.code(201).send(workflow);
  });
  app.get('/workflows', async (request) => workflows.list(authOf(request), request.query as Record<string, unknown>));
  app.get<WorkflowParams>('/workflows/:id', async (request) => workflows.get(authOf(request), request.params.id));
  app.patch<WorkflowParams>('/workflows/:id', async (request) =>
    workflows.update(authOf(request), request.params.id, parseBody(workflowUpdateSchema, request.body)),
  );
  app.delete<WorkflowParams>('/workflows/:id', async (request) => workflows.remove(authOf(request), request.params.id));
  app.get<WorkflowParams>('/workflows/:id/runs', async (request) =>
    workflows.listRuns(authOf(request), request.params.id, request.query as Record<string, unknown>),
  );
}
