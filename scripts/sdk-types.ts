// Writes the SDK's generated files from the server's OpenAPI document:
// `npm run sdk:types` (an in-process server on a temporary SQLite file answers
// /openapi.json). test/e2e/sdk.test.ts regenerates them from a listening
// server's document and fails when the committed ones differ.
//
//   sdk/src/generated/openapi.ts     request and response types (openapi-typescript)
//   sdk/src/generated/operations.ts  each v2 operation's method, path and where its inputs go
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = '// Generated from /openapi.json by `npm run sdk:types`: do not edit.\n';
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
/** The SDK talks to v2 only: v1 is frozen. */
const V2 = '/api/v2/';

interface ParameterObject {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
}
interface OperationObject {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean };
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], OperationObject>>>;
}

/** What the client needs to call an operation, read off its OpenAPI entry. */
export interface OperationRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  pathParams: string[];
  query: string[];
  headers: string[];
  body: 'none' | 'optional' | 'required';
}

export function operationRoutes(doc: OpenApiDocument): Record<string, OperationRoute> {
  const routes: Record<string, OperationRoute> = {};
  for (const [p, item] of Object.entries(doc.paths)) {
    if (!p.startsWith(V2)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const params = op.parameters ?? [];
      const names = (where: ParameterObject['in']) => params.filter((x) => x.in === where).map((x) => x.name);
      routes[op.operationId] = {
        method: method.toUpperCase() as OperationRoute['method'],
        path: p,
        pathParams: [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: names('query'),
        headers: names('header'),
        body: !op.requestBody ? 'none' : op.requestBody.required ? 'required' : 'optional',
      };
    }
  }
  return Object.fromEntries(Object.entries(routes).sort(([a], [b]) => a.localeCompare(b)));
}

/** The generated files' text, keyed by their path under sdk/src/generated/. */
export async function sdkGeneratedFiles(doc: OpenApiDocument): Promise<Record<string, string>> {
  const v2 = { ...doc, paths: Object.fromEntries(Object.entries(doc.paths).filter(([p]) => p.startsWith(V2))) };
  const types = astToString(await openapiTS(v2 as never, { silent: true }));
  const routes = JSON.stringify(operationRoutes(doc), null, 2);
  return {
    'openapi.ts': `${HEADER}${types}`,
    'operations.ts':
      `${HEADER}import type { operations } from './openapi.js';\n\n` +
      `/** Each v2 operation's method, path (with its {parameters}), query, header and body inputs. */\n` +
      `export const OPERATION_ROUTES = ${routes} as const satisfies Record<keyof operations, {\n` +
      `  method: string;\n  path: string;\n  pathParams: readonly string[];\n  query: readonly string[];\n  headers: readonly string[];\n  body: 'none' | 'optional' | 'required';\n}>;\n\n` +
      `export type OperationId = keyof typeof OPERATION_ROUTES;\n`,
  };
}

/** The document as a server on a temporary SQLite file answers it. */
async function localDocument(): Promise<OpenApiDocument> {
  const { createCore, loadConfig, openConfiguredDatabase } = await import('../src/index.ts');
  const { buildHttpApp } = await import('../servers/http/app.ts');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mailgate-sdk-types-'));
  try {
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', CPU_THREADS: '0' });
    const db = await openConfiguredDatabase(config);
    const core = createCore(config, { db });
    const app = await buildHttpApp(core, { logLevel: false });
    try {
      return (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDocument;
    } finally {
      await app.close();
      await core.close();
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const files = await sdkGeneratedFiles(await localDocument());
  for (const [name, text] of Object.entries(files)) writeFileSync(new URL(`../sdk/src/generated/${name}`, import.meta.url), text);
  console.log(`wrote sdk/src/generated/: ${Object.keys(files).join(', ')}`);
}
