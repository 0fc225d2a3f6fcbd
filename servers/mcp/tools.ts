import { McpServer, type CallToolResult, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import {
  describeTool,
  invokeOperation,
  isAppError,
  OPERATIONS,
  retryAfterSeconds,
  scopesAllow,
  type AuthContext,
  type Core,
  type Operation,
} from '../../src/index.ts';

/**
 * The MCP tools: one per operation of src/operations, its name, title,
 * description, schemas and hints taken from the definition (describeTool),
 * its call run through the same invokeOperation as every other door.
 */

/** Operations deliberately not offered as tools, each with its reason. (None today.) */
export const NOT_TOOLS: ReadonlyMap<string, string> = new Map();

/**
 * A schema as the SDK takes one (Standard Schema with JSON Schema) that shows
 * the operation's JSON Schema and lets every value through. Input: the
 * operation validates the arguments itself, so a tool refuses bad input in the
 * words the REST API uses, as an isError result. Output: the answer is the
 * operation's, typed by the same schema the REST route serializes it with.
 * Made once per tool (a server is made per request, and the SDK would
 * otherwise convert each output schema to JSON Schema for every one).
 */
function advertised(jsonSchema: Record<string, unknown>): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'mailgate',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  } as StandardSchemaWithJSON;
}

/** What a door counts and refuses before a tool runs (the organization quota); null to go on, else the refusal. */
export type BeforeToolCall = (auth: AuthContext) => Promise<Error | null>;

/** Told of a tool call that failed in a way no rule explains (a bug, a database gone): the door logs it. */
export type OnUnexpected = (error: Error) => void;

const UNEXPECTED = 'An unexpected error occurred; it has been logged';

function errorResult(error: unknown, onUnexpected: OnUnexpected): CallToolResult {
  if (!isAppError(error)) {
    // As REST's 500: reported to be logged, and no detail shown to the caller.
    onUnexpected(error instanceof Error ? error : new Error(String(error)));
    const body = { name: 'internal_error', message: UNEXPECTED };
    return { isError: true, content: [{ type: 'text', text: `${UNEXPECTED}\n${JSON.stringify(body)}` }] };
  }
  const body: Record<string, unknown> = { name: error.kind, message: error.message };
  if (error.code !== undefined) body.code = error.code;
  if (error.details !== undefined) body.details = error.details;
  const retryAfter = retryAfterSeconds(error);
  if (retryAfter !== undefined) body.retry_after = retryAfter;
  return { isError: true, content: [{ type: 'text', text: `${error.message}\n${JSON.stringify(body)}` }] };
}

interface ToolEntry {
  operation: Operation;
  config: {
    title: string;
    description: string;
    inputSchema: StandardSchemaWithJSON;
    outputSchema: StandardSchemaWithJSON;
    annotations: Record<string, unknown>;
  };
}

/** Every tool's configuration, made once. */
const TOOLS: readonly ToolEntry[] = OPERATIONS.filter((operation) => !NOT_TOOLS.has(operation.name)).map((operation) => {
  const tool = describeTool(operation);
  return {
    operation,
    config: {
      title: tool.title,
      description: tool.description,
      inputSchema: advertised(tool.input_schema),
      outputSchema: advertised(tool.output_schema),
      annotations: { title: tool.title, ...tool.annotations },
    },
  };
});

interface Caller {
  auth: AuthContext;
  before: BeforeToolCall;
  onUnexpected: OnUnexpected;
}

function registerOperation(server: McpServer, core: Core, { operation, config }: ToolEntry, { auth, before, onUnexpected }: Caller) {
  server.registerTool(operation.name, config, async (args: unknown): Promise<CallToolResult> => {
    try {
      const refused = await before(auth);
      if (refused) return errorResult(refused, onUnexpected);
      const { value } = await invokeOperation(operation, { services: core, scope: auth, door: 'mcp' }, args ?? {});
      return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value as Record<string, unknown> };
    } catch (error) {
      return errorResult(error, onUnexpected);
    }
  });
}

/**
 * An MCP server for one request, as this caller: every operation it may use,
 * as a tool. A grant without the `write` scope sees the read-only ones only.
 */
export function buildToolServer(
  core: Core,
  auth: AuthContext,
  scopes: readonly string[],
  before: BeforeToolCall,
  version: string,
  onUnexpected: OnUnexpected,
): McpServer {
  const server = new McpServer(
    { name: 'mailgate', title: 'Mailgate', version },
    {
      instructions:
        'Mailgate sends transactional email and manages an audience (subscribers, tags, events, workflows). Every tool acts in the organization of the token used to connect.',
    },
  );
  for (const entry of TOOLS) {
    if (scopesAllow(scopes, entry.operation.annotations)) registerOperation(server, core, entry, { auth, before, onUnexpected });
  }
  return server;
}
