import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_limits.ts';
import * as m0003 from './0003_audience.ts';
import * as m0004 from './0004_workflows.ts';
import * as m0005 from './0005_subscriber_search.ts';
import * as m0006 from './0006_submissions.ts';
import * as m0007 from './0007_tracking.ts';
import * as m0008 from './0008_oauth.ts';
import * as m0009 from './0009_campaigns.ts';
import * as m0010 from './0010_token_permissions.ts';
import * as m0011 from './0011_webhooks.ts';
import * as m0012 from './0012_form_confirmations.ts';
import * as m0013 from './0013_domains.ts';
import * as m0014 from './0014_fair_queue.ts';
import * as m0015 from './0015_oauth_client_expiry.ts';
import * as m0016 from './0016_suppressions.ts';
import * as m0017 from './0017_inbound_reports.ts';
import * as m0018 from './0018_receiving_domains.ts';
import * as m0019 from './0019_received_emails.ts';
import * as m0020 from './0020_users.ts';
import * as m0021 from './0021_sessions.ts';
import * as m0022 from './0022_email_daily_stats.ts';
import * as m0023 from './0023_email_tags.ts';
import * as m0024 from './0024_subscriber_imports.ts';
import * as m0025 from './0025_scheduled_work.ts';
import * as m0026 from './0026_sharded_daily_counts.ts';

/** Static list, so a bundler or a packed install carries every migration. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_limits': m0002,
  '0003_audience': m0003,
  '0004_workflows': m0004,
  '0005_subscriber_search': m0005,
  '0006_submissions': m0006,
  '0007_tracking': m0007,
  '0008_oauth': m0008,
  '0009_campaigns': m0009,
  '0010_token_permissions': m0010,
  '0011_webhooks': m0011,
  '0012_form_confirmations': m0012,
  '0013_domains': m0013,
  '0014_fair_queue': m0014,
  '0015_oauth_client_expiry': m0015,
  '0016_suppressions': m0016,
  '0017_inbound_reports': m0017,
  '0018_receiving_domains': m0018,
  '0019_received_emails': m0019,
  '0020_users': m0020,
  '0021_sessions': m0021,
  '0022_email_daily_stats': m0022,
  '0023_email_tags': m0023,
  '0024_subscriber_imports': m0024,
  '0025_scheduled_work': m0025,
  '0026_sharded_daily_counts': m0026,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
