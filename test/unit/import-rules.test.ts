import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md rule 14, held by a test: the core (src/) speaks no protocol, and one
 * servers/ folder never imports another (only servers/main.ts joins them).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const PROTOCOL_PACKAGES = ['fastify', '@fastify/', 'smtp-server', 'mailparser', '@modelcontextprotocol/sdk'];

/** Module specifiers of `from '…'`, `import('…')` and bare `import '…'`. */
function importSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;
  return [...source.matchAll(pattern)].map((m) => m[2]!);
}

function isProtocolPackage(specifier: string): boolean {
  return PROTOCOL_PACKAGES.some((p) =>
    p.endsWith('/') ? specifier.startsWith(p) : specifier === p || specifier.startsWith(`${p}/`),
  );
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

describe('import rules (STYLE.md 14)', () => {
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

  it('no servers/<folder>/ imports another servers/ folder', () => {
    const files = tsFiles('servers');
    expect(files).toContain('servers/main.ts');
    const offences = files.flatMap((file) =>
      crossServerImports(file, read(file)).map((specifier) => `${file} imports '${specifier}'`),
    );
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
    expect(importSpecifiers("import Fastify from 'fastify';\nimport p from 'mailparser';").filter(isProtocolPackage)).toEqual([
      'fastify',
      'mailparser',
    ]);
    for (const bad of ['fastify', 'fastify/types', '@fastify/swagger', 'smtp-server', 'mailparser', '@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/client/index.js']) {
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
