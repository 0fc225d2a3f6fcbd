// The SMTP submission door (RFC 6409): authenticate with an API token, take a
// message, make it a send request and hand it to `emails.send`, where REST's
// sends end too. Parsing, replies and TLS live here; every rule (quota, recipient
// guard, what a message must hold) is the core's.
import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server';
import { assertMayWrite, mailboxKey, submissionToSendRequest, type AuthContext, type Core } from '../../src/index.ts';
import {
  admitConnection,
  callbackOf,
  closeServers,
  commonServerOptions,
  createByteBudget,
  GuardedConnection,
  GuardedServer,
  listen,
  mailFromRefusal,
  rcptToRefusal,
  readMessage,
  trackInFlight,
  type ByteBudget,
  type InFlight,
  type SessionDeadlines,
} from './listener.ts';
import { parseSubmission } from './message.ts';
import { REPLIES, replyFor, type SmtpReplyError } from './replies.ts';
import { createSessionGuard, type SessionGuard } from './session-guard.ts';
import type { TlsMaterial } from './tls.ts';

/** The AUTH username; the password is an API token. */
export const SMTP_USERNAME = 'mailgate';

export interface SmtpListenOptions {
  host: string;
  /** STARTTLS submission port; 0 picks a free one. */
  port: number;
  /** Implicit-TLS port, or null for none. */
  securePort: number | null;
  tls: TlsMaterial;
  /** The memory for messages, shared with the inbound listener when both run; by default one of its own (SMTP_MAX_BUFFERED_BYTES). */
  budget?: ByteBudget;
}

export interface SmtpListener {
  port: number;
  securePort: number | null;
  /** Bytes of messages held right now, being received or accepted (within SMTP_MAX_BUFFERED_BYTES). */
  readonly bufferedBytes: number;
  /** Stop accepting; sessions in progress get the grace period, then are cut off. */
  close(): Promise<void>;
}

/**
 * The submission connection adds AUTH's deadline, and keeps AUTH out of the EHLO
 * answered where AUTH would be refused. smtp-server offers no option for either.
 */
class SubmissionConnection extends GuardedConnection {
  private authTimer: NodeJS.Timeout | undefined;

  /** Set while EHLO is answered on a session where AUTH would be refused (538: STARTTLS first). */
  private authRefusedHere = false;

  protected override advertisesAuth(): boolean {
    return !this.authRefusedHere;
  }

  /**
   * No AUTH in the EHLO before STARTTLS (unless SMTP_ALLOW_INSECURE_AUTH): a
   * client that sees it may send the token in the clear before the 538 comes
   * (swaks does). The condition is smtp-server's own for refusing AUTH, so AUTH
   * is advertised exactly where it is taken.
   */
  override handler_EHLO(command: Buffer, callback: () => void): void {
    const options = this._server.options;
    this.authRefusedHere = !this.secure && this._isSupported('STARTTLS') && !options.hideSTARTTLS && !options.allowInsecureAuth;
    try {
      super.handler_EHLO(command, callback);
    } finally {
      this.authRefusedHere = false;
    }
  }

  // AUTH from connect, whatever the client trickles in meanwhile (listener.ts keeps the others).
  override init(): void {
    super.init();
    const { authTimeoutMs } = this._server as SubmissionServer;
    this.authTimer = setTimeout(() => {
      if (!this.session.user) this.hangUp(REPLIES.authTooSlow());
    }, authTimeoutMs);
    this.authTimer.unref();
  }

  override _onClose(): void {
    clearTimeout(this.authTimer);
    super._onClose();
  }
}

class SubmissionServer extends GuardedServer {
  constructor(
    options: SMTPServerOptions,
    deadlines: SessionDeadlines,
    readonly authTimeoutMs: number,
  ) {
    super(options, deadlines, SubmissionConnection);
  }
}

/** What AUTH leaves on the session: the caller, and the token, checked again for each message. */
interface SessionUser {
  auth: AuthContext;
  token: string;
}

const userOf = (session: SMTPServerSession) => session.user as SessionUser;
const authOf = (session: SMTPServerSession) => userOf(session).auth;

/** RFC 5321 §4.5.3.1.5: a reply line is at most 512 octets, CRLF included. */
const REPLY_LINE_MAX = 500;

/** The final reply: the ids that fit on one line, and how many more there are (all are in GET /api/v2/emails). */
export function queuedReply(ids: readonly string[]): string {
  let text = '2.0.0 Ok: queued as';
  let shown = 0;
  for (const id of ids) {
    const rest = ids.length - shown - 1;
    const tail = rest > 0 ? ` and ${rest} more` : '';
    if (text.length + 1 + id.length + tail.length > REPLY_LINE_MAX) break;
    text += ` ${id}`;
    shown++;
  }
  return shown < ids.length ? `${text} and ${ids.length - shown} more` : text;
}

/** Failed AUTH attempts of each session. */
const authFailures = new WeakMap<SMTPServerSession, number>();

function serverOptions(
  core: Core,
  secure: boolean,
  material: TlsMaterial,
  inFlight: InFlight,
  budget: ByteBudget,
  guard: SessionGuard<SMTPServerSession>,
): SMTPServerOptions {
  const { config } = core;
  const smtp = config.smtp;
  return {
    ...commonServerOptions(config, secure, material),
    banner: 'Mailgate mail submission',
    size: smtp.maxMessageBytes,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: smtp.allowInsecureAuth,
    authRequiredMessage: '5.7.0 Authentication required',
    // Commands before AUTH (EHLO, STARTTLS, NOOP, …): a client that will not authenticate is sent away.
    maxAllowedUnauthenticatedCommands: 10,

    onConnect(session, callback) {
      const lockedOut = () => (guard.lockedOut(session.remoteAddress) ? REPLIES.tooManyAuthFailures() : null);
      callback(admitConnection(session, guard, core.limits, lockedOut));
    },

    onClose(session) {
      guard.closed(session);
    },

    onAuth(auth, session, callback) {
      const address = session.remoteAddress;
      if (guard.lockedOut(address)) {
        callback(REPLIES.tooManyAuthFailures());
        return;
      }
      /** A failed attempt: counted for the session and the address; the session's last one ends it. */
      const failed = (reply: SmtpReplyError) => {
        guard.authFailed(address);
        const count = (authFailures.get(session) ?? 0) + 1;
        authFailures.set(session, count);
        callback(count >= smtp.maxAuthFailures || guard.lockedOut(address) ? REPLIES.tooManyAuthFailures() : reply);
      };
      if (auth.username !== SMTP_USERNAME || !auth.password) {
        failed(REPLIES.badCredentials(SMTP_USERNAME));
        return;
      }
      const token = auth.password;
      core.tokens.authenticate(token).then(
        (authenticated) => {
          guard.authenticated(session);
          callback(null, { user: { auth: authenticated, token } satisfies SessionUser });
        },
        (error: unknown) => {
          const reply = replyFor(error, 'auth');
          if (reply.responseCode === 535) failed(reply);
          else callback(reply);
        },
      );
    },

    // One message, one request of the organization's quota. The token is checked
    // again, so a revoked one stops a long session at its next message; a
    // read-only one authenticates but may not submit.
    onMailFrom(address, session, callback) {
      const refusal = mailFromRefusal(address, smtp.maxMessageBytes, budget);
      if (refusal) {
        callback(refusal);
        return;
      }
      const user = userOf(session);
      callbackOf(
        (async () => {
          try {
            user.auth = await core.tokens.authenticate(user.token);
          } catch (error) {
            throw replyFor(error, 'auth');
          }
          try {
            assertMayWrite(user.auth, 'submit mail');
          } catch (error) {
            throw replyFor(error, 'mail');
          }
          const used = await core.limits.consume(user.auth);
          if (used?.refusal) throw replyFor(used.refusal, 'mail');
        })(),
        callback,
      );
    },

    onRcptTo(address, session, callback) {
      const refusal = rcptToRefusal(address, session);
      if (refusal) {
        callback(refusal);
        return;
      }
      const key = mailboxKey(address.address);
      const again = session.envelope.rcptTo.some((r) => mailboxKey(r.address) === key);
      if (!again && session.envelope.rcptTo.length >= smtp.maxRecipients) {
        callback(REPLIES.tooManyRecipients(smtp.maxRecipients));
        return;
      }
      core.emails.checkRecipient(authOf(session), address.address).then(
        () => callback(),
        (error: unknown) => callback(replyFor(error, 'rcpt')),
      );
    },

    onData(stream, session, callback) {
      readMessage(stream, smtp.maxMessageBytes, budget, (result) => {
        if ('refusal' in result) {
          callback(result.refusal);
          return;
        }
        const { raw, release } = result.message;
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        // Tracked until its client has its answer, so that close() waits for exactly that.
        const answered = accept(raw, recipients, authOf(session))
          .then(
            (reply) => callback(null, reply),
            (error: Error) => callback(error),
          )
          .finally(release);
        trackInFlight(inFlight, answered);
      });
    },
  };

  async function accept(raw: Buffer, recipients: string[], auth: AuthContext): Promise<string> {
    let parsed: Awaited<ReturnType<typeof parseSubmission>>;
    try {
      parsed = await parseSubmission(raw, recipients);
    } catch (error) {
      if (error instanceof Error && 'responseCode' in error) throw error;
      throw REPLIES.unparseable();
    }
    try {
      const request = submissionToSendRequest(parsed.message);
      const { ids } = await core.emails.send(auth, request, { source: 'smtp', idempotencyKey: parsed.idempotencyKey });
      return queuedReply(ids);
    } catch (error) {
      throw replyFor(error, 'data');
    }
  }
}

/** Start the STARTTLS listener (and the implicit-TLS one when asked). */
export async function startSmtpServer(core: Core, options: SmtpListenOptions): Promise<SmtpListener> {
  const servers: GuardedServer[] = [];
  // A failing session must not take the process down; smtp-server reports it here.
  const quiet = () => {};
  const inFlight: InFlight = new Set();
  // One budget for both ports (and the inbound listener, when main.ts gives one): they share the process's memory.
  const budget = options.budget ?? createByteBudget(core.config.smtp.maxBufferedBytes);
  // One guard for both ports: an address's share, and the server's cap, count connections to either.
  const { smtp } = core.config;
  const guard = createSessionGuard<SMTPServerSession>({
    maxConnections: smtp.maxConnections,
    maxConnectionsPerAddress: smtp.maxConnectionsPerAddress,
    maxAuthFailuresPerAddress: smtp.maxAuthFailuresPerAddress,
  });
  const deadlines: SessionDeadlines = { idleTimeoutMs: smtp.idleTimeoutMs, dataTimeoutMs: smtp.dataTimeoutMs };
  const plain = new SubmissionServer(serverOptions(core, false, options.tls, inFlight, budget, guard), deadlines, smtp.authTimeoutMs);
  plain.on('error', quiet);
  servers.push(plain);
  const port = await listen(plain, options.port, options.host);
  let securePort: number | null = null;
  if (options.securePort !== null) {
    const secure = new SubmissionServer(serverOptions(core, true, options.tls, inFlight, budget, guard), deadlines, smtp.authTimeoutMs);
    secure.on('error', quiet);
    servers.push(secure);
    try {
      securePort = await listen(secure, options.securePort, options.host);
    } catch (error) {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
      throw error;
    }
  }
  return {
    port,
    securePort,
    get bufferedBytes() {
      return budget.used;
    },
    close() {
      return closeServers(servers, inFlight);
    },
  };
}
