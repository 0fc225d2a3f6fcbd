// bench:mcp — send_email as an MCP tool call (a real client, @modelcontextprotocol/client
// pinned to 2026-07-28, over Streamable HTTP at /mcp) against POST /api/v2/emails,
// in the same run, on the same server (SQLite, capture transport, worker running),
// with the same concurrency and the same kind of driver (async loops in this
// process), so the ratio is what the MCP door costs over the REST one.
import os from 'node:os';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { cpuSeconds, createOrg, medianBy, startMailgate, stopAll, tempDir, watchdog } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TOKEN = 'mailgate_bench_token_0123456789abcdefghij';
/** Requests per minute for the load's organization: counted, never reached. */
const ORG_QUOTA = 1_000_000_000;
/** BENCH_CPU_PROF=DIR: run Mailgate with --cpu-prof into DIR; read it with `npm run diagnose:profile DIR`. BENCH_ONLY=mcp measures that door alone. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const ONLY_MCP = process.env.BENCH_ONLY === 'mcp';

let counter = 0;
function email() {
  counter++;
  return {
    from: 'Acme <hello@acme.example>',
    to: `user${counter}@example.com`,
    subject: `Welcome to Acme, #${counter}`,
    markdown: '# Welcome aboard\n\nThanks for signing up for **Acme**. Your workspace is ready.',
    preview: 'Your workspace is ready',
  };
}

interface PhaseResult {
  calls: number;
  failures: number;
  rps: number;
  p50: number;
  p99: number;
  cpuPerCall: { main: number; process: number } | null;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Run `call` from CONCURRENCY loops for `seconds`; latencies in ms. */
async function phase(pid: number, seconds: number, call: (worker: number) => Promise<boolean>): Promise<PhaseResult> {
  const latencies: number[] = [];
  let failures = 0;
  const before = cpuSeconds(pid);
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await call(worker).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const after = cpuSeconds(pid);
  latencies.sort((a, b) => a - b);
  const perCall = (s: number) => (s * 1e6) / Math.max(1, latencies.length);
  return {
    calls: latencies.length,
    failures,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPerCall: before && after ? { main: perCall(after.mainThread - before.mainThread), process: perCall(after.process - before.process) } : null,
  };
}

const line = (label: string, r: PhaseResult) =>
  `${label.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} sends/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  (${r.calls} calls, ${r.failures} failed)` +
  (r.cpuPerCall ? `  server CPU ${r.cpuPerCall.main.toFixed(0)} µs main thread, ${r.cpuPerCall.process.toFixed(0)} µs process per call` : '');

async function main(): Promise<void> {
  console.log(`bench:mcp  ${CONCURRENCY} concurrent callers, ${ROUNDS} rounds of ${DURATION} s each way, ${os.cpus().length} cores`);
  watchdog((90 + ROUNDS * (2 * DURATION + 60)) * 1000);
  const dataDir = tempDir('mailgate-bench-mcp-');
  try {
    const { child, url } = await startMailgate(
      dataDir,
      { MAILGATE_BOOTSTRAP_TOKEN: TOKEN, RATE_LIMITS: 'on', IP_RATE_LIMIT: '1000000000' },
      CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {},
    );
    const org = await createOrg(dataDir, { name: 'bench-mcp', plan: 'enterprise', rateLimit: ORG_QUOTA });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${org.token}` };

    const rest = async () => {
      const res = await fetch(`${url}/api/v2/emails`, { method: 'POST', headers, body: JSON.stringify(email()) });
      await res.arrayBuffer();
      return res.status === 200;
    };
    // One client per caller, as agents connect: each call is one POST (2026-07-28 is stateless).
    const clients = await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const client = new Client({ name: 'bench-mcp', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${org.token}` } } }));
        return client;
      }),
    );
    const mcp = async (worker: number) => {
      const result = (await clients[worker]!.callTool({ name: 'send_email', arguments: email() })) as {
        isError?: boolean;
        structuredContent?: { id?: string };
      };
      return result.isError !== true && typeof result.structuredContent?.id === 'string';
    };

    // Warm both up, then alternate.
    await phase(child.pid!, 2, rest);
    await phase(child.pid!, 2, mcp);
    const rounds: { rest: PhaseResult; mcp: PhaseResult }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const r = ONLY_MCP ? await phase(child.pid!, 0, rest) : await phase(child.pid!, DURATION, rest);
      const m = await phase(child.pid!, DURATION, mcp);
      rounds.push({ rest: r, mcp: m });
      console.log(
        `round ${round}: mcp ${m.rps.toFixed(0)} sends/s (p99 ${m.p99.toFixed(1)} ms), rest ${r.rps.toFixed(0)} sends/s (p99 ${r.p99.toFixed(1)} ms), ratio ${(m.rps / r.rps).toFixed(3)}`,
      );
    }
    await Promise.all(clients.map((c) => c.close()));
    const median = medianBy(rounds, (r) => r.mcp.rps / r.rest.rps);
    console.log(line('mcp (tools/call send_email)', median.mcp));
    console.log(line('rest (POST /api/v2/emails)', median.rest));
    const ratios = rounds.map((r) => (r.mcp.rps / r.rest.rps).toFixed(3)).join(', ');
    console.log(`ratio mcp/rest: ${(median.mcp.rps / median.rest.rps).toFixed(3)} median of ${ROUNDS} rounds (${ratios})  (goal ≥ 0.7)`);
    const failures = rounds.reduce((n, r) => n + r.rest.failures + r.mcp.failures, 0);
    if (failures > 0) {
      console.error(`bench:mcp is broken: ${failures} calls failed`);
      process.exitCode = 1;
    }
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
