import { describe, expect, it } from 'vitest';
import { newId } from '../../src/ids.ts';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, parsePageRequest, toPage } from '../../src/pagination.ts';
import { expectRefusal, type ExpectedRefusal } from '../helpers/errors.ts';

const LIMIT_MESSAGE = 'must be an integer from 1 to 100';

/** Expect parsePageRequest to refuse `query` (for eml ids) with a validation_error carrying `expected`. */
function pageRefusal(query: Record<string, unknown>, expected: Omit<ExpectedRefusal, 'kind'>): void {
  expectRefusal(() => parsePageRequest(query, 'eml'), { kind: 'validation_error', ...expected });
}

describe('parsePageRequest: limit', () => {
  it('defaults to 20 with no cursor', () => {
    expect(PAGE_LIMIT_DEFAULT).toBe(20);
    expect(PAGE_LIMIT_MAX).toBe(100);
    expect(parsePageRequest({}, 'eml')).toEqual({ limit: 20 });
  });

  it.each([
    ['1', 1],
    ['100', 100],
    ['42', 42],
    [' 7 ', 7],
    [1, 1],
    [100, 100],
  ])('accepts %j', (limit, expected) => {
    expect(parsePageRequest({ limit }, 'eml')).toEqual({ limit: expected });
  });

  it.each([['0'], ['101'], ['-1'], ['1.5'], ['abc'], [''], ['1e2'], [0], [101], [-1], [1.5], [Number.NaN], [true], [null], [['5']]])('refuses %j', (limit) => {
    pageRefusal(
      { limit },
      {
        message: `limit ${LIMIT_MESSAGE}`,
        details: [{ path: 'limit', message: LIMIT_MESSAGE }],
      },
    );
  });
});

describe('parsePageRequest: cursors', () => {
  const id = newId('eml');

  it('accepts an id of the listed kind as after or before', () => {
    expect(parsePageRequest({ after: id }, 'eml')).toEqual({ limit: 20, after: id });
    expect(parsePageRequest({ before: id, limit: '5' }, 'eml')).toEqual({ limit: 5, before: id });
  });

  it('accepts a cursor of the kind asked for, whatever the kind', () => {
    const sub = newId('sub');
    expect(parsePageRequest({ after: sub }, 'sub')).toEqual({ limit: 20, after: sub });
  });

  it.each([
    ['an id of another kind', newId('sub')],
    ['a bare ulid', newId('eml').slice(4)],
    ['the prefix alone', 'eml_'],
    ['a truncated id', newId('eml').slice(0, -1)],
    ['an upper-case id', newId('eml').toUpperCase()],
    ['a number', 12],
  ])('refuses %s as after and before', (_why, value) => {
    pageRefusal({ after: value }, { details: [{ path: 'after', message: 'must be an id starting with eml_' }] });
    pageRefusal({ before: value }, { details: [{ path: 'before', message: 'must be an id starting with eml_' }] });
  });

  it('refuses after and before together', () => {
    pageRefusal(
      { after: id, before: newId('eml') },
      {
        message: 'before cannot be combined with after',
        details: [{ path: 'before', message: 'cannot be combined with after' }],
      },
    );
  });

  it('reports every problem at once', () => {
    pageRefusal(
      { limit: '0', after: 'sub_x', before: id },
      {
        details: [
          { path: 'limit', message: LIMIT_MESSAGE },
          { path: 'after', message: 'must be an id starting with eml_' },
          { path: 'before', message: 'cannot be combined with after' },
        ],
      },
    );
  });
});

describe('toPage', () => {
  const double = (n: number) => n * 2;

  it('forward (no cursor or after): keeps the first limit rows and says has_more when limit + 1 came back', () => {
    // Newest first, as listEmailRows returns them for no cursor or `after`.
    expect(toPage([50, 40, 30, 20], { limit: 3 }, double)).toEqual({ object: 'list', data: [100, 80, 60], has_more: true });
    expect(toPage([50, 40, 30], { limit: 3, after: 'eml_x' }, double)).toEqual({ object: 'list', data: [100, 80, 60], has_more: false });
    expect(toPage([50], { limit: 3 }, double)).toEqual({ object: 'list', data: [100], has_more: false });
    expect(toPage([], { limit: 3 }, double)).toEqual({ object: 'list', data: [], has_more: false });
  });

  it('before: drops the extra row at index 0 (the one farthest from the cursor)', () => {
    // listEmailRows fetches `id > before` ascending with limit + 1 and reverses, so the page
    // arrives newest first and the surplus row is the newest one, at index 0.
    expect(toPage([90, 80, 70, 60], { limit: 3, before: 'eml_x' }, double)).toEqual({
      object: 'list',
      data: [160, 140, 120],
      has_more: true,
    });
    expect(toPage([80, 70, 60], { limit: 3, before: 'eml_x' }, double)).toEqual({
      object: 'list',
      data: [160, 140, 120],
      has_more: false,
    });
    expect(toPage([70], { limit: 3, before: 'eml_x' }, double)).toEqual({ object: 'list', data: [140], has_more: false });
    expect(toPage([], { limit: 3, before: 'eml_x' }, double)).toEqual({ object: 'list', data: [], has_more: false });
  });

  it('with limit 1 keeps exactly one row in each direction', () => {
    expect(toPage(['new', 'old'], { limit: 1 }, (s) => s)).toEqual({ object: 'list', data: ['new'], has_more: true });
    expect(toPage(['new', 'old'], { limit: 1, before: 'eml_x' }, (s) => s)).toEqual({ object: 'list', data: ['old'], has_more: true });
  });
});
