// GET /metrics: the core's fleet-wide counts in Prometheus's text exposition
// format (version 0.0.4). Written here in a few lines rather than with
// prom-client: every value is a gauge read from the database at scrape time,
// so there is nothing to accumulate in memory, and no registry (prom-client's
// is global by default) to share between the apps a test process builds.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MAILGATE_VERSION, PROCESS_ROLES, type Core, type FleetMetrics } from '../../src/index.ts';
import { v2ErrorSchema } from './errors.ts';
import { jsonSchemaOf } from './json-schema.ts';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Record<string, string>;
interface Family {
  name: string;
  help: string;
  samples: { labels?: Labels; value: number }[];
}

/** A label value as the format writes it: backslash, double quote and line feed escaped. */
const labelValue = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function render(families: Family[]): string {
  const lines: string[] = [];
  for (const f of families) {
    lines.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} gauge`);
    for (const s of f.samples) {
      const labels = Object.entries(s.labels ?? {});
      const written = labels.length === 0 ? '' : `{${labels.map(([k, v]) => `${k}="${labelValue(v)}"`).join(',')}}`;
      lines.push(`${f.name}${written} ${s.value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The families /metrics answers: this process's own, then the fleet's counts when the database answered. */
export function metricFamilies(core: Core, fleet: FleetMetrics | null): Family[] {
  const families: Family[] = [
    { name: 'mailgate_build_info', help: "Mailgate's version.", samples: [{ labels: { version: MAILGATE_VERSION }, value: 1 }] },
    {
      name: 'mailgate_role',
      help: 'The roles this process runs (MAILGATE_ROLES): 1 for each.',
      samples: PROCESS_ROLES.filter((r) => core.config.roles.includes(r)).map((role) => ({ labels: { role }, value: 1 })),
    },
    { name: 'mailgate_database_up', help: 'Whether the database answered the queries below (1) or not (0).', samples: [{ value: fleet ? 1 : 0 }] },
  ];
  if (!fleet) return families;
  const byKind = (name: string, help: string, value: (k: FleetMetrics['queue'][number]) => number): Family => ({
    name,
    help,
    samples: fleet.queue.map((k) => ({ labels: { kind: k.kind }, value: value(k) })),
  });
  families.push(
    byKind('mailgate_queue_depth', 'Jobs due now and waiting for a worker, all processes together.', (k) => k.due),
    byKind('mailgate_queue_scheduled', 'Jobs waiting for a later time: schedules, retries, waits.', (k) => k.scheduled),
    byKind('mailgate_queue_running', 'Jobs held by a worker now (a live lease).', (k) => k.running),
    byKind('mailgate_queue_oldest_age_seconds', 'How long the longest-waiting due job has been due; 0 when none is.', (k) => k.oldestDueAgeMs / 1000),
    {
      name: 'mailgate_scheduled_task_last_run_timestamp_seconds',
      help: 'When the last completed run of each scheduled task started (Unix time); a task that never ran has no sample.',
      samples: fleet.tasks.flatMap((t) => (t.lastRunAt === null ? [] : [{ labels: { task: t.name }, value: t.lastRunAt / 1000 }])),
    },
  );
  return families;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** With METRICS_TOKEN set: its Bearer token, or 401. Compared by hash, in constant time. */
function checkToken(core: Core, request: FastifyRequest): void {
  const expected = core.config.metricsToken;
  if (expected === undefined) return;
  const header = request.headers.authorization;
  if (!header) throw new AppError('missing_api_key', 'GET /metrics asks for the header "Authorization: Bearer <METRICS_TOKEN>"');
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (given === undefined || !timingSafeEqual(sha256(given), sha256(expected))) throw new AppError('invalid_api_key', 'The metrics token is not valid');
}

export async function metricsRoutes(app: FastifyInstance, core: Core): Promise<void> {
  const schema = {
    operationId: 'metrics',
    tags: ['system'],
    summary: 'Queue and scheduled-task counts in Prometheus text format',
    description:
      'Counts across every process on the database (jobs due, scheduled and running by kind, the oldest due job, when each scheduled task last ran), ' +
      "this process's version and roles; nothing per organization. Open unless METRICS_TOKEN is set, then `Authorization: Bearer <METRICS_TOKEN>`.",
    security: [],
    response: {
      200: { description: 'Prometheus text exposition format 0.0.4.', content: { 'text/plain': { schema: { type: 'string' } } } },
      401: { ...jsonSchemaOf(v2ErrorSchema, 'output'), description: 'METRICS_TOKEN is set, and the request did not carry it.' },
    },
  };
  app.get('/metrics', { schema }, async (request, reply) => {
    checkToken(core, request);
    const fleet = await core.fleetMetrics();
    return reply.type(METRICS_CONTENT_TYPE).send(render(metricFamilies(core, fleet)));
  });
}
