import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  describeTool,
  invokeOperation,
  assertJsonObject,
  parseBody,
  OPERATIONS,
  permissionAllows,
  type Core,
  type Operation,
} from '../../src/index.ts';
import { authOf } from './auth.ts';
import { describeRoute } from './route-schema.ts';

/**
 * The tools over REST: every operation, described as MCP describes it
 * (describeTool), and run by name with its input as the body. v2 at
 * /api/v2/tools; the frozen v1 admin form at /api/v1/admin/tools.
 */
const toolSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()).describe('JSON Schema (2020-12) of the input.'),
  output_schema: z.record(z.string(), z.unknown()).describe('JSON Schema (2020-12) of the answer.'),
  annotations: z.object({ readOnlyHint: z.boolean(), destructiveHint: z.boolean(), idempotentHint: z.boolean(), openWorldHint: z.boolean() }),
});
const toolParams = z.object({ name: z.string().describe('The tool: an operation name such as send_email.') });
const anyInput = z.record(z.string(), z.unknown()).describe("The tool's input, as its input_schema describes it.");

const runV1Body = z.strictObject({ name: z.string().describe('The tool to run.'), input: anyInput.optional() });

const BY_NAME = new Map(OPERATIONS.map((o) => [o.name, o]));

function toolNamed(name: string): Operation {
  const operation = BY_NAME.get(name);
  if (!operation) throw new AppError('not_found', `No tool named ${name}`);
  return operation;
}

/** The tools this request's token may run, as MCP's tools/list shows them to it (the permission table's: a read-only token sees the read-only tools). */
function toolsFor(request: FastifyRequest, described: readonly { operation: Operation; tool: ReturnType<typeof describeTool> }[]) {
  const caller = authOf(request);
  return described.filter(({ operation }) => permissionAllows(caller, operation)).map(({ tool }) => tool);
}

/** A tool's input from a body: a JSON object, or nothing (a tool with no required input). */
function inputOf(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  assertJsonObject(body);
  return body;
}

export async function toolRoutesV2(app: FastifyInstance, core: Core): Promise<void> {
  const tools = OPERATIONS.map((operation) => ({ operation, tool: describeTool(operation) }));

  const list = describeRoute({
    operationId: 'list_tools',
    summary: 'List the tools',
    description:
      'Every operation of this API as a tool, described as the MCP server at /mcp and `mailgate tools list` describe it: name, title, description, JSON Schemas of input and output, and behaviour hints. A read-only token sees the read-only tools only, as on /mcp.',
    tags: ['tools'],
    version: 'v2',
    response: { 200: z.object({ object: z.literal('list'), data: z.array(toolSchema), has_more: z.boolean() }) },
  });
  app.get('/tools', list, async (request) => ({ object: 'list' as const, data: toolsFor(request, tools), has_more: false }));

  const get = describeRoute({
    operationId: 'get_tool',
    summary: 'Get one tool',
    description: 'One tool by name, as GET /api/v2/tools lists it.',
    tags: ['tools'],
    version: 'v2',
    params: toolParams,
    errors: ['not_found'],
    response: { 200: toolSchema },
  });
  app.get<{ Params: { name: string } }>('/tools/:name', get, async (request) => describeTool(toolNamed(request.params.name)));

  const run = describeRoute({
    operationId: 'run_tool',
    summary: 'Run a tool',
    description:
      "Runs one tool with the body as its input and answers {data: <the tool's answer>}; a refusal is the v2 error with the status the tool's own REST route would give. Costs what the tool costs.",
    tags: ['tools'],
    version: 'v2',
    params: toolParams,
    body: anyInput,
    errors: ['not_found', 'conflict', 'idempotency_conflict', 'recipient_rate_limited'],
    response: { 200: z.object({ data: z.unknown() }) },
    access: 'operation',
  });
  app.post<{ Params: { name: string } }>('/tools/:name', run, async (request) => {
    const operation = toolNamed(request.params.name);
    const { value } = await invokeOperation(operation, { services: core, scope: authOf(request), door: 'rest' }, inputOf(request.body));
    return { data: value };
  });
}

export async function toolRoutesV1(app: FastifyInstance, core: Core): Promise<void> {
  const tools = OPERATIONS.map((operation) => ({ operation, tool: describeTool(operation) }));
  const list = describeRoute({
    operationId: 'v1_list_tools',
    summary: 'List the tools (v1, frozen)',
    description: 'The v1 admin form of GET /api/v2/tools: {success: true, tools}.',
    tags: ['v1'],
    version: 'v1',
    response: { 200: z.object({ success: z.literal(true), tools: z.array(toolSchema) }) },
  });
  app.get('/admin/tools', list, async (request) => ({ success: true as const, tools: toolsFor(request, tools) }));

  const run = describeRoute({
    operationId: 'v1_run_tool',
    summary: 'Run a tool (v1, frozen)',
    description: 'The v1 admin form of POST /api/v2/tools/{name}: the body names the tool and gives its input; answers {success: true, data}.',
    tags: ['v1'],
    version: 'v1',
    body: runV1Body,
    errors: ['not_found', 'conflict', 'idempotency_conflict', 'recipient_rate_limited'],
    response: { 200: z.object({ success: z.literal(true), data: z.unknown() }) },
    access: 'operation',
  });
  app.post('/admin/tools', run, async (request) => {
    const { name, input } = parseBody(runV1Body, request.body);
    const operation = toolNamed(name);
    const { value } = await invokeOperation(operation, { services: core, scope: authOf(request), door: 'rest' }, input ?? {});
    return { success: true as const, data: value };
  });
}
