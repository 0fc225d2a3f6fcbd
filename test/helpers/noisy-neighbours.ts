// Noisy neighbours: organizations that send content slow to render as fast as
// their plan lets them, while another sends ordinary mail at a steady pace.
// What the other one sees (how long its sends take, how soon its mail is
// delivered) is what fair sharing of the render threads is about. Used by the
// fair-CPU test and by bench:abuse, against any listening server.

/** 120 KB of unmatched emphasis delimiters: the markdown that made marked quadratic (18 s). */
export const PATHOLOGICAL_MARKDOWN = '_a'.repeat(60_000);

export interface NeighboursOptions {
  url: string;
  victimToken: string;
  attackerTokens: readonly string[];
  durationMs: number;
  /** The victim sends one email every this many ms (one at a time). */
  victimEveryMs: number;
  /** What the attackers send (default PATHOLOGICAL_MARKDOWN). */
  attackMarkdown?: string;
}

export interface NeighboursResult {
  /** Each victim send's time from request to answer (ms), in order. */
  victimMs: number[];
  /** Victim sends answered other than 200, by status. */
  victimRefused: Record<number, number>;
  /** The ids of the victim's accepted emails. */
  victimIds: string[];
  /** Attackers' requests sent, answered or not when the run ended. */
  attackerRequests: number;
  /** Attackers' answers by status (200 accepted, 422 refused as too slow to render, 429 over quota). */
  attackerAnswers: Record<number, number>;
}

let unique = 0;
const recipient = (who: string) => `${who}-${process.pid}-${unique++}@example.com`;

async function post(url: string, token: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${url}/api/v2/emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Run the attackers and the victim for `durationMs`; then the victim's last send is awaited, the attackers' still open are abandoned. */
export async function runNoisyNeighbours(o: NeighboursOptions): Promise<NeighboursResult> {
  const until = performance.now() + o.durationMs;
  const stopAttacks = new AbortController();
  const result: NeighboursResult = { victimMs: [], victimRefused: {}, victimIds: [], attackerRequests: 0, attackerAnswers: {} };
  const attackBody = o.attackMarkdown ?? PATHOLOGICAL_MARKDOWN;

  async function attack(token: string): Promise<void> {
    while (performance.now() < until) {
      let res: Response;
      result.attackerRequests++;
      try {
        res = await post(o.url, token, { from: 'attacker@acme.example', to: recipient('attacked'), subject: 'slow', markdown: attackBody }, stopAttacks.signal);
      } catch (error) {
        if (stopAttacks.signal.aborted) return;
        throw error;
      }
      result.attackerAnswers[res.status] = (result.attackerAnswers[res.status] ?? 0) + 1;
      await res.arrayBuffer();
      // As fast as the plan allows: over quota, wait as told (never past the end).
      if (res.status === 429) await sleep(Math.min(Number(res.headers.get('retry-after') ?? 1) * 1000, Math.max(0, until - performance.now())));
    }
  }

  async function victim(): Promise<void> {
    let i = 0;
    while (performance.now() < until) {
      const started = performance.now();
      const res = await post(o.url, o.victimToken, {
        from: 'hello@acme.example',
        to: recipient('customer'),
        subject: `Your receipt ${i++}`,
        markdown: '# Thanks for your order\n\nYour receipt is **below**. [Manage your account](https://acme.example/account).',
      });
      const answer = (await res.json()) as { id?: string };
      result.victimMs.push(performance.now() - started);
      if (res.status === 200 && answer.id) result.victimIds.push(answer.id);
      else result.victimRefused[res.status] = (result.victimRefused[res.status] ?? 0) + 1;
      await sleep(Math.max(0, o.victimEveryMs - (performance.now() - started)));
    }
  }

  const attacks = o.attackerTokens.map((t) => attack(t));
  await victim();
  stopAttacks.abort();
  await Promise.all(attacks);
  return result;
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * How long each of `ids` took from accepted to delivered (ms), read from its
 * events; null for one not delivered (yet).
 */
export async function deliveryLagsMs(url: string, token: string, ids: readonly string[]): Promise<(number | null)[]> {
  const lags: (number | null)[] = [];
  for (const id of ids) {
    const res = await fetch(`${url}/api/v2/emails/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const email = (await res.json()) as { created_at: string; events?: { type: string; created_at: string }[] };
    const done = email.events?.find((e) => e.type === 'delivered' || e.type === 'sent');
    lags.push(done ? Date.parse(done.created_at) - Date.parse(email.created_at) : null);
  }
  return lags;
}
