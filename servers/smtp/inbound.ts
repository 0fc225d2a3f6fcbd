// The inbound SMTP door: where bounces, delay notices and complaint reports come
// back to the return paths of the mail Mailgate sent. Nobody authenticates, and
// it relays nothing: a recipient is taken only when the core says it is one of
// this server's return paths. A message read in full is parsed into a report and
// handed to the core, and 250 is answered only once the core has stored it. What
// a report means is the core's (core.returns); the caps, deadlines and TLS are
// the submission listener's (listener.ts, session-guard.ts, tls.ts).
import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server';
import type { Core, ReceivedReport, ReturnReport, ReturnsService } from '../../src/index.ts';
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
import { REPLIES, replyFor } from './replies.ts';
import { createSessionGuard, type SessionGuard } from './session-guard.ts';
import type { TlsMaterial } from './tls.ts';

/** A message that came back, as the core receives it. */
/** A message the listener took, as the core gets it (the envelope, the bytes, what the parser read). */
export type ReceivedMessage = ReceivedReport;

/** What this door needs of the core (`core.returns`): `acceptsRecipient` at RCPT TO (false is `550 5.7.1`, a rejection `451`), `receive` after DATA (resolved: `250`; a rejection: `451 4.3.0`). */
export type InboundCore = Pick<ReturnsService, 'acceptsRecipient' | 'receive'>;

export type ReportParser = (raw: Buffer) => Promise<ReturnReport>;

export interface InboundListenOptions {
  host: string;
  /** 0 picks a free one. */
  port: number;
  /** The submission listener's certificate, for STARTTLS. */
  tls: TlsMaterial;
  returns: InboundCore;
  parseReport: ReportParser;
  /** The memory for messages, shared with the submission listener when both run; by default one of its own (SMTP_MAX_BUFFERED_BYTES). */
  budget?: ByteBudget;
}

/** What the listener hands mail to: core.returns, and the parser of reports. */
export type InboundHandlers = Pick<InboundListenOptions, 'returns' | 'parseReport'>;

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
  const { returns, parseReport } = options;

  /**
   * Parse, then store. A parser that fails hands the message over as no report
   * rather than refusing it: its sender (often a null sender, whose bounce of a
   * bounce goes nowhere) would retry for days and then drop it, while kept it can
   * still be read. Only the core's failure to store is temporary trouble (451).
   */
  async function hand(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const report = await parseReport(raw).catch(() => UNREADABLE);
    const mailFrom = session.envelope.mailFrom === false ? null : session.envelope.mailFrom.address || null;
    try {
      await returns.receive({
        recipients: session.envelope.rcptTo.map((r) => r.address),
        mailFrom,
        remoteAddress: session.remoteAddress,
        raw,
        report,
      });
    } catch {
      throw REPLIES.notStored();
    }
  }

  return {
    ...commonServerOptions(config, false, options.tls),
    banner: 'Mailgate inbound mail (bounces and reports)',
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
      returns.acceptsRecipient(address.address).then(
        (accepted) => {
          if (!accepted) {
            callback(REPLIES.notAReturnPath(address.address));
            return;
          }
          // A session handing over mail for a return path is this port's honest client,
          // as an authenticated one is submission's: it is never closed to make room
          // for another address. Its deadlines still hold.
          guard.authenticated(session);
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

/** Start the inbound listener: STARTTLS offered, no AUTH, recipients checked with `options.returns`. */
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
