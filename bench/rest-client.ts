// A small REST send client for bench:e2e: POST /api/v2/emails over a fixed number
// of kept-alive connections (node:http, no framework), as fast as the server
// answers or paced at a fixed offered rate, recording each accepted email's id and
// when its 200 came. Its shape is smtp-client.ts's, so both doors are driven alike.
import http from 'node:http';
import { epochNow, paced, percentile, type SmtpLoadResult } from './smtp-client.ts';

export interface RestLoadOptions {
  url: string;
  token: string;
  connections: number;
  durationMs: number;
  /** Stop after this many sends (and at durationMs, whichever comes first). */
  count?: number;
  /** The JSON body of the n-th send. */
  body: (n: number) => string;
  /** Offered load: the n-th send is not started before start + n / ratePerSecond. None: as fast as answered. */
  ratePerSecond?: number;
  /** Called for each send answered 200, with its number, the email's id and when (ms since the epoch, sub-ms). */
  onAccepted?: (n: number, id: string, at: number) => void;
}

/** The same shape as the SMTP client's; p50/p99 are request to response. */
export type RestLoadResult = SmtpLoadResult;

function post(agent: http.Agent, url: URL, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Run the load for a fixed time; every connection stops after its request in flight. */
export async function restLoad(options: RestLoadOptions): Promise<RestLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL('/api/v2/emails', options.url);
  const latencies: number[] = [];
  const samples: string[] = [];
  let accepted = 0;
  let failed = 0;
  let n = 0;
  const start = performance.now();
  const deadline = start + options.durationMs;

  async function loop(): Promise<void> {
    while (performance.now() < deadline) {
      const number = n++;
      if (options.count !== undefined && number >= options.count) break;
      if (!(await paced(start, number, options.ratePerSecond, deadline))) break;
      const t0 = performance.now();
      try {
        const { status, text } = await post(agent, url, options.token, options.body(number));
        if (status === 200) {
          accepted++;
          latencies.push(performance.now() - t0);
          options.onAccepted?.(number, (JSON.parse(text) as { id: string }).id, epochNow());
        } else {
          failed++;
          if (samples.length < 5) samples.push(`${status} ${text.slice(0, 200)}`);
        }
      } catch (error) {
        failed++;
        if (samples.length < 5) samples.push(String(error));
      }
    }
  }

  await Promise.all(Array.from({ length: options.connections }, () => loop()));
  agent.destroy();
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { accepted, failed, samples, seconds, rate: accepted / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
