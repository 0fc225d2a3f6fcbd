import { toolJsonSchemaOf } from './json-schema.ts';
import type { Operation } from './operation.ts';

/**
 * An operation as a tool, described the same way on every door that lists
 * tools (MCP tools/list, GET /api/v2/tools, `mailgate tools list`): its name,
 * title, description, JSON Schemas and behaviour hints, all from the definition.
 */
export interface ToolDescription {
  name: string;
  title: string;
  description: string;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

const cache = new WeakMap<Operation, ToolDescription>();

export function describeTool(operation: Operation): ToolDescription {
  let found = cache.get(operation);
  if (!found) {
    found = {
      name: operation.name,
      title: operation.summary,
      description: operation.description,
      // Its own copies of the portable spelling (toolJsonSchemaOf), which callers may hold on to.
      input_schema: structuredClone(toolJsonSchemaOf(operation.input, 'input')),
      output_schema: structuredClone(toolJsonSchemaOf(operation.output, 'output')),
      annotations: {
        readOnlyHint: operation.annotations.readOnly,
        destructiveHint: operation.annotations.destructive,
        idempotentHint: operation.annotations.idempotent,
        openWorldHint: operation.annotations.openWorld,
      },
    };
    cache.set(operation, found);
  }
  return found;
}
