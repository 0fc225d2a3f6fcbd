// A diagnostic, not a benchmark: where the SQLite time of one email goes.
// Accepts 6 400 markdown sends through the core (32 at a time, no HTTP), then
// drains them through the capture transport, receives a hard bounce report for
// each, and prints the SQL time per email of each phase by statement. Run: npm run diagnose:sql
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, loadConfig, migrateToLatest, openDatabase, parseSendBody } from '../src/index.ts';
import { returnPathKey, returnPathLocalPart } from '../src/returns/verp.ts';

type Stat = { n: number; ms: number };
let stats = new Map<string, Stat>();

function record(sql: string, ms: number): void {
  const key = sql
    .replace(/\(\?(, \?)*\)(, \(\?(, \?)*\))*/g, '(…)')
    .replace(/in \(.*?\)/g, 'in (…)')
    .slice(0, 90);
  const s = stats.get(key) ?? { n: 0, ms: 0 };
  s.n++;
  s.ms += ms;
  stats.set(key, s);
}

function report(label: string, items: number): void {
  const total = [...stats.values()].reduce((sum, s) => sum + s.ms, 0);
  console.log(`${label}: ${((1000 * total) / items).toFixed(0)} µs of SQL per email`);
  for (const [key, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) {
    console.log(`  ${((1000 * s.ms) / items).toFixed(1).padStart(6)} µs  ×${String(s.n).padStart(5)}  ${key}`);
  }
  stats = new Map();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-sql-'));
const handle = await openDatabase({ sqlitePath: path.join(dir, 'mailgate.db'), onQuery: record });
await migrateToLatest(handle);
const token = 'mailgate_diagnose_token_0123456789abcdef';
const core = createCore(loadConfig({ LOG_LEVEL: 'silent' }), { db: handle });
await core.orgs.bootstrap(token);
const auth = await core.tokens.authenticate(token);
stats = new Map();

const markdown = '# Welcome\n\nThanks for **signing up**. Read the [docs](https://acme.example/docs).';
let n = 0;
for (let round = 0; round < 200; round++) {
  await Promise.all(
    Array.from({ length: 32 }, () =>
      core.emails.send(auth, parseSendBody({ from: 'hello@acme.example', to: `user${n++}@example.com`, subject: 'Hi', markdown }), {
        source: 'api',
      }),
    ),
  );
}
report('accepting', n);
const delivered = await core.worker.drain();
report('delivering (capture)', delivered);

// Then a hard bounce comes back for each, ten reports at a time, as the inbound listener hands them over.
const key = await returnPathKey(handle.db, () => Date.now())();
const emails = await handle.db.selectFrom('emails').select(['id', 'to_address']).execute();
for (let i = 0; i < emails.length; i += 10) {
  await Promise.all(
    emails.slice(i, i + 10).map((e) =>
      core.returns.receive({
        recipients: [`${returnPathLocalPart(key, e.id)}@returns.example`],
        mailFrom: null,
        remoteAddress: '127.0.0.1',
        raw: Buffer.from('a report'),
        report: {
          kind: 'delivery_status',
          reportingMta: 'relay.example',
          original: null,
          recipients: [
            {
              finalRecipient: e.to_address,
              originalRecipient: null,
              action: 'failed',
              status: '5.1.1',
              diagnosticCode: '550 5.1.1 User unknown',
              remoteMta: 'mx.example.com',
            },
          ],
        },
      }),
    ),
  );
}
report('receiving a bounce report', emails.length);
await core.close();
await handle.close();
fs.rmSync(dir, { recursive: true, force: true });
