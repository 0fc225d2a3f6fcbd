import { readFileSync } from 'node:fs';

/** Mailgate's version, as package.json gives it: shown by /openapi.json and the MCP server's info. */
export const MAILGATE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
