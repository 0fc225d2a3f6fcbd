import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

// A webhook receiver on loopback (a node http server) that verifies every
// delivery's signature with the Standard Webhooks package: what a real
// endpoint does, for tests of outbound webhooks.

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  event: { type: string; timestamp: string; data: Record<string, any> };
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status codes to answer, in turn; 204 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

/** `secret`: the webhook's whsec_ secret, read at each delivery (it is known once the webhook exists). A bad signature is answered 400 and not kept. */
export async function startReceiver(secret: () => string): Promise<Receiver> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // Throws on a bad signature or an old timestamp: then the test sees a 400.
      try {
        const event = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as Received['event'];
        received.push({ headers: request.headers, body, event });
      } catch {
        response.writeHead(400).end('bad signature');
        return;
      }
      const status = answers.shift() ?? 204;
      response.writeHead(status).end(status === 204 ? undefined : `answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
