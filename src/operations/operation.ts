// Operations: each operation of the platform defined once (name, summary,
// description, input and output schemas, annotations, run), the source every
// door is generated from: REST routes, /openapi.json, MCP tools, the CLI.
// A definition knows no protocol: no method, path, status code or header.
import type { z } from 'zod';
import type { AudienceService, SubscriberImportService } from '../audience/index.ts';
import type { EmailService } from '../emails/index.ts';
import { validationError, type ErrorDetail, type ErrorKind } from '../errors.ts';
import { checkInput } from '../validation.ts';
import { allows, refusal, type Access, type Caller, type OrgScope, type Resource } from '../auth-scope/index.ts';
import type { WorkflowService } from '../workflows/index.ts';
import type { CampaignService } from '../campaigns/index.ts';
import type { TokenService } from '../tokens/index.ts';
import type { WebhookService } from '../webhooks/index.ts';
import type { VerifyService } from '../verify/index.ts';
import type { DomainService } from '../domains/index.ts';
import type { SuppressionService } from '../suppressions/index.ts';
import type { ReceivingService } from '../receiving/index.ts';
import type { UserService } from '../users/index.ts';

/** The core services an operation runs on. */
export interface OperationServices {
  emails: EmailService;
  audience: AudienceService;
  subscriberImports: SubscriberImportService;
  workflows: WorkflowService;
  campaigns: CampaignService;
  tokens: TokenService;
  webhooks: WebhookService;
  verify: VerifyService;
  domains: DomainService;
  suppressions: SuppressionService;
  receiving: ReceivingService;
  users: UserService;
}

/** The door a call came in by: kept on what it creates (an email's source), never a rule. */
export type Door = 'rest' | 'mcp' | 'cli';

export interface OperationContext {
  services: OperationServices;
  /** The organization the caller acts in, and what the caller may do there: a person's role, or its token's permission (auth-scope/permissions.ts). */
  scope: OrgScope & Caller;
  door: Door;
}

/** What a caller (a person, or an agent choosing a tool) should know before calling. */
export interface OperationAnnotations {
  /** Changes nothing. */
  readOnly: boolean;
  /** May undo or remove what exists (delete, unsubscribe, detach). */
  destructive: boolean;
  /** Calling it again with the same input changes nothing more. */
  idempotent: boolean;
  /** Reaches outside Mailgate: sends mail to the world. */
  openWorld: boolean;
}

/**
 * A run's answer when it says whether it made something new (an upsert): doors
 * that can tell the two apart do (REST answers 201 instead of 200).
 */
export class Created<T> {
  constructor(readonly value: T) {}
}

export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** snake_case verb_noun: `send_email`. */
  name: string;
  /** One line: what it does. */
  summary: string;
  /** For a person or an agent who has never seen Mailgate: what it does, when to use it, what it returns, what it costs. */
  description: string;
  /** The resource it belongs to (`emails`, `subscribers`, …): groups it in documents, and with `annotations.readOnly` decides who may run it (PERMISSIONS). */
  resource: Resource;
  /** Everything the caller gives, path, query, body and header fields together. */
  input: I;
  /** The answer. */
  output: O;
  annotations: OperationAnnotations;
  /**
   * What the caller needs of its resource, when not what `annotations.readOnly`
   * says: reading a secret (a webhook's signing secret) changes nothing but
   * takes the right to write.
   */
  access?: Access;
  /** The refusals it may answer besides bad input and the limits every call has (not_found, conflict, …). */
  errors: readonly ErrorKind[];
  /** An input that works, for documents. */
  example: z.input<I>;
  run(context: OperationContext, input: z.output<I>): Promise<z.input<O> | Created<z.input<O>>>;
  /**
   * The bytes `run` answers (base64, perhaps capped), made piece by piece for a
   * door that sends bytes as they are made (REST): the whole, at flat memory.
   */
  stream?(context: OperationContext, input: z.output<I>): Promise<StreamedBytes>;
}

/** Bytes answered as they are made: their media type, a filename, the pieces. */
export interface StreamedBytes {
  contentType: string;
  filename: string | null;
  body: AsyncIterable<string | Uint8Array>;
}

/** Identity, for type inference: the run's input is the schema's output. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType>(operation: Operation<I, O>): Operation<I, O> {
  return operation;
}

export interface OperationResult<T = unknown> {
  value: T;
  /** True when the run made something new (see Created). */
  created: boolean;
}

/**
 * What a door adds to the input it hands over, so that problems read in its
 * caller's terms: its own names for fields, and problems it found itself.
 */
export interface DoorInput {
  /** A field's path as the caller wrote it (a header's name, an item of a body that is an array). */
  wirePath?: (path: string) => string;
  /** Problems the door found in its own terms (a body field that belongs in the path), reported with the schema's. */
  problems?: readonly ErrorDetail[];
}

/**
 * The one way every door (REST, MCP, the CLI, /tools, integrations) runs an
 * operation: its input checked (checkInput: screened for depth and NUL, then
 * the operation's schema), its caller's permission checked, then run. Throws
 * validation_error naming every problem, or whatever the run throws (AppError).
 */
export async function invokeOperation(operation: Operation, context: OperationContext, input: unknown, door: DoorInput = {}): Promise<OperationResult> {
  const data = admit(operation, context, input, door);
  const result = await operation.run(context, data);
  return result instanceof Created ? { value: result.value, created: true } : { value: result, created: false };
}

/** invokeOperation for an operation that can stream its bytes (`stream`): the same checks, then the pieces. */
export async function invokeOperationStream(operation: Operation, context: OperationContext, input: unknown, door: DoorInput = {}): Promise<StreamedBytes> {
  if (!operation.stream) throw new Error(`${operation.name} cannot stream its answer`);
  return operation.stream(context, admit(operation, context, input, door));
}

/** The input checked and the caller's permission: what every door's call passes before it runs. */
function admit(operation: Operation, context: OperationContext, input: unknown, door: DoorInput): unknown {
  const checked = checkInput(operation.input, input);
  const doorProblems = door.problems ?? [];
  if ('details' in checked || doorProblems.length > 0) {
    const rename = door.wirePath ?? ((path: string) => path);
    const found = 'details' in checked ? checked.details.map((d) => ({ path: rename(d.path), message: d.message })) : [];
    throw validationError([...found, ...doorProblems], 'details' in checked ? checked.headline : undefined);
  }
  assertPermitted(operation, context);
  return checked.data;
}

/** What running the operation takes of its resource: its `access`, else read for a read-only operation and write for any other. */
export function accessOf(operation: Pick<Operation, 'annotations' | 'access'>): Access {
  return operation.access ?? (operation.annotations.readOnly ? 'read' : 'write');
}

/** May this caller run the operation? The permission table's answer for its resource and what the operation takes of it (accessOf). */
export function permissionAllows(caller: Caller, operation: Pick<Operation, 'annotations' | 'access' | 'resource'>): boolean {
  return allows(caller, operation.resource, accessOf(operation));
}

/** Refuse what permissionAllows refuses (forbidden: read_only_token, insufficient_role): every door's calls come through here. */
export function assertPermitted(operation: Operation, context: OperationContext): void {
  if (!permissionAllows(context.scope, operation)) {
    throw refusal(
      context.scope,
      operation.annotations.readOnly
        ? `run ${operation.name}${operation.access === 'write' ? ', which reveals a secret' : ''}`
        : `run ${operation.name}, which changes data`,
    );
  }
}
