// A message for a receiving domain as the inbound listener hands it to the
// core: the envelope, the bytes as they will be stored (with the Received and
// Authentication-Results headers the listener prepended), what mailparser read
// of them, and what mailauth found. The core knows neither library: this is the
// shape both sides agree on.

/** One mailbox of an address header, decoded (RFC 2047 names are text here). */
export interface IncomingMailbox {
  name: string | null;
  address: string;
}

export interface IncomingAttachment {
  /** As the message names it (Content-Disposition or Content-Type name); null when it names none. */
  filename: string | null;
  /** Lower-case media type, e.g. `application/pdf`. */
  contentType: string;
  /** Content-ID without its angle brackets (an inline image a part of the HTML points at); null when none. */
  contentId: string | null;
  disposition: 'attachment' | 'inline';
  /** Decoded bytes. */
  content: Uint8Array;
}

/** What mailparser made of the message; strings are decoded from their charsets to text. */
export interface ParsedIncoming {
  /** The first mailbox of From; null when the header is missing or unreadable. */
  from: IncomingMailbox | null;
  to: IncomingMailbox[];
  cc: IncomingMailbox[];
  replyTo: IncomingMailbox[];
  subject: string | null;
  /** Message-ID with its angle brackets, as written: `<abc@example.com>`; null when missing. */
  messageId: string | null;
  /** In-Reply-To's first message id, with angle brackets; null when missing. */
  inReplyTo: string | null;
  /** References' message ids in order, each with angle brackets. */
  references: string[];
  /** The Date header as an ISO 8601 string; null when missing or unreadable. */
  date: string | null;
  text: string | null;
  html: string | null;
  /** Every header line in order, unfolded, its value decoded. */
  headers: { name: string; value: string }[];
  attachments: IncomingAttachment[];
}

/** RFC 8601 result words (Authentication-Results). */
export type AuthResult = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror' | 'policy';

export interface IncomingAuthentication {
  /** SPF of the envelope sender (or HELO for the null sender) against the connecting address. */
  spf: { result: AuthResult; domain: string | null };
  /** `pass` when a signature verified, `fail` when there are signatures and none did, `none` without one. */
  dkim: { result: AuthResult; signatures: { domain: string; selector: string | null; result: AuthResult }[] };
  /** `policy` is the From domain's published p= (null without a DMARC record). */
  dmarc: { result: AuthResult; domain: string | null; policy: 'none' | 'quarantine' | 'reject' | null };
  arc: { result: AuthResult };
}

export interface IncomingMail {
  /** The RCPT TO addresses at receiving domains (of any organization) it was accepted for. */
  recipients: string[];
  /** MAIL FROM; null for the null sender `<>`. */
  mailFrom: string | null;
  remoteAddress: string;
  /** What the client said in HELO/EHLO. */
  helo: string | null;
  /** The message as stored and served raw: the listener's Authentication-Results and Received headers, then the bytes received. */
  raw: Uint8Array;
  parsed: ParsedIncoming;
  authentication: IncomingAuthentication;
}
