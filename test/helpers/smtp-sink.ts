import { simpleParser, type ParsedMail } from 'mailparser';
import type { Socket } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 (ephemeral port) standing in for a relay: it
 * records every transaction, parses each accepted message with mailparser, and
 * answers as the test says (accept, refuse with a code, drop the connection
 * without a reply, or stall in DATA).
 */
export interface SinkReply {
  code: number;
  message: string;
}

/**
 * What the sink does with a recipient (RCPT TO) or a whole message (after DATA).
 * `drop` destroys the client's socket instead of answering, as a relay that
 * crashes or cuts a connection off mid-transaction does.
 */
export type ConnectDecision = 'accept' | 'drop' | SinkReply;
export type RcptDecision = 'accept' | 'drop' | SinkReply;
export type DataDecision = 'accept' | 'stall' | 'drop' | SinkReply;

export interface SinkEnvelope {
  mailFrom: string;
  rcptTo: string[];
}

/** A message as the sink read it, without parsing it (`parse: false`). */
export interface RawReceivedMessage {
  envelope: SinkEnvelope;
  /** The AUTH username of the session, or null without AUTH. */
  user: string | null;
  raw: string;
  /** Date.now() when the message had been read in full. */
  receivedAt: number;
  /** The value of the first header field of this name (any case), unfolded; undefined when there is none. */
  header(name: string): string | undefined;
}

export interface ReceivedMessage extends RawReceivedMessage {
  parsed: ParsedMail;
}

export interface SmtpSinkOptions {
  /** Require AUTH PLAIN/LOGIN with exactly these credentials (over plain TCP). */
  auth?: { user: string; pass: string };
  /**
   * false: keep each message raw, with its header fields, instead of parsing it
   * with mailparser (most of the sink's time per message), for tests that count
   * thousands of messages by a header.
   */
  parse?: boolean;
}

export interface SmtpSink<M extends RawReceivedMessage = ReceivedMessage> {
  readonly port: number;
  /** Messages the sink accepted (2xx after DATA). */
  readonly messages: M[];
  /** Messages fully received in DATA whose answer is being withheld ('stall'). */
  readonly stalled: M[];
  /** Every RCPT TO address offered, accepted or not. */
  readonly rcptAttempts: string[];
  /** Number of MAIL FROM commands seen (one per attempted transaction). */
  readonly transactions: number;
  /** Number of connections opened to the sink. */
  readonly connections: number;
  /**
   * No connection is open and no message is being received or decided on: all
   * that a client (a killed one, say) got across is in `messages` or `stalled`.
   */
  readonly quiet: boolean;
  /** Decide per connection, before the greeting (a reply refuses the session); default accepts. */
  onConnect: () => ConnectDecision;
  /** Decide per recipient; default accepts. */
  onRcpt: (address: string) => RcptDecision;
  /** Decide per message once it has been read in full (a promise: answer once it settles, a slow relay); default accepts. */
  onData: (message: M) => DataDecision | Promise<DataDecision>;
  /** `smtp://[user:pass@]127.0.0.1:port` */
  url(credentials?: { user: string; pass: string }): string;
  close(): Promise<void>;
}

function replyError(reply: SinkReply): Error {
  const error = new Error(reply.message) as Error & { responseCode: number };
  error.responseCode = reply.code;
  return error;
}

function readStream(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function envelopeOf(session: SMTPServerSession): SinkEnvelope {
  const from = session.envelope.mailFrom;
  return { mailFrom: from ? from.address : '', rcptTo: session.envelope.rcptTo.map((r) => r.address) };
}

/** The header fields of a raw message, unfolded, by lower-cased name (the first of each name). */
function headerFields(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const fields = new Map<string, string>();
  for (const line of (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

export function startSmtpSink(options?: SmtpSinkOptions & { parse?: true }): Promise<SmtpSink>;
export function startSmtpSink(options: SmtpSinkOptions & { parse: false }): Promise<SmtpSink<RawReceivedMessage>>;
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink | SmtpSink<RawReceivedMessage>> {
  type Message = ReceivedMessage | RawReceivedMessage;
  const messages: Message[] = [];
  const stalled: Message[] = [];
  const rcptAttempts: string[] = [];
  let transactions = 0;
  let connections = 0;
  /** Connections open now, and messages from DATA until they are recorded, refused, or cut off. */
  let open = 0;
  let inData = 0;
  // The client sockets by their port, so that a decision can drop one.
  const sockets = new Map<number, Socket>();
  const drop = (session: SMTPServerSession) => sockets.get(session.remotePort)?.destroy();

  const server = new SMTPServer({
    disableReverseLookup: true,
    hideSTARTTLS: true,
    logger: false,
    closeTimeout: 200,
    ...(options.auth ? { authOptional: false, allowInsecureAuth: true, authMethods: ['PLAIN', 'LOGIN'] } : { authOptional: true, disabledCommands: ['AUTH'] }),
    onAuth(auth, _session, callback) {
      const expected = options.auth;
      if (expected && auth.username === expected.user && auth.password === expected.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(replyError({ code: 535, message: '5.7.8 Authentication credentials invalid' }));
      }
    },
    onConnect(session, callback) {
      connections += 1;
      const decision = sink.onConnect();
      if (decision === 'drop') return drop(session);
      callback(decision === 'accept' ? null : replyError(decision));
    },
    onMailFrom(_address, _session, callback) {
      transactions += 1;
      callback();
    },
    onRcptTo(address, session, callback) {
      rcptAttempts.push(address.address);
      const decision = sink.onRcpt(address.address);
      if (decision === 'drop') return drop(session);
      callback(decision === 'accept' ? null : replyError(decision));
    },
    onData(stream, session, callback) {
      inData++;
      readStream(stream)
        .then(
          async (buffer) => {
            const raw = buffer.toString('utf8');
            const receivedAt = Date.now();
            let fields: Map<string, string> | undefined;
            const read: RawReceivedMessage = {
              envelope: envelopeOf(session),
              user: typeof session.user === 'string' ? session.user : null,
              raw,
              receivedAt,
              header(name) {
                fields ??= headerFields(raw);
                return fields.get(name.toLowerCase());
              },
            };
            const message: Message = options.parse === false ? read : { ...read, parsed: await simpleParser(buffer) };
            const decision = await sink.onData(message);
            if (decision === 'drop') return drop(session);
            if (decision === 'stall') {
              // Never answer: the client sits waiting for the reply to DATA.
              stalled.push(message);
              return;
            }
            if (decision === 'accept') {
              messages.push(message);
              callback(null, 'OK: queued by the test sink');
            } else {
              callback(replyError(decision));
            }
          },
          (error: Error) => callback(error),
        )
        .finally(() => inData--);
    },
  });
  server.on('error', () => undefined);
  server.server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => open--);
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.once('close', () => sockets.delete(port));
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp sink has no port');
  const port = address.port;

  const sink: SmtpSink<Message> = {
    port,
    messages,
    stalled,
    rcptAttempts,
    get transactions() {
      return transactions;
    },
    get connections() {
      return connections;
    },
    get quiet() {
      return open === 0 && inData === 0;
    },
    onConnect: () => 'accept',
    onRcpt: () => 'accept',
    onData: () => 'accept',
    url(credentials) {
      const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
      return `smtp://${auth}127.0.0.1:${port}`;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return sink;
}
