/**
 * The CLI's client of a running Mailgate (its REST API): what `mailgate tools`
 * uses. A refusal is an ApiError with the server's v2 error; a server that
 * cannot be reached is an UnreachableError.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { name?: string; message?: string; details?: unknown },
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export class UnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = (cause as { cause?: { code?: string; message?: string } })?.cause;
    super(`cannot reach ${url}: ${reason?.code ?? reason?.message ?? (cause as Error)?.message ?? cause}`);
    this.name = 'UnreachableError';
  }
}

export interface Remote {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

const TIMEOUT_MS = 30_000;

export function remoteApi(baseUrl: string, token: string): Remote {
  const base = baseUrl.replace(/\/+$/, '');
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${base}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new UnreachableError(url, error);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiError(response.status, { message: `${url} answered ${response.status} with a body that is not JSON` });
    }
    if (!response.ok) throw new ApiError(response.status, (parsed ?? {}) as ApiError['body']);
    return parsed as T;
  }
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) };
}
