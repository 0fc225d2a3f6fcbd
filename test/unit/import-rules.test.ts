import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import rules, held by a test: the core (src/) speaks no protocol, one
 * servers/ folder never imports another (only servers/main.ts joins them), and
 * the layers of src/ run one way (docs/architecture.md, Layers).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// mailauth and libmime (mailparser's MIME words) read received mail: the inbound door's, like mailparser.
const PROTOCOL_PACKAGES = [
  'fastify',
  '@fastify/',
  'smtp-server',
  'mailparser',
  'mailauth',
  'libmime',
  '@modelcontextprotocol/',
  'commander',
  'cli-table3',
  'cli-progress',
];

/** Module specifiers of `from '…'`, `import('…')` and bare `import '…'`. */
function importSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;
  return [...source.matchAll(pattern)].map((m) => m[2]!);
}

function isProtocolPackage(specifier: string): boolean {
  return PROTOCOL_PACKAGES.some((p) => (p.endsWith('/') ? specifier.startsWith(p) : specifier === p || specifier.startsWith(`${p}/`)));
}

/** For a file under servers/<folder>/, the relative imports that land in another servers/ folder or file. */
function crossServerImports(fileFromRoot: string, source: string): string[] {
  const [top, folder, ...rest] = fileFromRoot.split('/');
  if (top !== 'servers' || rest.length === 0) return []; // servers/main.ts may join the folders
  const serversDir = path.join(ROOT, 'servers');
  return importSpecifiers(source).filter((specifier) => {
    if (!specifier.startsWith('.')) return false;
    const target = path.relative(serversDir, path.resolve(path.dirname(path.join(ROOT, fileFromRoot)), specifier));
    if (target.startsWith('..') || path.isAbsolute(target)) return false; // outside servers/, e.g. ../../src/
    return target.split(path.sep)[0] !== folder;
  });
}

function tsFiles(dir: string): string[] {
  const entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(rel);
    return entry.isFile() && entry.name.endsWith('.ts') ? [rel] : [];
  });
}

const read = (fileFromRoot: string) => readFileSync(path.join(ROOT, fileFromRoot), 'utf8');

/**
 * The layers of src/, top to bottom (docs/architecture.md lists them too): folders and files under src/.
 * A file may import its own layer and the layers below it, never one above: a
 * lower layer reports upward through a port its caller gives it. Every file of
 * src/ is in one layer (or the composition root), so a new folder must be placed here.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['operations'],
  // The worker is a role, like a door: it may use everything below. Verifying an
  // address knows the fixture addresses delivery walks without a transport.
  // Returns and receiving are the inbound listener's core, a role too.
  ['delivery', 'verify', 'returns', 'receiving'],
  ['campaigns', 'workflows', 'integrations', 'users'],
  ['audience'],
  ['emails'],
  // Outbound webhooks: what the layers above publish, in their own transactions; delivered by the worker.
  ['webhooks', 'suppressions'],
  ['queue'],
  ['limits'],
  ['oauth'],
  ['tokens', 'orgs', 'auth-scope', 'domains'],
  ['threads', 'render', 'db', 'dns', 'outbound', 'errors.ts', 'clock.ts', 'config.ts', 'ids.ts', 'validation.ts', 'pagination.ts', 'version.ts'],
];

/** createCore and the import surface for servers/: they may import anything. */
const COMPOSITION_ROOT: readonly string[] = ['app.ts', 'index.ts'];

/** Where a path under src/ (`queue/worker.ts`) sits: its layer (0 = top) and the folder or file that puts it there. */
function placeOf(fromSrc: string, layers: readonly (readonly string[])[] = LAYERS): { layer: number; member: string } | undefined {
  let found: { layer: number; member: string } | undefined;
  layers.forEach((members, layer) => {
    for (const member of members) {
      const inside = fromSrc === member || fromSrc.startsWith(`${member}/`);
      if (inside && (!found || member.length > found.member.length)) found = { layer, member };
    }
  });
  return found;
}

/**
 * For a file under src/, its relative imports (static, dynamic, type-only, re-exports)
 * that land in a higher layer, or outside src/: `file imports 'specifier' (layer X above Y)`.
 */
function upwardImports(fileFromRoot: string, source: string, layers: readonly (readonly string[])[] = LAYERS): string[] {
  const srcDir = path.join(ROOT, 'src');
  const fromSrc = path.relative(srcDir, path.join(ROOT, fileFromRoot)).split(path.sep).join('/');
  if (COMPOSITION_ROOT.includes(fromSrc)) return [];
  const own = placeOf(fromSrc, layers);
  if (!own) return []; // reported by the "every file is placed" rule
  return importSpecifiers(source).flatMap((specifier) => {
    if (!specifier.startsWith('.')) return [];
    const target = path
      .relative(srcDir, path.resolve(path.dirname(path.join(ROOT, fileFromRoot)), specifier))
      .split(path.sep)
      .join('/');
    if (target.startsWith('..') || path.isAbsolute(target)) return [`${fileFromRoot} imports '${specifier}' (outside src/)`];
    if (COMPOSITION_ROOT.includes(target)) return [`${fileFromRoot} imports '${specifier}' (the composition root)`];
    const theirs = placeOf(target, layers);
    if (!theirs || theirs.layer >= own.layer) return [];
    return [`${fileFromRoot} imports '${specifier}' (layer ${theirs.member} above ${own.member})`];
  });
}

/** The files under src/ that no layer holds and that are not the composition root. */
function unplacedFiles(filesFromRoot: readonly string[], layers: readonly (readonly string[])[] = LAYERS): string[] {
  return filesFromRoot.filter((file) => {
    const fromSrc = file.replace(/^src\//, '');
    return !COMPOSITION_ROOT.includes(fromSrc) && !placeOf(fromSrc, layers);
  });
}

/** .ts and .mjs files (the pool's thread entry is .mjs). */
function sourceFiles(dir: string): string[] {
  const entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return entry.isFile() && /\.(ts|mjs)$/.test(entry.name) ? [rel] : [];
  });
}

describe('import rules', () => {
  it('src/ imports no protocol library', () => {
    const files = tsFiles('src');
    expect(files).toContain('src/config.ts');
    const offences = files.flatMap((file) =>
      importSpecifiers(read(file))
        .filter(isProtocolPackage)
        .map((specifier) => `${file} imports '${specifier}'`),
    );
    expect(offences, offences.join('\n')).toEqual([]);
  });

  it('src/ layers run one way: no file imports a layer above its own', () => {
    const files = sourceFiles('src');
    expect(files).toContain('src/threads/thread-entry.mjs');
    const offences = files.flatMap((file) => upwardImports(file, read(file)));
    expect(offences, offences.join('\n')).toEqual([]);
  });

  it('every file under src/ is in a declared layer (a new folder must be placed in LAYERS)', () => {
    const unplaced = unplacedFiles(sourceFiles('src'));
    expect(unplaced, unplaced.join('\n')).toEqual([]);
  });

  it('no servers/<folder>/ imports another servers/ folder', () => {
    const files = tsFiles('servers');
    expect(files).toContain('servers/main.ts');
    const offences = files.flatMap((file) => crossServerImports(file, read(file)).map((specifier) => `${file} imports '${specifier}'`));
    expect(offences, offences.join('\n')).toEqual([]);
  });
});

describe('the import-rule matchers themselves', () => {
  it('find every import form', () => {
    const sample = [
      "import Fastify from 'fastify';",
      'import type { FastifyInstance } from "fastify";',
      "import cors from '@fastify/cors';",
      "export { SMTPServer } from 'smtp-server';",
      "const { simpleParser } = await import('mailparser');",
      "import '@modelcontextprotocol/sdk/server/mcp.js';",
      "import {\n  z,\n} from 'zod';",
      "import { x } from '../../src/index.ts';",
    ].join('\n');
    expect(importSpecifiers(sample)).toEqual([
      'fastify',
      'fastify',
      '@fastify/cors',
      'smtp-server',
      'mailparser',
      '@modelcontextprotocol/sdk/server/mcp.js',
      'zod',
      '../../src/index.ts',
    ]);
  });

  it('flag protocol packages and nothing else', () => {
    expect(importSpecifiers("import Fastify from 'fastify';\nimport p from 'mailparser';").filter(isProtocolPackage)).toEqual(['fastify', 'mailparser']);
    for (const bad of [
      'fastify',
      'fastify/types',
      '@fastify/swagger',
      'smtp-server',
      'mailparser',
      'mailauth',
      'mailauth/lib/dkim/verify.js',
      'libmime',
      '@modelcontextprotocol/sdk',
      '@modelcontextprotocol/sdk/client/index.js',
    ]) {
      expect(isProtocolPackage(bad), bad).toBe(true);
    }
    for (const fine of ['fastify-plugin-lookalike', 'nodemailer', 'zod', 'smtp-server-x', '../fastify.ts', 'node:net']) {
      expect(isProtocolPackage(fine), fine).toBe(false);
    }
  });

  it('catch the real thing: the HTTP adapter does import fastify', () => {
    expect(importSpecifiers(read('servers/http/app.ts')).filter(isProtocolPackage)).toContain('fastify');
  });

  it('flag a servers/ folder importing another, and allow src/ and its own folder', () => {
    const source = [
      "import { toHttpError } from '../http/errors.ts';",
      "import { run } from '../../servers/cli/main.ts';",
      "import { start } from '../main.ts';",
      "import { createCore } from '../../src/index.ts';",
      "import { session } from './session.ts';",
      "import { v2 } from '../smtp/v2/x.ts';",
    ].join('\n');
    expect(crossServerImports('servers/smtp/listener.ts', source)).toEqual(['../http/errors.ts', '../../servers/cli/main.ts', '../main.ts']);
    expect(crossServerImports('servers/http/v2/emails.ts', "import { authOf } from '../auth.ts';\nimport { a } from '../../smtp/a.ts';")).toEqual([
      '../../smtp/a.ts',
    ]);
    expect(crossServerImports('servers/main.ts', "import { buildHttpApp } from './http/app.ts';")).toEqual([]);
  });
});

describe('the layer matcher itself', () => {
  it('places folders, nested paths and root files in their layer', () => {
    expect(placeOf('delivery/deliver-email.ts')).toEqual({ layer: 1, member: 'delivery' });
    expect(placeOf('emails/tracking/index.ts')).toEqual({ layer: 4, member: 'emails' });
    expect(placeOf('auth-scope/plans.ts')).toEqual({ layer: 9, member: 'auth-scope' });
    expect(placeOf('clock.ts')).toEqual({ layer: 10, member: 'clock.ts' });
    expect(placeOf('db/migrations/0001_initial.ts')).toEqual({ layer: 10, member: 'db' });
    expect(placeOf('oauth/index.ts')).toEqual({ layer: 8, member: 'oauth' });
    // A name that only starts like a member is not in it.
    expect(placeOf('queues/x.ts')).toBeUndefined();
    expect(placeOf('clock.tsx')).toBeUndefined();
    // The most specific member wins.
    expect(placeOf('emails/tracking/links.ts', [['emails/tracking'], ['emails']])).toEqual({ layer: 0, member: 'emails/tracking' });
  });

  it('catch a known upward import: the thread pool importing delivery and tracking, as it once did', () => {
    const oldTasks = [
      "import { composeMessage, type ComposeInput } from '../delivery/compose-message.ts';",
      "import { renderEmailContent, type EmailContent, type RenderedEmail } from '../render/index.ts';",
      "import { linkByTag } from '../tracking/tracked-html.ts';",
      "import { RENDER_TIME_LIMIT_MS } from './time-limits.ts';",
    ].join('\n');
    expect(upwardImports('src/threads/tasks.ts', oldTasks, [...LAYERS.slice(0, 4), ['emails', 'tracking'], ...LAYERS.slice(5)])).toEqual([
      "src/threads/tasks.ts imports '../delivery/compose-message.ts' (layer delivery above threads)",
      "src/threads/tasks.ts imports '../tracking/tracked-html.ts' (layer tracking above threads)",
    ]);
  });

  it('catch every import form: type-only, re-export, dynamic and bare', () => {
    const source = [
      "import type { WorkflowRecord } from '../workflows/index.ts';",
      "export { startWorkflowRuns } from '../workflows/triggers.ts';",
      "const { createWorker } = await import('../queue/index.ts');",
      "import '../delivery/fixtures.ts';",
    ].join('\n');
    expect(upwardImports('src/limits/x.ts', source)).toEqual([
      "src/limits/x.ts imports '../workflows/index.ts' (layer workflows above limits)",
      "src/limits/x.ts imports '../workflows/triggers.ts' (layer workflows above limits)",
      "src/limits/x.ts imports '../queue/index.ts' (layer queue above limits)",
      "src/limits/x.ts imports '../delivery/fixtures.ts' (layer delivery above limits)",
    ]);
  });

  it('allow imports down, sideways within a layer, within a folder, and packages', () => {
    const source = [
      "import { enqueueJobs } from '../queue/index.ts';",
      "import { mailboxKey } from '../emails/address.ts';",
      "import type { AuthContext } from '../auth-scope/index.ts';",
      "import { AppError } from '../errors.ts';",
      "import { startWorkflowRuns } from '../workflows/triggers.ts';",
      "import { x } from './x.ts';",
      "import type { Kysely } from 'kysely';",
    ].join('\n');
    expect(upwardImports('src/campaigns/fan-out.ts', source)).toEqual([]);
    expect(upwardImports('src/orgs/index.ts', "import { insertToken } from '../tokens/index.ts';")).toEqual([]);
    expect(upwardImports('src/emails/tracking/index.ts', "import { findEmailBodies } from '../email.repository.ts';")).toEqual([]);
  });

  it('let the composition root import anything, and nothing else import it or leave src/', () => {
    expect(upwardImports('src/app.ts', "import { createWorker } from './queue/index.ts';\nimport cpuTasks from './delivery/cpu-tasks.ts';")).toEqual([]);
    expect(upwardImports('src/emails/index.ts', "import type { Core } from '../app.ts';\nimport { buildHttpApp } from '../../servers/http/app.ts';")).toEqual([
      "src/emails/index.ts imports '../app.ts' (the composition root)",
      "src/emails/index.ts imports '../../servers/http/app.ts' (outside src/)",
    ]);
  });

  it('flag a file in no declared layer, and not the composition root', () => {
    expect(unplacedFiles(['src/app.ts', 'src/index.ts', 'src/ids.ts', 'src/mailboxes/index.ts', 'src/helpers.ts', 'src/queue/worker.ts'])).toEqual([
      'src/mailboxes/index.ts',
      'src/helpers.ts',
    ]);
  });
});
