// The library floor for bench:e2e: the CPU one email costs in the libraries
// Mailgate is built on, each called directly, in this process, with nothing of
// Mailgate around them — what no implementation on these libraries can go below.
// For a REST markdown send: JSON.parse of the body, marked (GFM, as src/render
// configures it), html-to-text (compiled once, the same options), nodemailer's
// MailComposer building the message (DKIM-signed by nodemailer's signer with the
// same key when the bench's Mailgate signs), and the SQLite insert of an email
// row and its job row, 32 emails per transaction, in WAL with synchronous=FULL
// (the default durability). For an SMTP submission: mailparser's simpleParser of
// the submitted message, then the same compose and insert. For a delivery report
// (bench:returns): mailparser's simpleParser of the report, its delivery-status
// part kept as a part (keepDeliveryStatus), as the inbound listener parses it.
import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { compile } from 'html-to-text';
import { simpleParser } from 'mailparser';
import { Marked } from 'marked';
import type { Readable } from 'node:stream';
import DKIM from 'nodemailer/lib/dkim/index.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { HTML_TO_TEXT_OPTIONS } from '../src/render/html-to-text.ts';

export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface Floor {
  /** CPU µs per email, by step and in all. */
  steps: Record<string, number>;
  total: number;
}

const marked = new Marked({ gfm: true, breaks: false, async: false });
const toText = compile(HTML_TO_TEXT_OPTIONS);

/** CPU µs (user + system) per call of `step` over `count` calls, after as many to warm up (the JIT, the caches). */
async function cpuPer(count: number, step: (i: number) => unknown): Promise<number> {
  const call = async (i: number) => {
    const result = step(i);
    if (result instanceof Promise) await result;
  };
  for (let i = 0; i < count; i++) await call(i);
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await call(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

const signingKeys = new Map<string, ReturnType<typeof createPrivateKey>>();

function compose(i: number, dkim: DkimKey | undefined, fields: { from: string; to: string; subject: string; html: string; text: string }): Promise<Buffer> {
  const node = new MailComposer({
    ...fields,
    messageId: `<floor${i}@acme.example>`,
    baseBoundary: `floor${i}`,
    date: new Date(),
    headers: [{ key: 'X-Mailgate-Email-Id', value: `eml_${i}` }],
  }).compile();
  if (dkim) {
    // The key parsed once (a KeyObject), as it should be: crypto parses a PEM string anew on every sign.
    const key = signingKeys.get(dkim.privateKey) ?? createPrivateKey(dkim.privateKey);
    signingKeys.set(dkim.privateKey, key);
    node.processFunc((stream: Readable) => new DKIM({ ...dkim, privateKey: key as unknown as string }).sign(stream));
  }
  return node.build();
}

/** An inserter of email + job rows into a fresh database in `dir`, committing every 32 rows. */
function inserter(dir: string): { insert(i: number, html: string, text: string): void; close(): void } {
  const file = path.join(dir, 'floor.db');
  fs.rmSync(file, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`create table emails (id text primary key, organization_id text not null, from_address text not null, to_address text not null,
    subject text not null, html text, text text, message_id text not null, last_event text not null, created_at integer not null);
    create table jobs (id integer primary key, email_id text not null, run_at integer not null, attempts integer not null default 0);
    create index jobs_run_at on jobs (run_at);`);
  const email = db.prepare('insert into emails values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const job = db.prepare('insert into jobs (email_id, run_at) values (?, ?)');
  const batch = db.transaction((rows: [number, string, string][]) => {
    for (const [i, html, text] of rows) {
      const id = `eml_${i}_${Date.now()}`;
      email.run(id, 'org_floor', 'hello@acme.example', `user${i}@example.com`, 'Subject', html, text, `<${id}@acme.example>`, 'queued', Date.now());
      job.run(id, Date.now());
    }
  });
  let pending: [number, string, string][] = [];
  return {
    insert(i, html, text) {
      pending.push([i, html, text]);
      if (pending.length === 32) {
        batch(pending);
        pending = [];
      }
    },
    close() {
      if (pending.length > 0) batch(pending);
      db.close();
    },
  };
}

/** The floor of one REST markdown send of `body` (a JSON send request with from, to, subject, markdown). */
export async function restFloor(body: (i: number) => string, dir: string, dkim?: DkimKey, count = 3000): Promise<Floor> {
  const sample = JSON.parse(body(0)) as { from: string; to: string; subject: string; markdown: string };
  const html = marked.parse(sample.markdown, { async: false });
  const text = toText(html);
  const db = inserter(dir);
  const steps = {
    'JSON.parse': await cpuPer(count, (i) => JSON.parse(body(i))),
    marked: await cpuPer(count, () => marked.parse(sample.markdown, { async: false })),
    'html-to-text': await cpuPer(count, () => toText(html)),
    [dkim ? 'nodemailer compose + DKIM' : 'nodemailer compose']: await cpuPer(count, (i) =>
      compose(i, dkim, { from: sample.from, to: sample.to, subject: sample.subject, html, text }),
    ),
    'SQLite insert': await cpuPer(count, (i) => db.insert(i, html, text)),
  };
  db.close();
  return { steps, total: Object.values(steps).reduce((a, b) => a + b, 0) };
}

/** The floor of one SMTP submission of `message` (the raw bytes as submitted, without the final dot). */
export async function smtpFloor(message: (i: number) => Buffer, dir: string, dkim?: DkimKey, count = 3000): Promise<Floor> {
  const parsed = await simpleParser(message(0));
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = parsed.text ?? '';
  const db = inserter(dir);
  const steps = {
    mailparser: await cpuPer(count, (i) => simpleParser(message(i))),
    [dkim ? 'nodemailer compose + DKIM' : 'nodemailer compose']: await cpuPer(count, (i) =>
      compose(i, dkim, { from: 'orders@acme.example', to: `reader${i}@example.com`, subject: parsed.subject ?? '', html, text }),
    ),
    'SQLite insert': await cpuPer(count, (i) => db.insert(i, html, text)),
  };
  db.close();
  return { steps, total: Object.values(steps).reduce((a, b) => a + b, 0) };
}

/** The floor of one delivery report: mailparser parsing it, each of `reports` in turn (as many again to warm up), in CPU µs per report. */
export async function reportFloor(reports: readonly Buffer[]): Promise<number> {
  return cpuPer(reports.length, (i) => simpleParser(reports[i]!, { keepDeliveryStatus: true }));
}
