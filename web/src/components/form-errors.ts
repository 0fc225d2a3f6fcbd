import type { MailgateError } from '@mailgate/sdk';

/**
 * A validation_error's details (`[{ path, message }]`) as React Aria's Form
 * validationErrors (field name → message), so each message shows under its field.
 */
export function fieldErrors(error: MailgateError | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (error?.name !== 'validation_error' || !Array.isArray(error.details)) return errors;
  for (const item of error.details as { path?: unknown; message?: unknown }[])
    if (typeof item.path === 'string' && typeof item.message === 'string') errors[item.path] ??= item.message;
  return errors;
}
