// What a report that came back by mail says, as the inbound listener's parser
// (servers/inbound/report-parser.ts) hands it to the core: a delivery status
// notification (RFC 3464), a feedback report (RFC 5965, ARF), a bounce in words
// only (no delivery-status part), or no report at all. Plain data: the core
// never sees MIME.

/** One recipient's block of a DSN's message/delivery-status part. */
export interface ReportRecipient {
  /** Final-Recipient, the address only (`rfc822;` dropped), or null when absent. */
  finalRecipient: string | null;
  /** Original-Recipient, the address only, or null. */
  originalRecipient: string | null;
  /** Action, lower-cased: failed, delayed, delivered, relayed, expanded; null when absent or unknown. */
  action: 'failed' | 'delayed' | 'delivered' | 'relayed' | 'expanded' | null;
  /** Status as `c.s.d` (`5.1.1`), or null when absent or malformed. */
  status: string | null;
  /** Diagnostic-Code without its type (`smtp;` dropped), unfolded; null when absent. */
  diagnosticCode: string | null;
  /** Remote-MTA without its type (`dns;` dropped), or null. */
  remoteMta: string | null;
}

/** The headers of the message a report is about, as far as the report includes them. */
export interface OriginalMessage {
  messageId: string | null;
  /** Return-Path of the original, the address only (where VERP put the token), or null. */
  returnPath: string | null;
  from: string | null;
  to: string | null;
  subject: string | null;
}

export interface DeliveryStatusReport {
  kind: 'delivery_status';
  /** Reporting-MTA without its type, or null. */
  reportingMta: string | null;
  recipients: ReportRecipient[];
  original: OriginalMessage | null;
}

export interface FeedbackReport {
  kind: 'feedback';
  /** Feedback-Type, lower-cased: abuse, fraud, virus, other, not-spam, auth-failure, … */
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
  /** The line the status was found on (at most 500 characters), or null. */
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
