import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { Mailgate } from '../../sdk/src/index.ts';
import { exportAnswer } from '../../src/operations/subscriber-imports.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

// Subscriber import and export over REST v2 with fetch, on real sockets: the
// file checked whole (encoding, BOM, CSV, header, size, rows), each row on its
// own (reported by number, the rest imported), and the CSV export streamed
// with formula cells escaped.

const IMP = /^imp_[0-9a-z]{26}$/;
const MAX_BYTES = 256 * 1024;
const MAX_ROWS = 3000;

const b64 = (content: string | Buffer) => (typeof content === 'string' ? Buffer.from(content, 'utf8') : content).toString('base64');

describe('subscriber imports and export', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { IMPORT_MAX_BYTES: String(MAX_BYTES), IMPORT_MAX_ROWS: String(MAX_ROWS) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const start = (body: Record<string, unknown>) => server.api('/api/v2/subscribers/imports', { body });
  /** Import and wait for the end: the finished record. */
  async function imported(body: Record<string, unknown>): Promise<any> {
    const res = await start(body);
    const queued = await res.json();
    expect(res.status, JSON.stringify(queued)).toBe(201);
    return waitFor(async () => {
      const record = await (await server.api(`/api/v2/subscribers/imports/${queued.id}`)).json();
      return record.status === 'completed' || record.status === 'failed' ? record : undefined;
    });
  }
  const subscriber = async (email: string) => (await server.api(`/api/v2/subscribers/${encodeURIComponent(email)}`)).json() as Promise<any>;
  /** A refusal: its status and v2 body. */
  async function refused(body: Record<string, unknown>) {
    const res = await start(body);
    return { status: res.status, body: (await res.json()) as any };
  }

  it('imports a file with a BOM, quoted newlines, default column names and attributes; answers 201 with the record, then completes', async () => {
    const csv = [
      'Email,First Name,last_name,STATUS,Tags,plan,Note',
      'ada@example.com,Ada,Lovelace,,"vip, beta",pro,"line one',
      'line two, with comma"',
      'grace@example.com,Grace,,unsubscribed,,team,',
      '',
      'linus@example.com,,,,,,plain',
    ].join('\r\n');
    const res = await start({ content: b64(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)])), tags: ['imported'] });
    expect(res.status).toBe(201);
    const queued = await res.json();
    expect(queued).toMatchObject({ object: 'subscriber_import', id: expect.stringMatching(IMP), total_rows: 3, processed_rows: 0, finished_at: null });
    expect(['queued', 'running', 'completed']).toContain(queued.status);
    expect(queued.columns).toEqual({
      email: 'Email',
      first_name: 'First Name',
      last_name: 'last_name',
      status: 'STATUS',
      tags: 'Tags',
      attributes: { plan: 'plan', Note: 'Note' },
    });
    const done = await waitFor(async () => {
      const record = await (await server.api(`/api/v2/subscribers/imports/${queued.id}`)).json();
      return record.status === 'completed' ? record : undefined;
    });
    expect(done).toMatchObject({ total_rows: 3, processed_rows: 3, created: 3, updated: 0, skipped: 0, failed: 0, errors: [], error_count: 0 });
    expect(done.finished_at).toMatch(/Z$/);
    const ada = await subscriber('ada@example.com');
    expect(ada).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      status: 'subscribed',
      attributes: { plan: 'pro', Note: 'line one\r\nline two, with comma' },
    });
    expect(ada.tags).toEqual(['beta', 'imported', 'vip']);
    expect(await subscriber('grace@example.com')).toMatchObject({ status: 'unsubscribed', attributes: { plan: 'team' } });
    expect(await subscriber('linus@example.com')).toMatchObject({ first_name: null, attributes: { Note: 'plain' } });
    const events = await (await server.api('/api/v2/subscribers/ada@example.com/events')).json();
    expect(events.data.map((e: any) => e.name).sort()).toEqual(['subscriber_created', 'tag_added', 'tag_added', 'tag_added']);
  });

  it('reports bad rows by number (the header is row 0) and imports the rest; a duplicate address is skipped (the first row wins); scripts stay text', async () => {
    const script = '<script>alert(1)</script>';
    const csv = [
      'email,first_name,status,tags,bio',
      'dup@example.com,First,,,',
      'not-an-email,X,,,',
      'ok@example.com,Okay,maybe,,',
      `xss@example.com,"<img src=x onerror=alert(1)>",,,"${script}"`,
      'DUP@example.com,Second,,,',
      ',nobody,,,',
      'badtag@example.com,,,"tag_01jb8k2m3n4p5q6r7s8t9v0w1x",',
    ].join('\n');
    const done = await imported({ content: b64(csv) });
    expect(done).toMatchObject({ status: 'completed', total_rows: 7, processed_rows: 7, created: 2, updated: 0, skipped: 1, failed: 4, error_count: 5 });
    expect(done.errors).toEqual([
      { row: 2, email: 'not-an-email', message: 'email must be a valid email address (addr@example.com)' },
      { row: 3, email: 'ok@example.com', message: 'status "maybe" must be one of subscribed, unsubscribed, bounced, complained (or empty)' },
      { row: 5, email: 'DUP@example.com', message: 'skipped: row 1 has the same address and was imported' },
      { row: 6, email: null, message: 'has no email address' },
      { row: 7, email: 'badtag@example.com', message: expect.stringContaining('must not look like a tag id') },
    ]);
    expect(await subscriber('dup@example.com')).toMatchObject({ first_name: 'First' });
    const xss = await subscriber('xss@example.com');
    expect(xss.first_name).toBe('<img src=x onerror=alert(1)>');
    expect(xss.attributes).toEqual({ bio: script });
    expect((await server.api('/api/v2/subscribers/ok@example.com')).status).toBe(404);
  });

  it('updates existing subscribers (attributes merged, never resubscribed); update_existing false skips them; an explicit mapping reads only its columns', async () => {
    await server.api('/api/v2/subscribers', { body: { email: 'kept@example.com', first_name: 'Kept', attributes: { a: '1' } } });
    await server.api('/api/v2/subscribers/kept@example.com/unsubscribe', { method: 'POST' });
    const csv = 'Mail,Given,Colour,Ignored\nkept@example.com,Newname,blue,x\nfresh@example.com,Fresh,red,y\n';
    const columns = { email: 'Mail', first_name: 'Given', attributes: { colour: 'Colour' } };
    const skipped = await imported({ content: b64(csv), columns, update_existing: false });
    expect(skipped).toMatchObject({ created: 1, updated: 0, skipped: 1, failed: 0, error_count: 0, columns });
    expect(await subscriber('kept@example.com')).toMatchObject({ first_name: 'Kept', attributes: { a: '1' } });
    expect(await subscriber('fresh@example.com')).toMatchObject({ first_name: 'Fresh', attributes: { colour: 'red' } });

    const resubscribe = 'email,first_name,status,colour\nkept@example.com,Newname,subscribed,blue\n';
    expect(await imported({ content: b64(resubscribe) })).toMatchObject({ created: 0, updated: 1 });
    expect(await subscriber('kept@example.com')).toMatchObject({ first_name: 'Newname', status: 'unsubscribed', attributes: { a: '1', colour: 'blue' } });
  });

  it('refuses a row whose attributes, merged with the stored ones, would pass the size cap; the other rows are written', async () => {
    const big = 'x'.repeat(31 * 1024);
    expect((await server.api('/api/v2/subscribers', { body: { email: 'full@example.com', attributes: { big } } })).status).toBe(201);
    const csv = `email,more\nfull@example.com,${'y'.repeat(2048)}\nroomy@example.com,small\n`;
    const done = await imported({ content: b64(csv) });
    expect(done).toMatchObject({ status: 'completed', created: 1, updated: 0, failed: 1, error_count: 1 });
    expect(done.errors).toEqual([
      { row: 1, email: 'full@example.com', message: 'attributes would exceed 32768 bytes as JSON once merged with the stored ones' },
    ]);
    expect((await subscriber('full@example.com')).attributes).toEqual({ big });
    expect((await subscriber('roomy@example.com')).attributes).toEqual({ more: 'small' });
  });

  it('refuses a file that is not valid in its encoding, naming the first bad row and the encoding option; the right encoding imports it', async () => {
    const latin1 = Buffer.from('email,city\nzoe@example.com,Paris\nanna@example.com,Malmö\n', 'latin1');
    const wrong = await refused({ content: b64(latin1) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.name).toBe('validation_error');
    expect(wrong.body.details).toEqual([
      { path: 'content', message: expect.stringMatching(/^is not valid UTF-8: row 2 holds bytes that are not .*encoding option/) },
    ]);
    expect(await imported({ content: b64(latin1), encoding: 'iso-8859-1' })).toMatchObject({ created: 2, failed: 0 });
    expect((await subscriber('anna@example.com')).attributes).toEqual({ city: 'Malmö' });

    const cp1252 = Buffer.concat([
      Buffer.from('email,price\nbo@example.com,'),
      Buffer.from([0x80]),
      Buffer.from('5 '),
      Buffer.from([0x93, 0xe9, 0x94]),
      Buffer.from('\n'),
    ]);
    expect(await imported({ content: b64(cp1252), encoding: 'windows-1252' })).toMatchObject({ created: 1 });
    expect((await subscriber('bo@example.com')).attributes).toEqual({ price: '€5 “é”' });

    // A UTF-16 BOM says the encoding, whatever the option says.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('email,name_ja\nkenji@example.com,健二\n', 'utf16le')]);
    expect(await imported({ content: b64(utf16), encoding: 'windows-1252' })).toMatchObject({ created: 1 });
    expect((await subscriber('kenji@example.com')).attributes).toEqual({ name_ja: '健二' });
    const oddUtf16 = await refused({ content: b64(Buffer.concat([utf16, Buffer.from([0x41])])) });
    expect(oddUtf16.status).toBe(422);
    // UTF-16 read as UTF-8 without its BOM: every other byte is NUL.
    const nul = await refused({ content: b64(Buffer.from('email\nzed@example.com\n', 'utf16le')) });
    expect(nul.body.details).toEqual([
      { path: 'content', message: 'holds a NUL character (U+0000) on the header row (row 0); is it a text file in another encoding (utf-16le)?' },
    ]);
  });

  it('takes 1 000 columns and refuses 1 001; refuses malformed CSV, an empty file, no email column and a mapping naming no column', async () => {
    const keys = Array.from({ length: 999 }, (_, i) => `k${i}`);
    const wide = `email,${keys.join(',')}\nwide@example.com,${keys.map((_, i) => i).join(',')}\n`;
    expect(await imported({ content: b64(wide) })).toMatchObject({ created: 1, failed: 0 });
    expect(Object.keys((await subscriber('wide@example.com')).attributes)).toHaveLength(999);
    const wider = await refused({ content: b64(`email,${keys.join(',')},extra\n`) });
    expect(wider).toMatchObject({ status: 422, body: { details: [{ path: 'content', message: 'has 1001 columns; an import takes at most 1000' }] } });

    const unclosed = await refused({ content: b64('email,name\na@example.com,"open\n') });
    expect(unclosed.status).toBe(422);
    expect(unclosed.body.details[0].message).toMatch(/^is not valid CSV: /);
    expect((await refused({ content: b64('') })).body.details[0].message).toMatch(/^is empty/);
    const noEmail = await refused({ content: b64('name,mail address\nAda,ada@example.com\n') });
    expect(noEmail.body.details[0].message).toMatch(/has no email column: .*"mail address"/);
    const badMap = await refused({ content: b64('Mail,Name\n'), columns: { email: 'Mail', first_name: 'Nom' } });
    expect(badMap.body.details).toEqual([{ path: 'columns.first_name', message: 'names no column of the header (it holds "Mail", "Name")' }]);
    const notBase64 = await refused({ content: 'not base64!' });
    expect(notBase64.body.details[0]).toMatchObject({ path: 'content' });
    const badEncoding = await refused({ content: b64('email\n'), encoding: 'ebcdic' });
    expect(badEncoding.body.details[0]).toMatchObject({ path: 'encoding' });
  });

  it(`refuses more than IMPORT_MAX_ROWS data rows (${MAX_ROWS} here)`, async () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => `r${i}@e.co`).join('\n');
    const res = await refused({ content: b64(`email\n${rows}\n`) });
    expect(res.status).toBe(422);
    expect(res.body.details[0].message).toBe(`has ${MAX_ROWS + 1} data rows; an import takes at most ${MAX_ROWS} (IMPORT_MAX_ROWS): split the file`);
  });

  it('refuses a body declared larger than IMPORT_MAX_BYTES allows with 413 naming the limit, before reading it', async () => {
    const declared = 200 * 1024 * 1024;
    const url = new URL('/api/v2/subscribers/imports', server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', 'content-length': String(declared) },
      });
      request.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      request.on('error', reject);
      // Only the start of the 200 MB is ever sent.
      request.write('{"content":"');
    });
    expect(answer.status).toBe(413);
    const body = JSON.parse(answer.body);
    expect(body.name).toBe('payload_too_large');
    expect(body.message).toMatch(/at most 0\.3 MiB \(262144 bytes, IMPORT_MAX_BYTES\); this one is 150 MiB/);

    // A body within the route's limit whose file is over IMPORT_MAX_BYTES: the same refusal, from the core.
    const big = await refused({ content: b64(Buffer.alloc(MAX_BYTES + 1, 0x61)) });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/IMPORT_MAX_BYTES/);
  });

  it('lists imports newest first and pages them; an unknown id is 404, a malformed one 422', async () => {
    const list = await (await server.api('/api/v2/subscribers/imports?limit=2')).json();
    expect(list).toMatchObject({ object: 'list', has_more: true });
    expect(list.data).toHaveLength(2);
    expect(list.data[0].id > list.data[1].id).toBe(true);
    const next = await (await server.api(`/api/v2/subscribers/imports?limit=2&after=${list.data[1].id}`)).json();
    expect(next.data[0].id < list.data[1].id).toBe(true);
    expect((await server.api('/api/v2/subscribers/imports/imp_01jb8k2m3n4p5q6r7s8t9v0w1x')).status).toBe(404);
    expect((await server.api('/api/v2/subscribers/imports/sub_01jb8k2m3n4p5q6r7s8t9v0w1x')).status).toBe(422);
  });

  it('exports the audience as streamed CSV: BOM, header with attribute columns, formula cells escaped, filters, filename', async () => {
    const csv = [
      'email,first_name,last_name,tags,formula,note',
      'f1@export.test,"=HYPERLINK(""http://evil"")",+plus,"exp, other",@SUM(A1),-2',
      'f2@export.test,Plain,Name,exp,,"a,b"',
      'f3@export.test,Other,,other,,',
    ].join('\n');
    expect(await imported({ content: b64(csv) })).toMatchObject({ created: 3 });
    const res = await server.api('/api/v2/subscribers/export?tag=exp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString('utf8')) as string[][];
    expect(rows[0]).toEqual(['email', 'first_name', 'last_name', 'status', 'tags', 'created_at', 'formula', 'note']);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['f2@export.test', 'Plain', 'Name', 'subscribed', 'exp'],
      ['f1@export.test', `'=HYPERLINK("http://evil")`, "'+plus", 'subscribed', 'exp, other'],
    ]);
    expect(rows[2]!.slice(6)).toEqual(["'@SUM(A1)", "'-2"]);
    expect(rows[1]!.slice(6)).toEqual(['', 'a,b']);

    const none = await server.api('/api/v2/subscribers/export?tag=nosuchtag&status=subscribed');
    expect((await none.text()).replace('\ufeff', '')).toBe('email,first_name,last_name,status,tags,created_at\r\n');
    const bad = await server.api('/api/v2/subscribers/export?status=gone');
    expect(bad.status).toBe(422);
    expect((await bad.json()).details[0].path).toBe('status');
  });

  it('streams every row of a large export page after page; the tools door answers the same CSV base64, at most its row cap', async () => {
    const emails = Array.from({ length: 2500 }, (_, i) => `bulk${String(i).padStart(4, '0')}@bulk.test`);
    expect(await imported({ content: b64(`email,tags\n${emails.map((e) => `${e},bulk`).join('\n')}`) })).toMatchObject({ created: 2500 });
    const res = await server.api('/api/v2/subscribers/export?tag=bulk');
    const text = await res.text();
    const rows = parse(text.replace('\ufeff', '')) as string[][];
    expect(rows).toHaveLength(2501);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(emails));

    const tool = await server.api('/api/v2/tools/export_subscribers', { body: { tag: 'bulk', query: 'bulk000' } });
    const { data } = await tool.json();
    expect(data).toMatchObject({ object: 'subscriber_export', content_type: 'text/csv; charset=utf-8', rows: 10, truncated: false });
    const fromTool = parse(Buffer.from(data.content, 'base64').toString('utf8').replace('\ufeff', '')) as string[][];
    expect(fromTool.slice(1).map((r) => r[0])).toEqual(emails.slice(0, 10).reverse());

    // More match than the answer holds: with a cap of 1234 instead of EXPORT_JSON_MAX_ROWS, the newest 1234 (past one export page), and truncated.
    const scope = await server.core.tokens.authenticate(server.token);
    const capped = await exportAnswer(server.core.audience, scope, { tag: 'bulk' }, 1234);
    expect(capped).toMatchObject({ object: 'subscriber_export', rows: 1234, truncated: true });
    const cappedRows = parse(Buffer.from(capped.content, 'base64').toString('utf8').replace('\ufeff', '')) as string[][];
    expect(cappedRows.slice(1).map((r) => r[0])).toEqual(emails.slice(-1234).reverse());
    expect(await exportAnswer(server.core.audience, scope, { tag: 'bulk' }, 2500)).toMatchObject({ rows: 2500, truncated: false });
  });

  it('the SDK imports bytes, follows and lists imports, and exports the CSV as bytes with its filename', async () => {
    const mg = new Mailgate(server.token, { baseUrl: server.url });
    const file = new TextEncoder().encode('email,first_name\nsdk1@sdk.test,Sdk\nsdk2@sdk.test,\n');
    const started = await mg.subscribers.import({ content: file, tags: ['sdk'] });
    expect(started.error).toBeNull();
    const id = started.data!.id;
    const done = await waitFor(async () => {
      const { data } = await mg.subscribers.imports.get(id);
      return data?.status === 'completed' ? data : undefined;
    });
    expect(done).toMatchObject({ created: 2, failed: 0, columns: { email: 'email', first_name: 'first_name' } });
    expect((await mg.subscribers.imports.list({ limit: 1 })).data!.data[0]!.id).toBe(id);
    expect((await mg.subscribers.imports.get('imp_01jb8k2m3n4p5q6r7s8t9v0w1x')).error).toMatchObject({ name: 'not_found', statusCode: 404 });
    const exported = await mg.subscribers.export({ tag: 'sdk' });
    expect(exported.error).toBeNull();
    expect(exported.data!.contentType).toBe('text/csv; charset=utf-8');
    expect(exported.data!.filename).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(new TextDecoder().decode(exported.data!.content)) as string[][];
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['email', 'first_name'],
      ['sdk2@sdk.test', ''],
      ['sdk1@sdk.test', 'Sdk'],
    ]);
  });
});
