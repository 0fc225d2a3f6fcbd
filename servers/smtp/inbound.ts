// The inbound SMTP door: where mail for the organizations' receiving domains
// arrives, and where bounces, delay notices and complaint reports come back to
// the return paths of the mail Mailgate sent. Nobody authenticates, and it
// relays nothing: a recipient is taken only when the core says it is one of
// this server's return paths or at a receiving domain. A message read in full
// goes to each side its recipients belong to: parsed into a report for
// core.returns, or authenticated and parsed (received-mail.ts) for
// core.receiving; 250 is answered only once the core has stored it. The caps,
// deadlines and TLS are the submission listener's (listener.ts,
// session-guard.ts, tls.ts).
import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server';
import { isAppError, type Core, type ReceivedReport, type ReceivingService, type ReturnReport, type ReturnsService } from '../../src/index.ts';
import {
  admitConnection,
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
} from './listener.ts';
import { mailEnvelope, type MailReader } from './received-mail.ts';
import { REPLIES, replyFor } from './replies.ts';
import { createSessionGuard, type SessionGuard } from './session-guard.ts';
import type { TlsMaterial } from './tls.ts';

/** A message that came back, as the core receives it. */
/** A message the listener took, as the core gets it (the envelope, the bytes, what the parser read). */
export type ReceivedMessage = ReceivedReport;

/** What this door needs of the core's return paths (`core.returns`): `acceptsRecipient` at RCPT TO (false is `550 5.7.1`, a rejection `451`), `receive` after DATA (resolved: `250`; a rejection: `451 4.3.0`). */
export type InboundCore = Pick<ReturnsService, 'acceptsRecipient' | 'receive'>;

/** What it needs of the core's receiving domains (`core.receiving`): as for return paths; a `forbidden` refusal (DMARC reject) is `550 5.7.1`. */
export type ReceivingCore = Pick<ReceivingService, 'acceptsRecipient' | 'receive'>;

export type ReportParser = (raw: Buffer) => Promise<ReturnReport>;

export interface InboundListenOptions {
  host: string;
  /** 0 picks a free one. */
  port: number;
  /** The submission listener's certificate, for STARTTLS. */
  tls: TlsMaterial;
  returns: InboundCore;
  parseReport: ReportParser;
  receiving: ReceivingCore;
  /** Authenticates and parses a message for a receiving domain (createMailReader). */
  readMail: MailReader;
  /** The memory for messages, shared with the submission listener when both run; by default one of its own (SMTP_MAX_BUFFERED_BYTES). */
  budget?: ByteBudget;
}

/** What the listener hands mail to: core.returns with the parser of reports, core.receiving with the reader of received mail. */
export type InboundHandlers = Pick<InboundListenOptions, 'returns' | 'parseReport' | 'receiving' | 'readMail'>;

export interface InboundListener {
  port: number;
  /** Bytes of messages held right now, being received or stored. */
  readonly bufferedBytes: number;
  /** Stop accepting; messages being stored get their answer, every other session is told 421 and closed. */
  close(): Promise<void>;
}

/** The reply once the core has stored a message. */
export const RECEIVED_REPLY = '2.0.0 Ok: received';

/**
 * The most a message's header block (up to its first empty line) may take: what
 * Exchange Online allows. Real headers, long Received and ARC chains included, take
 * tens of kilobytes; a larger block is refused at the end of DATA with 552 5.3.4
 * rather than handed to the parsers, and is not held while it drains.
 */
export const INBOUND_MAX_HEADER_BYTES = 256 * 1024;

/**
 * Recipients asked about in each transaction (keyed by its envelope, which
 * smtp-server makes anew for each one), taken or not. Every one is a lookup in the
 * core, so a client trying thousands of addresses in one transaction is cut at the
 * recipient cap rather than at the addresses it happens to get right.
 */
const recipientsTried = new WeakMap<SMTPServerSession['envelope'], number>();

/** The recipients of each transaction taken for a receiving domain (lower case); every other one taken is a return path. */
const receivingRecipients = new WeakMap<SMTPServerSession['envelope'], Set<string>>();

/** No AUTH here: not advertised, and refused in words that say where submission is. */
class InboundConnection extends GuardedConnection {
  protected override advertisesAuth(): boolean {
    return false;
  }

  protected override evictionReply() {
    return REPLIES.evictedInbound();
  }

  override handler_AUTH(_command: Buffer, callback: () => void): void {
    const reply = REPLIES.noAuthInbound();
    this.send(reply.responseCode, reply.message);
    callback();
  }
}

/** What a message that cannot be read as a report at all is handed over as: kept, as no report. */
const UNREADABLE: ReturnReport = { kind: 'none', subject: null };

function inboundOptions(
  core: Core,
  options: InboundListenOptions,
  inFlight: InFlight,
  budget: ByteBudget,
  guard: SessionGuard<SMTPServerSession>,
): SMTPServerOptions {
  const { config } = core;
  const { smtp } = config;
  const maxBytes = config.inbound.maxMessageBytes;
  const { returns, parseReport, receiving, readMail } = options;

  /**
   * Parse, then store. A parser that fails hands the message over as no report
   * rather than refusing it: its sender (often a null sender, whose bounce of a
   * bounce goes nowhere) would retry for days and then drop it, while kept it can
   * still be read. Only the core's failure to store is temporary trouble (451).
   */
  async function handReport(raw: Buffer, session: SMTPServerSession, recipients: string[]): Promise<void> {
    const report = await parseReport(raw).catch(() => UNREADABLE);
    const mailFrom = session.envelope.mailFrom === false ? null : session.envelope.mailFrom.address || null;
    try {
      await returns.receive({
        recipients,
        mailFrom,
        remoteAddress: session.remoteAddress,
        raw,
        report,
      });
    } catch {
      throw REPLIES.notStored();
    }
  }

  /**
   * Authenticate and parse, then store. The reader never refuses a message for
   * what it holds (one it cannot parse is kept as far as it could be read); the
   * core refuses one that failed DMARC under a reject policy (550 5.7.1), and its
   * failure to store is temporary trouble (451). So is a message nobody stored
   * because its recipients' domains stopped receiving since RCPT TO: 250 would
   * drop it, while its client's retry is refused at RCPT and bounced to its sender.
   */
  async function handMail(raw: Buffer, session: SMTPServerSession, recipients: string[]): Promise<void> {
    const mail = await readMail.read(raw, { ...mailEnvelope(session), recipients });
    let stored: string[];
    try {
      stored = (await receiving.receive(mail)).ids;
    } catch (error) {
      if (isAppError(error) && error.kind === 'forbidden') throw replyFor(error, 'data');
      throw REPLIES.notStored();
    }
    if (stored.length === 0) throw REPLIES.notStored();
  }

  /** Each side gets the recipients that are its own; 250 once both have stored what they got. */
  async function hand(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const received = receivingRecipients.get(session.envelope);
    const all = session.envelope.rcptTo.map((r) => r.address);
    const forReceiving = all.filter((a) => received?.has(a.toLowerCase()));
    const forReturns = all.filter((a) => !received?.has(a.toLowerCase()));
    await Promise.all([
      forReturns.length > 0 ? handReport(raw, session, forReturns) : undefined,
      forReceiving.length > 0 ? handMail(raw, session, forReceiving) : undefined,
    ]);
  }

  /** Whose the address is: one of our return paths (checked first: no database read), at a receiving domain, or neither. */
  async function recipientKind(address: string): Promise<'return_path' | 'receiving' | null> {
    if (await returns.acceptsRecipient(address)) return 'return_path';
    return (await receiving.acceptsRecipient(address)) ? 'receiving' : null;
  }

  return {
    ...commonServerOptions(config, false, options.tls),
    banner: 'Mailgate inbound mail',
    size: maxBytes,
    // No one authenticates here (handler_AUTH above refuses it); the recipients are the check.
    authOptional: true,

    onConnect(session, callback) {
      callback(admitConnection(session, guard, core.limits));
    },

    onClose(session) {
      guard.closed(session);
    },

    // Any sender, the null sender `<>` of bounces above all.
    onMailFrom(address, _session, callback) {
      callback(mailFromRefusal(address, maxBytes, budget));
    },

    onRcptTo(address, session, callback) {
      const refusal = rcptToRefusal(address, session);
      if (refusal) {
        callback(refusal);
        return;
      }
      // Taken already in this transaction: taken again, without asking the core twice.
      const key = address.address.toLowerCase();
      if (session.envelope.rcptTo.some((r) => r.address.toLowerCase() === key)) {
        callback();
        return;
      }
      const tried = recipientsTried.get(session.envelope) ?? 0;
      if (tried >= smtp.maxRecipients) {
        callback(REPLIES.tooManyRecipients(smtp.maxRecipients));
        return;
      }
      recipientsTried.set(session.envelope, tried + 1);
      recipientKind(address.address).then(
        (kind) => {
          if (kind === null) {
            callback(REPLIES.notOurs(address.address));
            return;
          }
          if (kind === 'return_path') {
            // A session handing over mail for a return path is this port's honest client,
            // as an authenticated one is submission's: it is never closed to make room
            // for another address. Its deadlines still hold. Mail for a receiving domain
            // may come from anyone, so it earns no such standing.
            guard.authenticated(session);
          } else {
            const taken = receivingRecipients.get(session.envelope) ?? new Set<string>();
            taken.add(key);
            receivingRecipients.set(session.envelope, taken);
          }
          callback();
        },
        (error: unknown) => callback(replyFor(error, 'rcpt')),
      );
    },

    onData(stream, session, callback) {
      readMessage(
        stream,
        maxBytes,
        budget,
        (result) => {
          if ('refusal' in result) {
            callback(result.refusal);
            return;
          }
          const { raw, release } = result.message;
          // Tracked until its client has its answer, so that close() waits for exactly that.
          const answered = hand(raw, session)
            .then(
              () => callback(null, RECEIVED_REPLY),
              (error: Error) => callback(error),
            )
            .finally(release);
          trackInFlight(inFlight, answered);
        },
        INBOUND_MAX_HEADER_BYTES,
      );
    },
  };
}

/** Start the inbound listener: STARTTLS offered, no AUTH, recipients checked with `options.returns` and `options.receiving`. */
export async function startInboundServer(core: Core, options: InboundListenOptions): Promise<InboundListener> {
  const { smtp } = core.config;
  const inFlight: InFlight = new Set();
  const budget = options.budget ?? createByteBudget(smtp.maxBufferedBytes);
  // A guard of its own, with submission's caps: strangers on port 25 take nothing from submission's clients.
  const guard = createSessionGuard<SMTPServerSession>({
    maxConnections: smtp.maxConnections,
    maxConnectionsPerAddress: smtp.maxConnectionsPerAddress,
    maxAuthFailuresPerAddress: smtp.maxAuthFailuresPerAddress,
  });
  const server = new GuardedServer(
    inboundOptions(core, options, inFlight, budget, guard),
    { idleTimeoutMs: smtp.idleTimeoutMs, dataTimeoutMs: smtp.dataTimeoutMs },
    InboundConnection,
  );
  // A failing session must not take the process down; smtp-server reports it here.
  server.on('error', () => {});
  const port = await listen(server, options.port, options.host);
  return {
    port,
    get bufferedBytes() {
      return budget.used;
    },
    close() {
      return closeServers([server], inFlight);
    },
  };
}
