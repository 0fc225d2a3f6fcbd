// The SMTP submission door (RFC 6409): authenticate with an API token, take a
// message, make it a send request and hand it to `emails.send`, where REST's
// sends end too. Parsing, replies and TLS live here; every rule (quota, recipient
// guard, what a message must hold) is the core's.
import type net from 'node:net';
import type tls from 'node:tls';
import { SMTPServer, type SMTPServerAddress, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';
import { assertMayWrite, mailboxKey, submissionToSendRequest, type AuthContext, type Core } from '../../src/index.ts';
import { parseSubmission } from './message.ts';
import { hasEnhancedCode, REPLIES, replyFor, withEnhancedCode, type SmtpReplyError } from './replies.ts';
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
 * Every reply carries an RFC 3463 enhanced status code (ENHANCEDSTATUSCODES is
 * advertised). smtp-server adds one from its own table, which cannot say 4.7.1 or
 * 5.3.4; so a text that already starts with a code (ours) is sent as it is, an
 * error reply of the library's own gets its code from `withEnhancedCode`, and
 * success replies keep the library's (2.1.0 for MAIL, 2.1.5 for RCPT, 2.7.0 for AUTH).
 * smtp-server offers no option for it, so the server below creates these connections itself.
 */
class SubmissionConnection extends SMTPConnection {
  private authTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private dataTimer: NodeJS.Timeout | undefined;

  /** Set while EHLO is answered on a session where AUTH would be refused (538: STARTTLS first). */
  private authRefusedHere = false;

  override send(code: number, data?: string | string[] | null, context?: string | false): void {
    if (this.authRefusedHere && code === 250 && Array.isArray(data)) {
      super.send(
        code,
        data.filter((line, i) => i === 0 || !line.startsWith('AUTH ')),
        context,
      );
      return;
    }
    if (typeof data === 'string' && (code >= 400 || hasEnhancedCode(data))) {
      super.send(code, withEnhancedCode(code, data), false);
      return;
    }
    super.send(code, data, context);
  }

  /**
   * No AUTH in the EHLO before STARTTLS (unless SMTP_ALLOW_INSECURE_AUTH): a
   * client that sees it may send the token in the clear before the 538 comes
   * (swaks does). The condition is smtp-server's own for refusing AUTH, so AUTH
   * is advertised exactly where it is taken. The library offers no option for it.
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

  private get deadlines(): SessionDeadlines {
    return (this._server as SubmissionServer).deadlines;
  }

  /** Say why and close; the client keeps whatever it had not finished handing over. */
  private hangUp(reply: SmtpReplyError): void {
    if (this._closing || this._closed) return;
    this.send(reply.responseCode, reply.message);
  }

  // smtp-server's own idle timeout restarts on every byte: a client trickling a
  // byte every few seconds would hold its slot for ever. These deadlines count
  // what a session achieves instead: AUTH from connect, a complete command since
  // the last one, the final dot from DATA.
  override init(): void {
    super.init();
    this.authTimer = setTimeout(() => {
      if (!this.session.user) this.hangUp(REPLIES.authTooSlow());
    }, this.deadlines.authTimeoutMs);
    this.authTimer.unref();
    this.armIdle();
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      // Waiting for us (a handler, or the verdict on a message), or in DATA (its own deadline): not idle.
      const parser = this._parser;
      if (this._handlerPending || this._dataStream || (parser && parser._dataMode)) return this.armIdle();
      this.hangUp(REPLIES.idleTooLong());
    }, this.deadlines.idleTimeoutMs);
    this.idleTimer.unref();
  }

  override _onCommand(command: Buffer, callback?: () => void): void {
    this.armIdle();
    super._onCommand(command, callback);
  }

  override handler_DATA(command: Buffer, callback: () => void): void {
    super.handler_DATA(command, callback);
    const parser = this._parser;
    if (!parser || !parser._dataMode) return;
    clearTimeout(this.dataTimer);
    this.dataTimer = setTimeout(() => {
      if (this._parser && this._parser._dataMode) this.hangUp(REPLIES.dataTooSlow(this.deadlines.dataTimeoutMs / 1000));
    }, this.deadlines.dataTimeoutMs);
    this.dataTimer.unref();
  }

  /** Closed to make room for a client from a less busy address (session-guard.ts). */
  evict(): void {
    this.hangUp(REPLIES.evicted());
  }

  override _onClose(): void {
    clearTimeout(this.authTimer);
    clearTimeout(this.idleTimer);
    clearTimeout(this.dataTimer);
    super._onClose();
  }
}

/** How long a session may take over each phase (config.smtp). */
interface SessionDeadlines {
  authTimeoutMs: number;
  idleTimeoutMs: number;
  dataTimeoutMs: number;
}

class SubmissionServer extends SMTPServer {
  constructor(
    options: SMTPServerOptions,
    readonly deadlines: SessionDeadlines,
  ) {
    super(options);
  }

  // Same as SMTPServer.connect, with our connection class.
  override connect(socket: net.Socket | tls.TLSSocket, socketOptions?: ConstructorParameters<typeof SMTPConnection>[2]): void {
    // Replies are small and come one by one as each check finishes: send each at
    // once rather than wait for the client's ACK of the one before (Nagle).
    socket.setNoDelay(true);
    const connection = new SubmissionConnection(this, socket, socketOptions);
    connectionOf.set(connection.session, connection);
    this.connections.add(connection);
    connection.on('error', (error: Error) => this._onError(error));
    connection.on('connect', (data) => this._onClientConnect(data));
    connection.init();
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

/**
 * The memory all sessions together may hold in messages being received and
 * accepted (SMTP_MAX_BUFFERED_BYTES). Without it, SMTP_MAX_CONNECTIONS sessions
 * each sending a message of SIZE could take gigabytes and bring the process down.
 */
export interface ByteBudget {
  /** Would `n` more bytes fit now? */
  fits(n: number): boolean;
  /** Take `n` bytes if they fit; false (and nothing taken) if not. */
  take(n: number): boolean;
  give(n: number): void;
  readonly used: number;
}

export function createByteBudget(limit: number): ByteBudget {
  let used = 0;
  return {
    fits(n) {
      return used + n <= limit;
    },
    take(n) {
      if (used + n > limit) return false;
      used += n;
      return true;
    },
    give(n) {
      used = Math.max(0, used - n);
    },
    get used() {
      return used;
    },
  };
}

/** What MAIL FROM and RCPT TO may carry: only what EHLO advertises and Mailgate honours. */
const MAIL_PARAMETERS: ReadonlySet<string> = new Set(['SIZE', 'BODY', 'SMTPUTF8']);
const RCPT_PARAMETERS: ReadonlySet<string> = new Set();

/**
 * RFC 5321 §4.1.1.11: a parameter the server does not support is refused (555),
 * not dropped, or a client asking for REQUIRETLS or a DSN would believe it got one.
 * RFC 6531: an address with non-ASCII characters needs SMTPUTF8 on MAIL FROM (553 5.6.7).
 */
function envelopeRefusal(address: SMTPServerAddress, allowed: ReadonlySet<string>, smtputf8: boolean): Error | null {
  for (const name of Object.keys(address.args || {})) {
    if (!allowed.has(name.toUpperCase())) return REPLIES.unsupportedParameter(name);
  }
  if (!smtputf8 && /[^\x00-\x7f]/.test(address.address)) return REPLIES.utf8WithoutSmtputf8();
  return null;
}

function callbackOf<T>(promise: Promise<T>, callback: (error: Error | null, value?: T) => void): void {
  promise.then(
    (value) => callback(null, value),
    (error: Error) => callback(error),
  );
}

/**
 * Messages read in full and being accepted. On close they finish (their client
 * gets its answer); every other session is told 421 and closed at once, since
 * nothing of it has been accepted and its client will try again.
 */
type InFlight = Set<Promise<unknown>>;

/** The connection of each session, so that the guard's choice of one to make room can be closed. */
const connectionOf = new WeakMap<SMTPServerSession, SubmissionConnection>();
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
    secure,
    key: material.key,
    cert: material.cert,
    name: smtp.hostname,
    banner: 'Mailgate mail submission',
    size: smtp.maxMessageBytes,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: smtp.allowInsecureAuth,
    authRequiredMessage: '5.7.0 Authentication required',
    hideSTARTTLS: secure,
    hideENHANCEDSTATUSCODES: false,
    hide8BITMIME: false,
    hidePIPELINING: false,
    hideSMTPUTF8: false,
    // A submission port has no use for the client's reverse DNS, and a slow resolver would stall every connection.
    disableReverseLookup: true,
    // The guard counts connections once they are ready (onConnect) and may close one
    // to make room, so the library's own cap, per port, is only a backstop for
    // sockets not yet there (a TLS handshake, the greeting's delay): twice the guard's.
    maxClients: 2 * smtp.maxConnections,
    closeTimeout: Math.max(1000, config.shutdownGraceSeconds * 1000),
    logger: false,

    // The idle timeout of the socket (any byte restarts it); the connection's own deadlines count commands.
    socketTimeout: smtp.idleTimeoutMs,
    // Commands before AUTH (EHLO, STARTTLS, NOOP, …): a client that will not authenticate is sent away.
    maxAllowedUnauthenticatedCommands: 10,

    onConnect(session, callback) {
      const address = session.remoteAddress;
      try {
        core.limits.checkIp(address);
      } catch {
        callback(REPLIES.tooManyConnections());
        return;
      }
      if (guard.lockedOut(address)) {
        callback(REPLIES.tooManyAuthFailures());
        return;
      }
      const admission = guard.open(address, session);
      if (!admission.admitted) {
        callback(admission.reason === 'address_full' ? REPLIES.tooManyConnections() : REPLIES.serverFull());
        return;
      }
      if (admission.evicted) connectionOf.get(admission.evicted)?.evict();
      callback();
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
      const refusal = envelopeRefusal(address, MAIL_PARAMETERS, address.args !== false && address.args.SMTPUTF8 === true);
      if (refusal) {
        callback(refusal);
        return;
      }
      // RFC 1870: a declared SIZE that cannot be taken now is refused before any of it is sent.
      const declared = Number((address.args ? address.args.SIZE : undefined) ?? 0);
      if (declared > 0 && declared <= smtp.maxMessageBytes && !budget.fits(declared)) {
        callback(REPLIES.storageFull());
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
      const mailArgs = session.envelope.mailFrom === false ? false : session.envelope.mailFrom.args;
      const refusal = envelopeRefusal(address, RCPT_PARAMETERS, mailArgs !== false && mailArgs.SMTPUTF8 === true);
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
      // Keep the message while it fits its own limit and the listener's budget;
      // past either, drain the rest and refuse. A client that leaves mid-message
      // destroys the stream: it never ends, and nothing is stored.
      const chunks: Buffer[] = [];
      let size = 0;
      let held = 0;
      let refused: 552 | 452 | null = null;
      let ended = false;
      const release = () => {
        budget.give(held);
        held = 0;
        chunks.length = 0;
      };
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (refused !== null) return;
        if (size > smtp.maxMessageBytes || !budget.take(chunk.length)) {
          refused = size > smtp.maxMessageBytes ? 552 : 452;
          release();
          return;
        }
        held += chunk.length;
        chunks.push(chunk);
      });
      stream.on('error', () => undefined);
      stream.on('close', () => {
        if (!ended) release();
      });
      stream.on('end', () => {
        ended = true;
        if (stream.sizeExceeded || refused === 552) {
          release();
          callback(REPLIES.tooBig(smtp.maxMessageBytes));
          return;
        }
        if (refused === 452) {
          callback(REPLIES.storageFull());
          return;
        }
        const raw = Buffer.concat(chunks, size);
        chunks.length = 0;
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        // Tracked until its client has its answer, so that close() waits for exactly that.
        const answered = accept(raw, recipients, authOf(session))
          .then(
            (reply) => callback(null, reply),
            (error: Error) => callback(error),
          )
          .finally(release);
        inFlight.add(answered);
        void answered.finally(() => inFlight.delete(answered));
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

function listen(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once('error', onError);
    server.listen(port, host, () => {
      server.server.off('error', onError);
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Start the STARTTLS listener (and the implicit-TLS one when asked). */
export async function startSmtpServer(core: Core, options: SmtpListenOptions): Promise<SmtpListener> {
  const servers: SMTPServer[] = [];
  // A failing session must not take the process down; smtp-server reports it here.
  const quiet = () => {};
  const inFlight: InFlight = new Set();
  // One budget for both ports: they share the process's memory.
  const budget = createByteBudget(core.config.smtp.maxBufferedBytes);
  // One guard for both ports: an address's share, and the server's cap, count connections to either.
  const { smtp } = core.config;
  const guard = createSessionGuard<SMTPServerSession>({
    maxConnections: smtp.maxConnections,
    maxConnectionsPerAddress: smtp.maxConnectionsPerAddress,
    maxAuthFailuresPerAddress: smtp.maxAuthFailuresPerAddress,
  });
  const deadlines: SessionDeadlines = { authTimeoutMs: smtp.authTimeoutMs, idleTimeoutMs: smtp.idleTimeoutMs, dataTimeoutMs: smtp.dataTimeoutMs };
  const plain = new SubmissionServer(serverOptions(core, false, options.tls, inFlight, budget, guard), deadlines);
  plain.on('error', quiet);
  servers.push(plain);
  const port = await listen(plain, options.port, options.host);
  let securePort: number | null = null;
  if (options.securePort !== null) {
    const secure = new SubmissionServer(serverOptions(core, true, options.tls, inFlight, budget, guard), deadlines);
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
    async close() {
      const closed = Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      await Promise.allSettled([...inFlight]);
      for (const server of servers) {
        for (const connection of server.connections) {
          connection.send(421, '4.3.2 Service shutting down, try again later');
          connection.close();
        }
      }
      await closed;
    },
  };
}
