import { monotonicFactory } from 'ulid';

/**
 * Prefixed, time-sortable ids (`eml_01J…`). Lexical order is creation order, so
 * ids double as list cursors and keep SQLite's index writes sequential.
 */
export type IdPrefix = 'eml' | 'sub' | 'tag' | 'evt' | 'cmp' | 'dom' | 'tok' | 'org' | 'wfl' | 'whk' | 'job';

const next = monotonicFactory();

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${next(now).toLowerCase()}`;
}

const ID_PATTERN = /^([a-z]{3})_[0-9a-hjkmnp-tv-z]{26}$/;

export function hasPrefix(value: string, prefix: IdPrefix): boolean {
  const match = ID_PATTERN.exec(value);
  return match !== null && match[1] === prefix;
}
