// The baseline for bench:smtp: a bare smtp-server in its own process that takes
// the same sessions (EHLO, AUTH PLAIN, MAIL, RCPT, DATA) and only drains the
// message stream. No TLS, like the Mailgate listener under the bench.
import { SMTPServer } from 'smtp-server';

let queued = 0;
const server = new SMTPServer({
  authMethods: ['PLAIN', 'LOGIN'],
  allowInsecureAuth: true,
  disableReverseLookup: true,
  size: 10 * 1024 * 1024,
  logger: false,
  onAuth(auth, _session, callback) {
    callback(null, { user: auth.username });
  },
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => callback(null, `2.0.0 Ok: queued as bare_${++queued}`));
  },
});
server.on('error', () => {});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
