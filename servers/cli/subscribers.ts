// `mailgate subscribers import|export`: subscribers of a running Mailgate
// through its REST API. An import sends the file, follows it with a progress
// bar on stderr until it ends, then prints the rows it reported; an export
// writes the CSV to stdout as the server streams it.
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import type { BodyOf } from '@mailgate/sdk';
import { Presets, SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import type { SubscriberImportRecord } from '../../src/index.ts';
import { Refusal, UsageError } from './cli-errors.ts';
import { printJson, printTable } from './output.ts';
import { pollUntil, remoteOf, remoteOptions, type Remote } from './remote.ts';

type RemoteFlags = { url: string; token?: string };
type Columns = NonNullable<BodyOf<'import_subscribers'>['columns']>;

const FIELDS = ['email', 'first_name', 'last_name', 'status', 'tags'] as const;
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `--map email=E-mail --map attributes.plan=Plan`: the import's columns; a usage error for anything else. */
export function columnsOf(maps: readonly string[]): Columns | undefined {
  if (maps.length === 0) return undefined;
  const columns: Partial<Columns> = {};
  for (const map of maps) {
    const at = map.indexOf('=');
    const field = at > 0 ? map.slice(0, at).trim() : '';
    const header = at > 0 ? map.slice(at + 1) : '';
    if (!field || !header) throw new UsageError(`--map ${map}: write FIELD=HEADER (email=E-mail, attributes.plan=Plan)`);
    if (field.startsWith('attributes.') && field.length > 'attributes.'.length) {
      columns.attributes = { ...columns.attributes, [field.slice('attributes.'.length)]: header };
    } else if ((FIELDS as readonly string[]).includes(field)) {
      columns[field as (typeof FIELDS)[number]] = header;
    } else {
      throw new UsageError(`--map ${map}: the field is one of ${FIELDS.join(', ')} or attributes.KEY`);
    }
  }
  const { email } = columns;
  if (email === undefined) throw new UsageError('--map: with a mapping, name the email column too (--map email=HEADER)');
  return { ...columns, email };
}

/** How an ended import reads: one line. */
export function importSummary(record: SubscriberImportRecord): string {
  const rows = record.total_rows ?? record.processed_rows;
  return `Import ${record.id} ${record.status}: ${rows} rows; ${record.created} created, ${record.updated} updated, ${record.skipped} skipped, ${record.failed} failed`;
}

/** Follow the import until it ends: a bar on a terminal, a line per change otherwise. */
async function follow(remote: Remote, record: SubscriberImportRecord): Promise<SubscriberImportRecord> {
  const tty = process.stderr.isTTY;
  const bar = tty
    ? new SingleBar(
        { stream: process.stderr, format: `${record.id} {bar} {value}/{total} rows | {written} written, {failed} failed`, fps: 5 },
        Presets.shades_classic,
      )
    : null;
  const payload = (r: SubscriberImportRecord) => ({ written: r.created + r.updated, failed: r.failed });
  bar?.start(record.total_rows ?? 0, record.processed_rows, payload(record));
  let last = -1;
  try {
    return await pollUntil<SubscriberImportRecord>(remote, `/api/v2/subscribers/imports/${encodeURIComponent(record.id)}`, {
      first: record,
      ended: (current) => current.status === 'completed' || current.status === 'failed',
      seen: (current) => {
        if (bar) bar.update(current.processed_rows, payload(current));
        else if (current.processed_rows !== last) {
          process.stderr.write(`${current.id} ${current.status}: ${current.processed_rows}/${current.total_rows ?? '?'} rows\n`);
          last = current.processed_rows;
        }
      },
    });
  } finally {
    bar?.stop();
  }
}

interface ImportFlags extends RemoteFlags {
  map?: string[];
  tag?: string[];
  encoding?: string;
  update?: boolean;
  json?: boolean;
}

async function importSubscribers(file: string, options: ImportFlags): Promise<void> {
  const columns = columnsOf(options.map ?? []);
  let content: Buffer;
  try {
    content = await readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const remote = remoteOf(options);
  const started = await remote.post<SubscriberImportRecord>('/api/v2/subscribers/imports', {
    content: content.toString('base64'),
    ...(columns ? { columns } : {}),
    ...(options.tag?.length ? { tags: options.tag } : {}),
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(options.update === false ? { update_existing: false } : {}),
  });
  const ended = await follow(remote, started);
  if (options.json) printJson(ended);
  else {
    process.stdout.write(`${importSummary(ended)}\n`);
    if (ended.errors.length > 0) {
      printTable(
        ['row', 'email', 'problem'],
        ended.errors.map((e) => [e.row, e.email ?? '', e.message]),
      );
      if (ended.error_count > ended.errors.length)
        process.stdout.write(`(${ended.error_count - ended.errors.length} more rows reported; the first ${ended.errors.length} are listed)\n`);
    }
  }
  if (ended.status === 'failed') throw new Refusal(`import ${ended.id} failed`);
}

async function exportSubscribers(options: RemoteFlags & { tag?: string; status?: string; query?: string }): Promise<void> {
  const query = new URLSearchParams();
  if (options.tag !== undefined) query.set('tag', options.tag);
  if (options.status !== undefined) query.set('status', options.status);
  if (options.query !== undefined) query.set('query', options.query);
  const body = await remoteOf(options).stream(`/api/v2/subscribers/export${query.size > 0 ? `?${query}` : ''}`);
  await body.pipeTo(Writable.toWeb(process.stdout));
}

/** `subscribers import` and `subscribers export` under `program`. */
export function addSubscriberCommands(program: Command): void {
  const subscribers = program.command('subscribers').description("subscribers of a running Mailgate server (its REST API's /api/v2/subscribers)");
  remoteOptions(
    subscribers
      .command('import')
      .summary('import subscribers from a CSV file, with a progress bar, then the rows it reported')
      .description(
        'import a CSV file (its first row names the columns) and follow it until it ends: a progress bar on stderr, then a summary and the rows ' +
          'that failed or were skipped (row 1 is the first after the header). Without --map, columns named email, first_name, last_name, status and tags ' +
          'are those fields and every other column an attribute. Exit 0 once completed (row problems are reported, not fatal), 1 if the import failed',
      )
      .argument('<file>', 'the CSV file')
      .option(
        '--map <field=header>',
        'the column holding a field: email, first_name, last_name, status, tags or attributes.KEY (repeat it; only mapped columns are read)',
        collect,
      )
      .option('--tag <tag>', 'attach this tag to every imported subscriber (repeat it for more)', collect)
      // The server checks the name (and lists the ones it takes): the CLI loads no core to start.
      .option('--encoding <encoding>', "the file's text encoding: utf-8 (default), utf-16le, windows-1252 or iso-8859-1; a byte order mark overrides it")
      .option('--no-update', 'leave subscribers that exist already as they are')
      .option('--json', 'print the finished import as JSON'),
  ).action(importSubscribers);
  remoteOptions(
    subscribers
      .command('export')
      .summary('write the subscribers as CSV to stdout (mailgate subscribers export > subscribers.csv)')
      .description('write the subscribers (all, or those with a tag, a status, or matching a text) to stdout as CSV, every row, as the server streams it')
      .option('--tag <tag>', 'only subscribers with this tag')
      .option('--status <status>', 'only subscribers with this status (subscribed, unsubscribed, bounced, complained)')
      .option('--query <text>', 'only subscribers whose email or name contains this text'),
  ).action(exportSubscribers);
}
