import net from 'node:net';

// Ports on 127.0.0.1, for test helpers and benchmarks alike (no test runner needed).

/** A port of 127.0.0.1 that was free a moment ago (listen on 0, read it, close). Needs no test runner, so benchmarks use it too. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Whether an SMTP server on 127.0.0.1:port greets with 220 within 2 s. */
export function greetsWith220(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(2000);
    socket.once('data', (chunk) => {
      socket.end('QUIT\r\n');
      resolve(chunk.toString().startsWith('220'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
