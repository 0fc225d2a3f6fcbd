// Operations: each operation of the platform defined once (name, summary,
// description, input and output schemas, annotations, run), the source every
// door is generated from: REST routes, /openapi.json, MCP tools, the CLI.
// A definition knows no protocol: no method, path, status code or header.
import type { z } from 'zod';
import type { AudienceService } from '../audience/index.ts';
import type { EmailService } from '../emails/index.ts';
import { validationError, type ErrorDetail, type ErrorKind } from '../errors.ts';
import { checkInput, inputProblem } from '../validation.ts';
import { assertMayWrite, type OrgScope, type TokenPermission } from '../auth-scope/index.ts';
import type { WorkflowService } from '../workflows/index.ts';
import type { CampaignService } from '../campaigns/index.ts';
import type { TokenService } from '../tokens/index.ts';
import type { WebhookService } from '../webhooks/index.ts';
import type { VerifyService } from '../verify/index.ts';
import type { DomainService } from '../domains/index.ts';

/** The core services an operation runs on. */
export interface OperationServices {
  emails: EmailService;
  audience: AudienceService;
  workflows: WorkflowService;
  campaigns: CampaignService;
  tokens: TokenService;
  webhooks: WebhookService;
  verify: VerifyService;
  domains: DomainService;
}

/** The door a call came in by: kept on what it creates (an email's source), never a rule. */
export type Door = 'rest' | 'mcp' | 'cli';

export interface OperationContext {
  services: OperationServices;
  /** The organization the caller acts in, and (for a caller with a token) what the token may do. */
  scope: OrgScope & { permission?: TokenPermission };
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
  /** The resource it belongs to (`emails`, `subscribers`, …): groups it in documents. */
  resource: string;
  /** Everything the caller gives, path, query, body and header fields together. */
  input: I;
  /** The answer. */
  output: O;
  annotations: OperationAnnotations;
  /** The refusals it may answer besides bad input and the limits every call has (not_found, conflict, …). */
  errors: readonly ErrorKind[];
  /** An input that works, for documents. */
  example: z.input<I>;
  run(context: OperationContext, input: z.output<I>): Promise<z.input<O> | Created<z.input<O>>>;
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
 * Validate an input with the operation's schema and run it. Every JSON input is
 * first checked for depth and NUL (inputProblem). Throws validation_error naming
 * every problem, or whatever the run throws (AppError).
 */
export async function invokeOperation(operation: Operation, context: OperationContext, input: unknown): Promise<OperationResult> {
  return runOperation(operation, context, parseOperationInput(operation, input));
}

/** May a caller whose token has this permission run the operation? A read-only token: only those that change nothing. */
export function permissionAllows(permission: TokenPermission | undefined, operation: Pick<Operation, 'annotations'>): boolean {
  return permission !== 'read' || operation.annotations.readOnly;
}

/** Refuse what permissionAllows refuses (forbidden, read_only_token): every door's calls come through here. */
export function assertPermitted(operation: Operation, context: OperationContext): void {
  if (!permissionAllows(context.scope.permission, operation)) assertMayWrite(context.scope, `run ${operation.name}, which changes data`);
}

/** The first half of invokeOperation: the checked input, or validation_error. */
export function parseOperationInput<I extends z.ZodType>(operation: Operation<I>, input: unknown): z.output<I> {
  const checked = checkOperationInput(operation, input);
  if ('details' in checked) throw validationError(checked.details, checked.headline);
  return checked.data;
}

/** parseOperationInput's check, returning the problems instead of throwing (a door may name them in its own terms first). */
export function checkOperationInput<I extends z.ZodType>(
  operation: Operation<I>,
  input: unknown,
): { data: z.output<I> } | { details: ErrorDetail[]; headline: string | undefined } {
  const problem = inputProblem(input);
  if (problem) return { details: [problem], headline: undefined };
  return checkInput(operation.input, input);
}

/** The second half: run on input parseOperationInput gave. */
export async function runOperation<I extends z.ZodType>(operation: Operation<I>, context: OperationContext, input: z.output<I>): Promise<OperationResult> {
  assertPermitted(operation, context);
  const result = await operation.run(context, input);
  return result instanceof Created ? { value: result.value, created: true } : { value: result, created: false };
}
