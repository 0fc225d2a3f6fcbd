// The baseline: a bare Fastify JSON route on the same machine, in its own process
// like the real server, taking the same body and answering a small JSON.
import Fastify, { LogController } from 'fastify';

const app = Fastify({ logger: false, logController: new LogController({ disableRequestLogging: true }) });
let n = 0;
app.post('/api/v2/emails', async () => ({ id: `eml_${(n++).toString().padStart(26, '0')}` }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : ''}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
