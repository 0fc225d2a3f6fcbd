import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface ComposeInput {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  emailId: string;
  date: Date;
}

/** Build the RFC 5322 message (multipart/alternative, text and HTML) with nodemailer. */
export async function composeMessage(input: ComposeInput): Promise<string> {
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: input.subject,
    html: input.html,
    text: input.text,
    messageId: input.messageId,
    date: input.date,
    headers: { 'X-Mailgate-Email-Id': input.emailId },
  });
  const buffer = await composer.compile().build();
  return buffer.toString('utf8');
}
