// The relay transport's own pool of SMTP connections, against real SMTP servers
// on loopback: how many it opens, what it does with a refusal, with a connection
// the relay closed while idle, lost while it resets after a refusal, or lost
// after a message's final ".", and with hand-offs in flight when it closes.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createRelayTransport } from '../../src/delivery/relay-transport.ts';
import { DeliveryFailure, DeliveryInterrupted, type Transport } from '../../src/delivery/transport.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

const message = (n: number) => ({
  emailId: `eml_${n}`,
  envelope: { from: 'orders@acme.example', to: [`reader${n}@example.com`] },
  raw: new TextEncoder().encode(
    `From: orders@acme.example\r\nTo: reader${n}@example.com\r\nSubject: n${n}\r\nMessage-ID: <m${n}@acme.example>\r\n\r\nHello ${n}\r\n`,
  ),
  messageId: `<m${n}@acme.example>`,
});

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function sink(): Promise<SmtpSink> {
  const s = await startSmtpSink();
  cleanup.push(() => s.close());
  return s;
}

function transport(url: string, maxConnections?: number): Transport {
  const t = createRelayTransport({ url, ...(maxConnections ? { maxConnections } : {}) });
  cleanup.push(() => t.close());
  return t;
}

/**
 * A relay scripted line by line, for what smtp-server will not do: hang up on an
 * RSET, or after a message's final "." before replying to it.
 */
async function scriptedRelay(script: { onRset?: 'reply' | 'hang up'; afterDot?: (n: number) => 'reply' | 'hang up' }) {
  const received: string[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    let buffer = '';
    let inData = false;
    socket.on('error', () => undefined);
    socket.write('220 relay.test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(/Message-ID: (\S+)/.exec(buffer.slice(0, end))![1]!);
          buffer = buffer.slice(end + 5);
          inData = false;
          if ((script.afterDot?.(received.length) ?? 'reply') === 'hang up') return void socket.destroy();
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-relay.test\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') socket.write('250 2.1.0 ok\r\n');
        else if (verb === 'RCPT') socket.write(line.includes('reader1@') ? '550 5.1.1 No such user\r\n' : '250 2.1.5 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'RSET') {
          if (script.onRset === 'hang up') return void socket.destroy();
          socket.write('250 2.0.0 ok\r\n');
        } else if (verb === 'QUIT') return void socket.end('221 2.0.0 bye\r\n');
        else socket.write('502 5.5.1 not here\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, received, connections: () => connections };
}

describe('the relay transport', () => {
  it('carries many hand-offs over at most maxConnections connections, each message once and as given', async () => {
    const relay = await sink();
    let open = 0;
    let most = 0;
    relay.onData = async () => {
      most = Math.max(most, ++open);
      await new Promise((r) => setTimeout(r, 5));
      open--;
      return 'accept' as const;
    };
    const relayed = transport(relay.url(), 2);
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => relayed.deliver(message(n))));
    expect(results.every((r) => r.outcome === 'sent' && r.response.startsWith('250'))).toBe(true);
    expect(relay.connections).toBe(2);
    expect(most).toBe(2);
    expect(relay.messages.map((m) => m.parsed.messageId).sort()).toEqual(Array.from({ length: 20 }, (_, n) => `<m${n}@acme.example>`).sort());
    expect(relay.messages.find((m) => m.parsed.messageId === '<m7@acme.example>')!.envelope).toEqual({
      mailFrom: 'orders@acme.example',
      rcptTo: ['reader7@example.com'],
    });
  });

  it('keeps the connection after a refusal (5xx permanent, 4xx not) and sends the next message on it', async () => {
    const relay = await sink();
    relay.onRcpt = (address) =>
      address === 'reader1@example.com'
        ? { code: 550, message: '5.1.1 No such user' }
        : address === 'reader2@example.com'
          ? { code: 451, message: '4.3.0 Try later' }
          : 'accept';
    const relayed = transport(relay.url(), 1);
    await expect(relayed.deliver(message(0))).resolves.toMatchObject({ outcome: 'sent' });
    const bounced = await relayed.deliver(message(1)).catch((e: unknown) => e);
    expect(bounced).toBeInstanceOf(DeliveryFailure);
    expect(bounced).toMatchObject({ permanent: true, responseCode: 550 });
    await expect(relayed.deliver(message(2))).rejects.toMatchObject({ permanent: false, responseCode: 451 });
    await expect(relayed.deliver(message(3))).resolves.toMatchObject({ outcome: 'sent' });
    expect(relay.connections).toBe(1);
    expect(relay.messages.map((m) => m.parsed.messageId)).toEqual(['<m0@acme.example>', '<m3@acme.example>']);
  });

  it('opens a new connection when the relay closed the idle one, and the message goes on its first attempt', async () => {
    let connections = 0;
    const received: string[] = [];
    const relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      // Idle connections are closed after 150 ms, as relays close idle sessions.
      socketTimeout: 150,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(/Message-ID: (\S+)/.exec(Buffer.concat(chunks).toString())![1]!);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => relay.close(() => resolve())));
    const port = (relay.server.address() as { port: number }).port;
    const relayed = transport(`smtp://127.0.0.1:${port}`, 1);
    await relayed.deliver(message(0));
    await new Promise((r) => setTimeout(r, 400));
    await expect(relayed.deliver(message(1))).resolves.toMatchObject({ outcome: 'sent' });
    expect(connections).toBe(2);
    expect(received).toEqual(['<m0@acme.example>', '<m1@acme.example>']);
  });

  it('frees the place of a connection lost while it resets after a refusal, and the next message goes on a new one', async () => {
    const relay = await scriptedRelay({ onRset: 'hang up' });
    const relayed = transport(relay.url, 1);
    await expect(relayed.deliver(message(0))).resolves.toMatchObject({ outcome: 'sent' });
    await expect(relayed.deliver(message(1))).rejects.toMatchObject({ permanent: true, responseCode: 550 });
    await expect(relayed.deliver(message(2))).resolves.toMatchObject({ outcome: 'sent' });
    expect(relay.connections()).toBe(2);
    expect(relay.received).toEqual(['<m0@acme.example>', '<m2@acme.example>']);
  });

  it('does not send a message again at once when the connection is lost after its final "." (the relay may have it)', async () => {
    const relay = await scriptedRelay({ afterDot: (n) => (n === 2 ? 'hang up' : 'reply') });
    const relayed = transport(relay.url, 1);
    await expect(relayed.deliver(message(0))).resolves.toMatchObject({ outcome: 'sent' });
    const failure = await relayed.deliver(message(2)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DeliveryFailure);
    expect((failure as DeliveryFailure).permanent).toBe(false);
    expect(relay.received).toEqual(['<m0@acme.example>', '<m2@acme.example>']);
    // The next goes on a new connection.
    await expect(relayed.deliver(message(3))).resolves.toMatchObject({ outcome: 'sent' });
    expect(relay.connections()).toBe(2);
  });

  it('fails a hand-off with a connection error when the relay cannot be reached, as a temporary failure', async () => {
    const relay = await sink();
    const url = relay.url();
    await relay.close();
    cleanup = cleanup.slice(1);
    const failure = await transport(url)
      .deliver(message(0))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DeliveryFailure);
    expect((failure as DeliveryFailure).permanent).toBe(false);
  });

  it('fails hand-offs in flight, and those waiting for a connection, as interrupted when it closes', async () => {
    const relay = await sink();
    relay.onData = () => 'stall';
    const relayed = createRelayTransport({ url: relay.url(), maxConnections: 1 });
    const first = relayed.deliver(message(0)).catch((e: unknown) => e);
    const second = relayed.deliver(message(1)).catch((e: unknown) => e);
    while (relay.stalled.length === 0) await new Promise((r) => setTimeout(r, 10));
    await relayed.close();
    expect(await first).toBeInstanceOf(DeliveryInterrupted);
    expect(await second).toBeInstanceOf(DeliveryInterrupted);
    await expect(relayed.deliver(message(2))).rejects.toBeInstanceOf(DeliveryInterrupted);
    // Nothing left open towards the relay.
    for (let i = 0; i < 100 && !relay.quiet; i++) await new Promise((r) => setTimeout(r, 20));
    expect(relay.quiet).toBe(true);
  });
});
