import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type SerializerSelector = typeof import('@fastify/fast-json-stringify-compiler').SerializerSelector;
type SerializerCompiler = ReturnType<ReturnType<SerializerSelector>>;

const require = createRequire(import.meta.url);

/**
 * How the app compiles route schemas. A process starts without compiling or
 * loading what it may never use: every route of every door has its schemas,
 * and compiling them all, with the JSON Schema libraries behind them, was a
 * third of a start (a fleet's worker, a restarted process, each server of the
 * test suite).
 *
 * - Validation: none here. Input is validated by each operation's own zod
 *   schema, over path, query, body and headers at once, so that every door
 *   refuses the same things in the same words; the compiled validator passes
 *   everything and leaves each part of the request as it came, and Fastify's
 *   default one (ajv) is never loaded.
 * - Answers: Fastify's own serializer compiler (fast-json-stringify), loaded
 *   when a route first answers and compiling each route's schema for a status
 *   when that status is first sent. Same compiler, same shared schemas and
 *   options: the same bytes.
 */
export function schemaCompilers(): NonNullable<FastifyServerOptions['schemaController']> {
  return {
    compilersFactory: {
      // Typed for ajv's compiler; Fastify calls what it returns with each route's schema, then with the request's part.
      buildValidator: (() => () => () => true) as unknown as CompilersFactory['buildValidator'],
      buildSerializer: (externalSchemas: unknown, options: unknown) => {
        let compiler: SerializerCompiler | undefined;
        const compile: SerializerCompiler = (route) => {
          compiler ??= (require('@fastify/fast-json-stringify-compiler') as { SerializerSelector: SerializerSelector }).SerializerSelector()(
            externalSchemas,
            options as Parameters<ReturnType<SerializerSelector>>[1],
          );
          return compiler(route);
        };
        return (route: Parameters<SerializerCompiler>[0]) => {
          let serialize: ((data: unknown) => string) | undefined;
          return (data: unknown) => (serialize ??= compile(route))(data);
        };
      },
    },
  };
}
