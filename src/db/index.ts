// Storage: Kysely over better-sqlite3 (embedded default) or PostgreSQL, the schema,
// and its migrations. The only folder allowed to know which dialect is in use.
export {
  CommittedNotSynced,
  DURABILITIES,
  databaseAnswers,
  openDatabase,
  migrateToLatest,
  type DatabaseHandle,
  type DatabaseOptions,
  type Durability,
} from './connect.ts';
export {
  skipLockedRows,
  counterShard,
  isUniqueViolation,
  isTransientConflict,
  isConnectionLoss,
  lockForSetup,
  writeFirst,
  subscriberSearchCandidates,
  subscriberAmong,
  type DialectName,
} from './dialect.ts';
export { fetchIdPage } from './id-page.ts';
export { insertRows } from './insert-rows.ts';
export { likeLiteral } from './like.ts';
export type { Database } from './schema.ts';
