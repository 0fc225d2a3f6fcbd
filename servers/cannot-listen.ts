// A listener the process cannot open (a port in use, a privileged port, a HOST that is
// not this machine's) is the operator's to fix, not a crash: one line that names the
// address, the listener and the variable to change, and an exit code of its own.
import net from 'node:net';

/**
 * The exit code when a listener cannot be opened: sysexits' EX_TEMPFAIL. The usual
 * cause, a port still held by another process (often the previous Mailgate, still
 * shutting down), goes away by itself, so a supervisor may start again; and it stays
 * apart from 78 (invalid configuration: nothing changes until the config does) and
 * 1 (a crash).
 */
export const EXIT_CANNOT_LISTEN = 75;

/** One listener the process opens: its address, its name in the line, and the variable that sets its port. */
export interface ListenerAddress {
  host: string;
  port: number;
  label: 'HTTP' | 'SMTP' | 'SMTPS' | 'inbound SMTP';
  portVariable: 'PORT' | 'SMTP_PORT' | 'SMTPS_PORT' | 'INBOUND_SMTP_PORT';
}

/** A listener that could not be opened; `message` is the one line to print. */
export class CannotListenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotListenError';
  }
}

function hostAndPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The reason, in words, for the errors an operator can fix; null for any other (a crash, reported as one). */
function reason(error: unknown, listener: ListenerAddress): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return `the address is already in use; set ${listener.portVariable} to another port`;
    case 'EACCES':
      return 'permission denied' + (listener.port < 1024 ? ' (ports below 1024 need privileges)' : '') + `; set ${listener.portVariable} to another port`;
    case 'EADDRNOTAVAIL':
      return "the address is not one of this machine's; set HOST to an address of this machine";
    case 'ENOTFOUND':
      return 'the host name does not resolve; set HOST to an address of this machine';
    default:
      return null;
  }
}

/** The error as a CannotListenError when an operator can fix it, else the error unchanged. */
export function explainListenError(error: unknown, listener: ListenerAddress): unknown {
  const why = reason(error, listener);
  if (why === null) return error;
  return new CannotListenError(`mailgate: cannot listen on ${hostAndPort(listener.host, listener.port)} (${listener.label}): ${why}`);
}

/**
 * Open every listener's address for a moment, all at once, and close them again:
 * a busy port is reported before anything is created (database, organization,
 * token, certificate). Port 0 (any free port) is skipped. The real listen can
 * still lose a race for the port; main.ts explains that failure the same way.
 * Throws CannotListenError for the first listener that cannot be opened.
 */
export async function checkListenersCanOpen(listeners: readonly ListenerAddress[]): Promise<void> {
  const opened: net.Server[] = [];
  try {
    for (const listener of listeners) {
      if (listener.port === 0) continue;
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error) => reject(explainListenError(error, listener)));
        server.listen({ host: listener.host, port: listener.port, exclusive: true }, () => resolve());
      });
      opened.push(server);
    }
  } finally {
    await Promise.all(opened.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}
