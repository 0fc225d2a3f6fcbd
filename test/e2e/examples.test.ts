import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlCommands, shellBlocks } from '../helpers/curl.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { REPO_ROOT } from '../helpers/process.ts';
import { addReceivingDomain, incomingMail } from '../helpers/received.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * Every example a reader is handed works on a new organization: each request
 * example of /openapi.json (what /docs offers to try), and each curl command
 * of README.md and docs/*.md, sent to a listening server with the token of an
 * organization made for it, answers 2xx.
 *
 * Examples that act on a record name an id of its kind (`cmp_01jd…` in the
 * document, `cmp_01…` in the Markdown): that id stands for the newest record
 * of that kind an earlier example made, as it would for a reader going
 * through them in order. No example makes a received email: one arrives for
 * the organization, as mail would, before the examples that read one.
 */

type ParameterObject = { in: 'path' | 'query' | 'header'; name: string; example?: unknown };
type OperationObject = { operationId: string; parameters?: ParameterObject[]; requestBody?: { content: { 'application/json': { example?: unknown } } } };
type OpenApi = { paths: Record<string, Record<string, OperationObject>> };

const ID = /^([a-z]{3})_[0-9a-hjkmnp-tv-z]{26}$/;
/** An id as the Markdown writes one it cannot know: `eml_01…`, `tok_…`. */
const PLACEHOLDER_ID = /\b([a-z]{3})_(?:01)?…/g;

/** The newest record of each kind the answers so far named (in any `id` field). */
class Ids {
  private readonly newest = new Map<string, string>();
  remember(value: unknown): void {
    if (Array.isArray(value)) value.forEach((v) => this.remember(v));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        // Ids sort by creation time: the greatest is the newest.
        if (key === 'id' && typeof v === 'string' && ID.test(v) && v > (this.newest.get(v.slice(0, 3)) ?? '')) this.newest.set(v.slice(0, 3), v);
        else this.remember(v);
      }
    }
  }
  of(prefix: string, example: string): string {
    const id = this.newest.get(prefix);
    if (!id) throw new Error(`${example} names a ${prefix}_ id, but no example before it made one`);
    return id;
  }
  /** An example's value with each id in it standing for the newest record of its kind. */
  substitute(value: unknown, example: string): unknown {
    if (typeof value === 'string') return ID.test(value) ? this.of(value.slice(0, 3), example) : value;
    if (Array.isArray(value)) return value.map((v) => this.substitute(v, example));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.substitute(v, example)]));
    return value;
  }
}

/**
 * The order the document's examples run in, as a reader would go: make a
 * record, read it, change it, remove it. A campaign is made twice: one is
 * deleted as a draft, the other sent (scheduled) and cancelled. Every example
 * of the document is listed here, and nothing else.
 */
const ORDER = [
  'send_email',
  'list_emails',
  'send_batch',
  'get_email',
  'get_email_stats',
  'get_email_raw',
  'upsert_subscriber',
  'list_subscribers',
  'get_subscriber',
  'update_subscriber',
  'add_tags',
  'remove_tags',
  'list_subscriber_events',
  'import_subscribers',
  'list_subscriber_imports',
  'get_subscriber_import',
  'export_subscribers',
  'track_event',
  'unsubscribe_subscriber',
  'create_tag',
  'list_tags',
  'get_tag',
  'create_workflow',
  'list_workflows',
  'get_workflow',
  'update_workflow',
  'list_workflow_runs',
  'delete_workflow',
  'create_campaign',
  'list_campaigns',
  'get_campaign',
  'update_campaign',
  'count_audience',
  'test_campaign',
  'delete_campaign',
  'create_campaign',
  'send_campaign',
  'cancel_campaign',
  'create_token',
  'list_tokens',
  'revoke_token',
  'verify_email',
  'verify',
  'create_domain',
  'list_domains',
  'get_domain',
  'verify_domain',
  'update_domain',
  'delete_domain',
  'create_webhook',
  'list_webhooks',
  'get_webhook',
  'update_webhook',
  'list_webhook_deliveries',
  'get_webhook_secret',
  'test_webhook',
  'delete_webhook',
  'add_suppressions',
  'list_suppressions',
  'get_suppression',
  'remove_suppression',
  'list_received_emails',
  'get_received_email',
  'get_received_email_raw',
  'get_received_email_attachment',
  'invite_user',
  'list_users',
  'get_user',
  'update_user',
  'remove_user',
];

describe('examples, on a new organization', () => {
  let server: TestServer;
  let dns: TestDnsServer;

  beforeAll(async () => {
    // Address and domain checks ask this DNS server (it knows no name: fast answers, no network).
    dns = await startDnsServer();
    server = await startTestServer({ worker: false, env: { DNS_SERVERS: dns.address } });
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  async function newOrganizationToken(name: string): Promise<string> {
    return (await server.core.orgs.create({ name, plan: 'free' })).token.token;
  }

  it('every request example of /openapi.json answers 2xx, run in ORDER', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi;
    const examples = new Map<string, { method: string; path: string; operation: OperationObject }>();
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const body = operation.requestBody?.content['application/json'];
        const given = operation.parameters?.some((x) => x.example !== undefined) || body?.example !== undefined;
        if (given) examples.set(operation.operationId, { method, path: p, operation });
      }
    }
    expect([...new Set(ORDER)].sort()).toEqual([...examples.keys()].sort());

    const token = await newOrganizationToken('Document examples');
    const { organizationId } = await server.core.tokens.authenticate(token);
    await addReceivingDomain(server.database.handle, 'inbox.example.net', organizationId);
    const mail = incomingMail({
      to: [{ name: null, address: 'support@example.com' }],
      recipients: ['support@inbox.example.net'],
      attachments: [{ filename: 'order.txt', contentType: 'text/plain', content: Buffer.from('order 42') }],
    });
    expect((await server.core.receiving.receive(mail)).ids).toHaveLength(1);
    const ids = new Ids();
    const failures: string[] = [];
    const run = async (operationId: string) => {
      const { method, path: template, operation } = examples.get(operationId)!;
      let url = template;
      const query = new URLSearchParams();
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      for (const parameter of operation.parameters ?? []) {
        if (parameter.example === undefined) continue;
        const value = String(ids.substitute(parameter.example, operationId));
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
        else if (parameter.in === 'query') query.set(parameter.name, value);
        else headers[parameter.name] = value;
      }
      const example = operation.requestBody?.content['application/json'].example;
      if (example !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${server.url}${url}${query.size > 0 ? `?${query}` : ''}`, {
        method: method.toUpperCase(),
        headers,
        ...(example !== undefined ? { body: JSON.stringify(ids.substitute(example, operationId)) } : {}),
      });
      const text = await res.text();
      // A route that answers bytes (a raw message, an attachment) names no record.
      if (res.ok && res.headers.get('content-type')?.startsWith('application/json')) ids.remember(JSON.parse(text));
      else if (!res.ok) failures.push(`${operationId}: ${method.toUpperCase()} ${url} → ${res.status} ${text}`);
    };
    for (const operationId of ORDER) {
      if (operationId === 'get_email_raw') {
        // Fixture addresses never reach a transport: an email to another address, delivered by the
        // capture transport (the worker is not running here), is one whose finished message was kept.
        const sent = await fetch(`${server.url}/api/v2/emails`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ from: 'Acme <hello@acme.example>', to: 'reader@example.com', subject: 'Kept', markdown: 'Hi' }),
        });
        ids.remember(await sent.json());
        await server.core.worker.drain();
      }
      await run(operationId).catch((error: Error) => failures.push(`${operationId}: ${error.message}`));
    }
    expect(failures).toEqual([]);
  });

  const markdownFiles = [
    'README.md',
    ...readdirSync(path.join(REPO_ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];

  it.each(markdownFiles)('every curl example of %s answers 2xx', async (file) => {
    const token = await newOrganizationToken(`Examples of ${file}`);
    // The token is $MAILGATE_TOKEN (or $TOKEN, as older text has it); the server is where the README starts one.
    const variable = (name: string) => {
      if (name === 'MAILGATE_TOKEN' || name === 'TOKEN') return token;
      throw new Error(`${file}: a curl example uses $${name}, which the README does not set`);
    };
    const markdown = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    const commands = shellBlocks(markdown).flatMap((block) => curlCommands(block, variable));
    // A file that shows curl has commands read from it (the reading itself is tested too).
    expect(commands.length > 0).toBe(/^curl /m.test(markdown));
    const ids = new Ids();
    const failures: string[] = [];
    const run = async (command: (typeof commands)[number]) => {
      const url = command.url
        .replace(/^https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?/, server.url)
        .replace(PLACEHOLDER_ID, (_m, prefix: string) => ids.of(prefix, command.text));
      expect(url, command.text).toMatch(new RegExp(`^${server.url}/`));
      const res = await fetch(url, { method: command.method, headers: command.headers, ...(command.body !== undefined ? { body: command.body } : {}) });
      const text = await res.text();
      if (res.ok) ids.remember(JSON.parse(text));
      else failures.push(`${command.text}\n→ ${res.status} ${text}`);
    };
    for (const command of commands) await run(command).catch((error: Error) => failures.push(`${command.text}\n→ ${error.message}`));
    expect(failures).toEqual([]);
  });
});
