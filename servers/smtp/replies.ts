import { IDEMPOTENCY_CODES, isAppError, RECIPIENT_SUPPRESSED, SUBMISSION_IDEMPOTENCY_HEADER, type AppError } from '../../src/index.ts';

/**
 * The SMTP adapter's one error table: an AppError (or anything else) becomes a
 * reply code with an RFC 3463 enhanced status code at the start of its text.
 * Temporary trouble is always 4xx, so a client keeps the message and retries:
 * nothing a client handed over is lost to an error of ours.
 */
export interface SmtpReplyError extends Error {
  responseCode: number;
}

export function smtpError(code: number, text: string): SmtpReplyError {
  const error = new Error(text) as SmtpReplyError;
  error.responseCode = code;
  return error;
}

/**
 * The replies the adapter gives of its own (not from an AppError): the listener
 * and the message parser refuse with these, so every reply text is in this file.
 */
export const REPLIES = {
  tooManyConnections: () => smtpError(421, '4.7.0 Too many connections from this address, try again later'),
  serverFull: () => smtpError(421, '4.7.0 Too many connections to this server, try again later'),
  evicted: () => smtpError(421, '4.7.0 Too many connections: this unauthenticated session makes room for a less busy address, try again later'),
  tooManyAuthFailures: () => smtpError(421, '4.7.0 Too many failed authentication attempts, try again later'),
  authTooSlow: () => smtpError(421, '4.7.0 Authentication took too long, closing connection'),
  idleTooLong: () => smtpError(421, '4.4.2 Idle for too long, closing connection'),
  dataTooSlow: (seconds: number) => smtpError(421, `4.4.2 The message took longer than ${seconds} s to arrive, closing connection; nothing was kept`),
  badCredentials: (username: string) => smtpError(535, `5.7.8 Authentication credentials invalid (the username is "${username}", the password an API token)`),
  tooManyRecipients: (max: number) => smtpError(452, `4.5.3 Too many recipients (at most ${max} per message)`),
  tooBig: (maxBytes: number) => smtpError(552, `5.3.4 Message size exceeds fixed limit (${maxBytes} bytes)`),
  headerTooBig: (maxBytes: number) => smtpError(552, `5.3.4 Message header size exceeds fixed limit (${maxBytes} bytes before the first empty line)`),
  storageFull: () => smtpError(452, '4.3.1 Insufficient system storage: too many messages are being received at once, try again later'),
  unparseable: () => smtpError(550, '5.6.0 Message refused: it could not be parsed as an RFC 5322 message'),
  idempotencyHeaderTwice: () => smtpError(550, `5.6.0 Message refused: ${SUBMISSION_IDEMPOTENCY_HEADER} must appear once, as one key`),
  unsupportedParameter: (name: string) => smtpError(555, `5.5.4 Unsupported parameter ${oneLine(name).slice(0, 64)}`),
  utf8WithoutSmtputf8: () => smtpError(553, '5.6.7 A non-ASCII address needs SMTPUTF8 on MAIL FROM'),
  // The inbound listener's: it takes mail for this server's return paths only.
  notOurs: (address: string) =>
    smtpError(550, `5.7.1 <${oneLine(address).slice(0, 254)}>: relay access denied: not a receiving domain or return path of this server`),
  noAuthInbound: () =>
    smtpError(
      503,
      "5.5.1 Authentication not enabled: this port takes mail for this server's receiving domains and return paths; submit mail on the submission port",
    ),
  evictedInbound: () =>
    smtpError(421, '4.7.0 Too many connections: this session, with no recipient taken yet, makes room for a less busy address, try again later'),
  notStored: () => smtpError(451, '4.3.0 Temporary server error: the message was not stored; try again later'),
};

/** Where in the transaction an error happened: the same kind reads differently at RCPT and after DATA. */
export type SmtpPhase = 'auth' | 'mail' | 'rcpt' | 'data';

/** One line: replies are single lines, and a client's input may appear in them. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').slice(0, 400);

export function replyFor(error: unknown, phase: SmtpPhase): SmtpReplyError {
  if (!isAppError(error)) return smtpError(451, '4.3.0 Temporary server error; try again later');
  const e: AppError = error;
  switch (e.kind) {
    case 'invalid_api_key':
    case 'invalid_credentials':
    case 'missing_api_key':
      return smtpError(535, '5.7.8 Authentication credentials invalid');
    case 'rate_limit_exceeded':
      return smtpError(451, `4.7.1 Rate limit exceeded, try again later: ${oneLine(e.message)}`);
    case 'recipient_rate_limited':
      return phase === 'rcpt'
        ? smtpError(450, `4.7.1 Recipient temporarily rate limited: ${oneLine(e.message)}`)
        : smtpError(451, `4.7.1 Recipient temporarily rate limited: ${oneLine(e.message)}`);
    case 'validation_error':
      // On the suppression list: refused for good, at RCPT, or after DATA when every recipient is.
      if (e.code === RECIPIENT_SUPPRESSED) return smtpError(550, `5.1.1 Recipient address rejected: ${oneLine(e.message)}`);
      if (phase === 'rcpt') return smtpError(501, `5.1.3 Bad recipient address syntax: ${oneLine(e.message)}`);
      if (phase === 'mail') return smtpError(501, `5.1.7 Bad sender address syntax: ${oneLine(e.message)}`);
      return smtpError(550, `5.6.0 Message refused: ${oneLine(e.message)}`);
    case 'idempotency_conflict':
      return e.code === IDEMPOTENCY_CODES.reused
        ? smtpError(550, `5.7.0 ${SUBMISSION_IDEMPOTENCY_HEADER} was already used for a different message`)
        : smtpError(451, `4.3.0 A message with this ${SUBMISSION_IDEMPOTENCY_HEADER} is still being accepted; try again later`);
    case 'payload_too_large':
      return smtpError(552, '5.3.4 Message size exceeds fixed limit');
    case 'forbidden':
      return smtpError(550, `5.7.1 ${oneLine(e.message)}`);
    // Kinds no SMTP step raises today: whatever they come to mean here, a
    // temporary refusal keeps the message with the client.
    case 'not_found':
    case 'conflict':
    case 'internal_error':
      return smtpError(451, '4.3.0 Temporary server error; try again later');
    default: {
      // A new kind must be given its reply above: this does not compile until it is.
      const unmapped: never = e.kind;
      void unmapped;
      return smtpError(451, '4.3.0 Temporary server error; try again later');
    }
  }
}

/**
 * smtp-server writes some replies itself, without enhanced codes (they are not
 * advertised, so it does not add them). These give those replies the code and
 * wording RFC 3207, 4954 and 1870 ask for; the rest get the generic code of their class.
 */
const LIBRARY_REPLIES: [code: number, pattern: RegExp, text: string][] = [
  [538, /STARTTLS/i, '5.7.11 Encryption required for requested authentication mechanism; issue STARTTLS first'],
  [552, /size/i, '5.3.4 Message size exceeds fixed limit'],
  [530, /./, '5.7.0 Authentication required'],
  [501, /recipient address/i, '5.1.3 Bad recipient address syntax'],
  [501, /sender address/i, '5.1.7 Bad sender address syntax'],
];

const GENERIC: Record<number, string> = {
  421: '4.4.2',
  450: '4.2.0',
  451: '4.3.0',
  452: '4.5.3',
  454: '4.7.0',
  500: '5.5.2',
  501: '5.5.4',
  502: '5.5.1',
  503: '5.5.1',
  504: '5.5.4',
  530: '5.7.0',
  535: '5.7.8',
  538: '5.7.11',
  550: '5.7.1',
  552: '5.3.4',
  553: '5.1.3',
  554: '5.6.0',
  555: '5.5.4',
};

const ENHANCED_CODE = /^[245]\.\d{1,3}\.\d{1,3}(\s|$)/;

/** Does a reply text already start with an RFC 3463 code (x.y.z)? */
export function hasEnhancedCode(text: string): boolean {
  return ENHANCED_CODE.test(text);
}

/** The text smtp-server should send for an error reply (code ≥ 400), enhanced code first. */
export function withEnhancedCode(code: number, text: string): string {
  if (code < 400 || hasEnhancedCode(text)) return text;
  for (const [c, pattern, replacement] of LIBRARY_REPLIES) if (c === code && pattern.test(text)) return replacement;
  const generic = GENERIC[code] ?? (code >= 500 ? '5.0.0' : '4.0.0');
  return `${generic} ${text.replace(/^Error:\s*/, '')}`;
}
