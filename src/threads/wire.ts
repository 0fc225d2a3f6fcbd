import { AppError, isAppError, type ErrorKind } from '../errors.ts';

/** How a task's failure crosses the thread boundary: AppErrors keep their kind and details. */
export interface WireError {
  message: string;
  kind?: ErrorKind;
  code?: string;
  details?: unknown;
}

export function toWireError(error: unknown): WireError {
  if (isAppError(error)) {
    return { message: error.message, kind: error.kind, ...(error.code ? { code: error.code } : {}), details: error.details };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

export function fromWireError(wire: WireError): Error {
  if (wire.kind) return new AppError(wire.kind, wire.message, { code: wire.code, details: wire.details });
  return new Error(wire.message);
}
