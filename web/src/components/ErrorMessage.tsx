import type { MailgateError } from '@mailgate/sdk';
import type { ReactNode } from 'react';
import { errorOf } from '../api.ts';

export interface ErrorMessageProps {
  /** An SDK error, or whatever a query or mutation failed with; nothing is shown for null. */
  error: MailgateError | unknown;
  /** A sentence before the server's message ("The emails could not be loaded."). */
  title?: string;
  /** An action such as Retry. */
  children?: ReactNode;
}

function isMailgateError(value: unknown): value is MailgateError {
  return typeof value === 'object' && value !== null && 'name' in value && 'message' in value && 'statusCode' in value;
}

/** Says what went wrong, in the server's words, as an alert (announced when it appears). */
export function ErrorMessage({ error, title, children }: ErrorMessageProps) {
  const e = isMailgateError(error) ? error : errorOf(error);
  if (!e) return null;
  const message = e.statusCode === null && e.name === 'network_error' ? 'The server could not be reached. Check the connection and try again.' : e.message;
  return (
    <div role="alert" className="error-message">
      {title && <p className="error-title">{title}</p>}
      <p>
        {message}
        {e.code && <span className="error-code"> ({e.code})</span>}
      </p>
      {children}
    </div>
  );
}
