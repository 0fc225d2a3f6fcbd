import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReceivingDomain, incomingMail } from '../helpers/received.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// list_received_emails' domain filter, on REST and on the database under test:
// mail delivered to an address at one receiving domain (an envelope recipient,
// Bcc included, whatever the To header says), without regard to case; a
// subdomain is a domain of its own; a filter that is not a domain name is
// refused in the API's words.

describe('received email by receiving domain', () => {
  let server: TestServer;
  const ids: Record<string, string> = {};
  const json = (res: Response) => res.json() as Promise<any>;
  const subjects = async (query: string) => {
    const res = await server.api(`/api/v2/received-emails?${query}`);
    expect(res.status, query).toBe(200);
    return ((await json(res)).data as { subject: string }[]).map((r) => r.subject).sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ worker: false });
    await addReceivingDomain(server.database.handle, 'help.example');
    await addReceivingDomain(server.database.handle, 'sales.example');
    await addReceivingDomain(server.database.handle, 'shop.sales.example');
    const receive = async (subject: string, recipients: string[], to = recipients) => {
      [ids[subject]] = (await server.core.receiving.receive(incomingMail({ subject, to: to.map((address) => ({ name: null, address })), recipients }))).ids as [
        string,
      ];
    };
    await receive('help only', ['Desk@HELP.example']);
    await receive('sales only', ['team@sales.example']);
    await receive('subdomain', ['orders@shop.sales.example']);
    await receive('both', ['desk@help.example', 'team@sales.example']);
    // Bcc'd to help: the To header names another domain.
    await receive('bcc', ['desk@help.example'], ['someone@elsewhere.example']);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the mail delivered to an address at the domain, without regard to case', async () => {
    expect(await subjects('domain=help.example')).toEqual(['bcc', 'both', 'help only']);
    expect(await subjects('domain=HELP.Example')).toEqual(['bcc', 'both', 'help only']);
    expect(await subjects('domain=sales.example')).toEqual(['both', 'sales only']);
    expect(await subjects('domain=shop.sales.example')).toEqual(['subdomain']);
    expect(await subjects('domain=nowhere.example')).toEqual([]);
    expect(await subjects('domain=help.example&from=ada@sender.example&limit=2')).toHaveLength(2);
  });

  it('refuses a filter that is not a domain name', async () => {
    const res = await server.api('/api/v2/received-emails?domain=not%20a%20domain');
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({ name: 'validation_error', details: [{ path: 'domain', message: 'must be a domain name, like example.com' }] });
  });
});
