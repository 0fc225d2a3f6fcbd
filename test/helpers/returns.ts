// Reports coming back about an email, straight into the core (as the inbound
// listener hands them over after parsing), for tests of what an outcome does
// elsewhere: the bounce cooldown, the suppression list, a campaign's stats.
import type { Core } from '../../src/index.ts';
import type { ReportRecipient } from '../../src/returns/report.ts';
import { returnPathKey, returnPathLocalPart } from '../../src/returns/verp.ts';

/** The return path delivery gives this email (at any domain: the signature is what counts). */
export async function returnPathOf(core: Core, emailId: string, domain = 'returns.mailgate.test'): Promise<string> {
  const key = await returnPathKey(core.db.db, () => core.clock.now())();
  return `${returnPathLocalPart(key, emailId)}@${domain}`;
}

/**
 * A DSN for the email's recipient, as its parser would hand it over: by default
 * a soft bounce (Action failed, 4.2.2 mailbox full), which starts the bounce cooldown.
 */
export async function reportDsn(core: Core, emailId: string, block: Partial<ReportRecipient> = {}): Promise<{ stored: 'matched' | 'unmatched' }> {
  const email = await core.db.db.selectFrom('emails').select('to_address').where('id', '=', emailId).executeTakeFirstOrThrow();
  const to = email.to_address.replace(/^.*<([^>]+)>$/, '$1');
  return core.returns.receive({
    recipients: [await returnPathOf(core, emailId)],
    mailFrom: null,
    remoteAddress: '127.0.0.1',
    raw: Buffer.from(`a report about ${emailId}`),
    report: {
      kind: 'delivery_status',
      reportingMta: 'relay.mailgate.test',
      original: null,
      recipients: [
        {
          finalRecipient: to,
          originalRecipient: null,
          action: 'failed',
          status: '4.2.2',
          diagnosticCode: `452 4.2.2 <${to}>: Mailbox full`,
          remoteMta: 'mx.example.com',
          ...block,
        },
      ],
    },
  });
}
