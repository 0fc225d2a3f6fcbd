// What a report that came back by mail says, as the inbound listener's parser
// (servers/smtp/report-parser.ts) hands it to the core: a delivery status
// notification (RFC 3464), a feedback report (RFC 5965, ARF), a bounce in words
// only (no delivery-status part), or no report at all. Plain data: the core
// never sees MIME.

/** One recipient's block of a DSN's message/delivery-status part. */
export interface ReportRecipient {
  /** Final-Recipient, the address only (`rfc822;` and `<>` dropped, not xtext-decoded: a VERP `+` stays), or null when absent. */
  finalRecipient: string | null;
  /** Original-Recipient, the address only, or null. */
  originalRecipient: string | null;
  /** Action, lower-cased: failed, delayed, delivered, relayed, expanded; null when absent or unknown. */
  action: 'failed' | 'delayed' | 'delivered' | 'relayed' | 'expanded' | null;
  /** Status as `c.s.d` (`5.1.1`), or null when absent or malformed. */
  status: string | null;
  /**
   * Diagnostic-Code without its type (`smtp;` dropped), unfolded on one line; a multi-line
   * SMTP reply joined with its code said once (`550 5.1.1 …`); at most 1000 characters; null when absent.
   */
  diagnosticCode: string | null;
  /** Remote-MTA's name without its type, a trailing comment or the root's dot (`dns; mx.example.org. (…)` → `mx.example.org`), or null. */
  remoteMta: string | null;
}

/** The headers of the message a report is about, as far as the report includes them (null where it includes none). */
export interface OriginalMessage {
  /** Message-ID with its angle brackets (`<eml_…@example.com>`). */
  messageId: string | null;
  /**
   * Return-Path of the original, the address only (where VERP put the token). A relay's copy has
   * none (the final delivery adds it): then the envelope sender the DSN names (Postfix's X-Postfix-Sender), or null.
   */
  returnPath: string | null;
  /** The first From address. */
  from: string | null;
  /** The To addresses, separated by `, `. */
  to: string | null;
  /** Decoded. */
  subject: string | null;
}

export interface DeliveryStatusReport {
  kind: 'delivery_status';
  /** Reporting-MTA's name, as Remote-MTA's, or null. */
  reportingMta: string | null;
  recipients: ReportRecipient[];
  original: OriginalMessage | null;
}

export interface FeedbackReport {
  kind: 'feedback';
  /** Feedback-Type, lower-cased: abuse, fraud, virus, other, not-spam, auth-failure, …; `other` when absent. */
  feedbackType: string;
  /** Original-Mail-From, the address only (the VERP return path when the reporter kept it), or null. */
  originalMailFrom: string | null;
  /** Original-Rcpt-To, the address only, or null. */
  originalRcptTo: string | null;
  userAgent: string | null;
  original: OriginalMessage | null;
}

/** A bounce without a delivery-status part: what its text says, classified `undetermined` unless clear. */
export interface PlainBounce {
  kind: 'plain_bounce';
  /** An enhanced status code found in the text (`5.1.1`), or one made from a basic SMTP code (`550` → `5.0.0`), or null. */
  status: string | null;
  /** The line the status was found on, with the indented lines continuing it (at most 1000 characters), or null. */
  diagnostic: string | null;
  /** An address the text names as the failed recipient, or null. */
  recipient: string | null;
  original: OriginalMessage | null;
}

/** A message that is no report at all (a reply, an auto-answer, spam). */
export interface NotAReport {
  kind: 'none';
  subject: string | null;
}

export type ReturnReport = DeliveryStatusReport | FeedbackReport | PlainBounce | NotAReport;
