import { describe, expect, it } from 'vitest';
import { nulCharacter, parseBody } from '../../src/validation.ts';
import { z } from 'zod';
import { expectRefusal } from '../helpers/errors.ts';

describe('the NUL character rule (text Mailgate keeps cannot hold U+0000)', () => {
  const message = 'must not contain the NUL character (U+0000)';

  it('names the first string that holds one: a value, an array item, or a key, nested', () => {
    expect(nulCharacter({ a: 'fine', b: 'x\u0000' })).toEqual({ path: 'b', message });
    expect(nulCharacter({ list: ['ok', 'no\u0000'] })).toEqual({ path: 'list.1', message });
    expect(nulCharacter({ data: { ['k\u0000']: 1 } })).toEqual({ path: 'data.k\u0000', message });
  });

  it('finds nothing in clean input, numbers, booleans and nulls', () => {
    expect(nulCharacter({ a: 'x', n: 1, b: true, z: null, deep: [{ s: 'y' }] })).toBeNull();
    expect(nulCharacter('plain')).toBeNull();
  });

  it('is part of every JSON body parsed with a schema', () => {
    const schema = z.object({ name: z.string() });
    expectRefusal(() => parseBody(schema, { name: 'a\u0000' }), {
      kind: 'validation_error',
      message: `name ${message}`,
      details: [{ path: 'name', message }],
    });
  });
});
