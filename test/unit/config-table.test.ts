import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_DOC, configTable, defaultOf, withConfigTable } from '../../scripts/config-table.ts';
import { envSchema } from '../../src/config.ts';

describe(`${CONFIG_DOC}'s table of environment variables`, () => {
  it('is the one the config schema makes (run npm run docs:config after changing src/config.ts)', () => {
    const doc = readFileSync(new URL(`../../${CONFIG_DOC}`, import.meta.url), 'utf8');
    expect(doc).toBe(withConfigTable(doc));
  });

  it('has a row for every variable, each with its description', () => {
    const names = [...configTable().matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(names).toEqual(Object.keys(envSchema.shape));
    for (const [name, schema] of Object.entries(envSchema.shape)) expect(schema.description, name).toMatch(/\S/);
  });

  it('takes each default from the schema, through transforms, and says unset where there is none', () => {
    expect(defaultOf(envSchema.shape.PORT)).toBe(3000);
    expect(defaultOf(envSchema.shape.MAILGATE_ROLES)).toBe('http,smtp,inbound,worker');
    expect(defaultOf(envSchema.shape.SMTP_ALLOW_INSECURE_AUTH)).toBe(false);
    expect(defaultOf(envSchema.shape.RELAY_URL)).toBeUndefined();
    expect(
      defaultOf(
        z
          .string()
          .default('x')
          .transform((v) => v.length)
          .describe('d'),
      ),
    ).toBe('x');
    expect(configTable()).toContain('| `SMTP_MAX_MESSAGE_BYTES` | `10485760` |');
    expect(configTable()).toContain('| `RELAY_URL` | unset |');
  });
});
