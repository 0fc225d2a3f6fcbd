import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own serializer compiler (fast-json-stringify), compiling a route's
 * answer schema when that route first answers with that status instead of when
 * the app starts. Every route of every door has its schemas, and compiling them
 * all was a third of a process's start (a fleet's worker, a restarted process,
 * each server of the test suite), most of them for routes it never serves.
 * Answers are the same: the same compiler, with the same shared schemas and options.
 */
export function lazySerializers(): NonNullable<FastifyServerOptions['schemaController']> {
  const eager = SerializerSelector();
  return {
    compilersFactory: {
      buildSerializer: (externalSchemas: unknown, options: unknown) => {
        const compile = eager(externalSchemas, options as Parameters<typeof eager>[1]);
        return (route: Parameters<typeof compile>[0]) => {
          let serialize: ((data: unknown) => string) | undefined;
          return (data: unknown) => (serialize ??= compile(route))(data);
        };
      },
    },
  };
}
