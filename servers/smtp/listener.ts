// What both SMTP listeners share: submission (server.ts) and inbound (inbound.ts).
// The connection with its deadlines and enhanced status codes, the server that
// makes those connections, admission through the session guard, the memory
// budget for messages, the envelope checks, reading one message within its
// limits, and listening and closing. Each listener adds only its own rules.
import type net from 'node:net';
import type tls from 'node:tls';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';
import type { Config, Core } from '../../src/index.ts';
import { hasEnhancedCode, REPLIES, withEnhancedCode, type SmtpReplyError } from './replies.ts';
import type { SessionGuard } from './session-guard.ts';
import type { TlsMaterial } from './tls.ts';

/** How long a session may go without a complete command, and take from DATA to the final dot (config.smtp). */
export interface SessionDeadlines {
  idleTimeoutMs: number;
  dataTimeoutMs: number;
}

/**
 * Every reply carries an RFC 3463 enhanced status code (ENHANCEDSTATUSCODES is
 * advertised). smtp-server adds one from its own table, which cannot say 4.7.1 or
 * 5.3.4; so a text that already starts with a code (ours) is sent as it is, an
 * error reply of the library's own gets its code from `withEnhancedCode`, and
 * success replies keep the library's (2.1.0 for MAIL, 2.1.5 for RCPT, 2.7.0 for AUTH).
 * smtp-server offers no option for it, so GuardedServer creates these connections itself.
 */
export class GuardedConnection extends SMTPConnection {
  private idleTimer: NodeJS.Timeout | undefined;
  private dataTimer: NodeJS.Timeout | undefined;

  /** Whether the EHLO being answered may list AUTH; a listener that takes none on this session says no. */
  protected advertisesAuth(): boolean {
    return true;
  }

  override send(code: number, data?: string | string[] | null, context?: string | false): void {
    if (code === 250 && Array.isArray(data) && !this.advertisesAuth()) {
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

  protected get deadlines(): SessionDeadlines {
    return (this._server as GuardedServer).deadlines;
  }

  /** Say why and close; the client keeps whatever it had not finished handing over. */
  protected hangUp(reply: SmtpReplyError): void {
    if (this._closing || this._closed) return;
    this.send(reply.responseCode, reply.message);
  }

  // smtp-server's own idle timeout restarts on every byte: a client trickling a
  // byte every few seconds would hold its slot for ever. These deadlines count
  // what a session achieves instead: a complete command since the last one, the
  // final dot from DATA.
  override init(): void {
    super.init();
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

  /** What a session closed to make room is told. */
  protected evictionReply(): SmtpReplyError {
    return REPLIES.evicted();
  }

  /** Closed to make room for a client from a less busy address (session-guard.ts). */
  evict(): void {
    this.hangUp(this.evictionReply());
  }

  override _onClose(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.dataTimer);
    super._onClose();
  }
}

type ConnectionClass = new (...args: ConstructorParameters<typeof SMTPConnection>) => GuardedConnection;

/** The connection of each session, so that the guard's choice of one to make room can be closed. */
const connectionOf = new WeakMap<SMTPServerSession, GuardedConnection>();

export class GuardedServer extends SMTPServer {
  constructor(
    options: SMTPServerOptions,
    readonly deadlines: SessionDeadlines,
    private readonly Connection: ConnectionClass,
  ) {
    super(options);
  }

  // Same as SMTPServer.connect, with our connection class.
  override connect(socket: net.Socket | tls.TLSSocket, socketOptions?: ConstructorParameters<typeof SMTPConnection>[2]): void {
    // Replies are small and come one by one as each check finishes: send each at
    // once rather than wait for the client's ACK of the one before (Nagle).
    socket.setNoDelay(true);
    const connection = new this.Connection(this, socket, socketOptions);
    connectionOf.set(connection.session, connection);
    this.connections.add(connection);
    connection.on('error', (error: Error) => this._onError(error));
    connection.on('connect', (data) => this._onClientConnect(data));
    connection.init();
  }
}

/** The options both listeners set alike: TLS, the advertised extensions, and the socket's bounds. */
export function commonServerOptions(config: Config, secure: boolean, material: TlsMaterial): SMTPServerOptions {
  const smtp = config.smtp;
  return {
    secure,
    key: material.key,
    cert: material.cert,
    name: smtp.hostname,
    hideSTARTTLS: secure,
    hideENHANCEDSTATUSCODES: false,
    hide8BITMIME: false,
    hidePIPELINING: false,
    hideSMTPUTF8: false,
    // Neither listener has a use for the client's reverse DNS, and a slow resolver would stall every connection.
    disableReverseLookup: true,
    // The guard counts connections once they are ready (onConnect) and may close one
    // to make room, so the library's own cap, per port, is only a backstop for
    // sockets not yet there (a TLS handshake, the greeting's delay): twice the guard's.
    maxClients: 2 * smtp.maxConnections,
    closeTimeout: Math.max(1000, config.shutdownGraceSeconds * 1000),
    logger: false,
    // The idle timeout of the socket (any byte restarts it); the connection's own deadlines count commands.
    socketTimeout: smtp.idleTimeoutMs,
  };
}

/**
 * A new connection's place: refused (the per-IP limit, `refusal`'s own reason, or
 * the guard's caps), or taken, possibly from a connection the guard chose to make
 * room, which is told why and closed. The reply to refuse with, or null.
 */
export function admitConnection(
  session: SMTPServerSession,
  guard: SessionGuard<SMTPServerSession>,
  limits: Pick<Core['limits'], 'checkIp'>,
  refusal: () => SmtpReplyError | null = () => null,
): SmtpReplyError | null {
  const address = session.remoteAddress;
  try {
    limits.checkIp(address);
  } catch {
    return REPLIES.tooManyConnections();
  }
  const refused = refusal();
  if (refused) return refused;
  const admission = guard.open(address, session);
  if (!admission.admitted) return admission.reason === 'address_full' ? REPLIES.tooManyConnections() : REPLIES.serverFull();
  if (admission.evicted) connectionOf.get(admission.evicted)?.evict();
  return null;
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
export const MAIL_PARAMETERS: ReadonlySet<string> = new Set(['SIZE', 'BODY', 'SMTPUTF8']);
export const RCPT_PARAMETERS: ReadonlySet<string> = new Set();

/**
 * RFC 5321 §4.1.1.11: a parameter the server does not support is refused (555),
 * not dropped, or a client asking for REQUIRETLS or a DSN would believe it got one.
 * RFC 6531: an address with non-ASCII characters needs SMTPUTF8 on MAIL FROM (553 5.6.7).
 */
export function envelopeRefusal(address: SMTPServerAddress, allowed: ReadonlySet<string>, smtputf8: boolean): SmtpReplyError | null {
  for (const name of Object.keys(address.args || {})) {
    if (!allowed.has(name.toUpperCase())) return REPLIES.unsupportedParameter(name);
  }
  if (!smtputf8 && /[^\x00-\x7f]/.test(address.address)) return REPLIES.utf8WithoutSmtputf8();
  return null;
}

/** What is wrong with a MAIL FROM before any of the message is sent: a parameter, or a declared SIZE that cannot be taken now (RFC 1870). */
export function mailFromRefusal(address: SMTPServerAddress, maxBytes: number, budget: ByteBudget): SmtpReplyError | null {
  const refusal = envelopeRefusal(address, MAIL_PARAMETERS, address.args !== false && address.args.SMTPUTF8 === true);
  if (refusal) return refusal;
  // Over the size limit is smtp-server's to refuse (552), as SIZE advertises it.
  const declared = Number((address.args ? address.args.SIZE : undefined) ?? 0);
  if (declared > 0 && declared <= maxBytes && !budget.fits(declared)) return REPLIES.storageFull();
  return null;
}

/** What is wrong with a RCPT TO's parameters or its address's characters, given the transaction's MAIL FROM. */
export function rcptToRefusal(address: SMTPServerAddress, session: SMTPServerSession): SmtpReplyError | null {
  const mailArgs = session.envelope.mailFrom === false ? false : session.envelope.mailFrom.args;
  return envelopeRefusal(address, RCPT_PARAMETERS, mailArgs !== false && mailArgs.SMTPUTF8 === true);
}

export function callbackOf<T>(promise: Promise<T>, callback: (error: Error | null, value?: T) => void): void {
  promise.then(
    (value) => callback(null, value),
    (error: Error) => callback(error),
  );
}

/** One message read in full: its bytes, held in the budget until `release`. */
export interface ReadMessage {
  raw: Buffer;
  release(): void;
}

/**
 * Counts the bytes of a message's header block, chunk by chunk as they arrive:
 * everything before the first empty line (CRLF, or a bare LF), which may fall
 * across chunks. Returns true once the block is known to exceed `limit` bytes;
 * past the empty line it looks at nothing more.
 */
export function createHeaderMeter(limit: number): (chunk: Buffer) => boolean {
  let seen = 0;
  let line = 0;
  let previous = -1;
  let ended = false;
  return (chunk) => {
    if (ended) return false;
    let from = 0;
    for (let lf = chunk.indexOf(10, from); lf >= 0; lf = chunk.indexOf(10, from)) {
      const before = lf > 0 ? chunk[lf - 1] : previous;
      line += lf - from;
      if (line === 0 || (line === 1 && before === 13)) {
        ended = true;
        return seen > limit;
      }
      seen += line + 1;
      line = 0;
      from = lf + 1;
    }
    line += chunk.length - from;
    previous = chunk.length > 0 ? chunk[chunk.length - 1]! : previous;
    // A line so far only a CR may yet be the empty line: it is not counted until its LF says.
    return seen + (line === 1 && previous === 13 ? 0 : line) > limit;
  };
}

/**
 * Read the message of a DATA within its own limit, the listener's budget and, when
 * given, a limit on its header block; past any, drain the rest and refuse. `done` is
 * called once, at the final dot, with the message or with the reply refusing it
 * (552 5.3.4, or 452 4.3.1: try again later). A client that leaves mid-message
 * destroys the stream: it never ends, `done` is never called, and nothing is kept.
 */
export function readMessage(
  stream: SMTPServerDataStream,
  maxBytes: number,
  budget: ByteBudget,
  done: (result: { message: ReadMessage } | { refusal: SmtpReplyError }) => void,
  maxHeaderBytes?: number,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let held = 0;
  let refused: 552 | 452 | 'header' | null = null;
  let ended = false;
  const headerTooBig = maxHeaderBytes === undefined ? null : createHeaderMeter(maxHeaderBytes);
  const release = () => {
    budget.give(held);
    held = 0;
    chunks.length = 0;
  };
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (refused !== null) return;
    if (headerTooBig?.(chunk)) {
      refused = 'header';
      release();
      return;
    }
    if (size > maxBytes || !budget.take(chunk.length)) {
      refused = size > maxBytes ? 552 : 452;
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
    if (refused === 'header') {
      done({ refusal: REPLIES.headerTooBig(maxHeaderBytes!) });
      return;
    }
    if (stream.sizeExceeded || refused === 552) {
      release();
      done({ refusal: REPLIES.tooBig(maxBytes) });
      return;
    }
    if (refused === 452) {
      done({ refusal: REPLIES.storageFull() });
      return;
    }
    const raw = Buffer.concat(chunks, size);
    chunks.length = 0;
    done({ message: { raw, release } });
  });
}

/**
 * Messages read in full and being accepted. On close they finish (their client
 * gets its answer); every other session is told 421 and closed at once, since
 * nothing of it has been accepted and its client will try again.
 */
export type InFlight = Set<Promise<unknown>>;

/** Track `answered` (a message's verdict, given to its client) until it settles. */
export function trackInFlight(inFlight: InFlight, answered: Promise<unknown>): void {
  inFlight.add(answered);
  void answered.finally(() => inFlight.delete(answered));
}

export function listen(server: SMTPServer, port: number, host: string): Promise<number> {
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

/** Stop accepting; messages being accepted get their answer, every other session is told 421 and closed. */
export async function closeServers(servers: readonly SMTPServer[], inFlight: InFlight): Promise<void> {
  const closed = Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  await Promise.allSettled([...inFlight]);
  for (const server of servers) {
    for (const connection of server.connections) {
      connection.send(421, '4.3.2 Service shutting down, try again later');
      connection.close();
    }
  }
  await closed;
}
