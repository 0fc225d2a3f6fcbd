import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface TlsFiles {
  keyPath: string;
  certPath: string;
  hostname: string;
}

export interface TlsMaterial {
  key: Buffer;
  cert: Buffer;
  /** True when this call created a self-signed certificate. */
  generated: boolean;
}

const exists = (file: string) =>
  readFile(file).then(
    (data) => data,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );

/**
 * The listener's key and certificate. Both files present: used as they are.
 * Both absent: a self-signed certificate for `hostname` (and localhost) is
 * generated and written there, the key readable by its owner only. One without
 * the other is a configuration mistake, reported rather than papered over.
 */
export async function loadOrCreateTls(files: TlsFiles): Promise<TlsMaterial> {
  const [key, cert] = await Promise.all([exists(files.keyPath), exists(files.certPath)]);
  if (key && cert) return { key, cert, generated: false };
  if (key || cert) {
    const missing = key ? files.certPath : files.keyPath;
    throw new Error(`SMTP TLS: ${missing} is missing (give both SMTP_TLS_KEY and SMTP_TLS_CERT, or neither to generate a self-signed pair)`);
  }
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore.getTime() + 5 * 365 * 24 * 60 * 60 * 1000);
  const names = [...new Set([files.hostname, 'localhost'])];
  // Loaded only to make a certificate (X.509 and ASN.1: a few hundred modules a start need not read).
  const { default: selfsigned } = await import('selfsigned');
  const pems = await selfsigned.generate([{ name: 'commonName', value: files.hostname }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: notBefore,
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...names.map((value) => ({ type: 2 as const, value })), { type: 7 as const, ip: '127.0.0.1' }, { type: 7 as const, ip: '::1' }],
      },
    ],
  });
  await mkdir(path.dirname(files.keyPath), { recursive: true });
  await mkdir(path.dirname(files.certPath), { recursive: true });
  // Each file appears whole or not at all (a crash mid-write leaves no half key).
  await writeAtomically(files.keyPath, pems.private, 0o600);
  await writeAtomically(files.certPath, pems.cert, 0o644);
  return { key: Buffer.from(pems.private), cert: Buffer.from(pems.cert), generated: true };
}

async function writeAtomically(file: string, data: string, mode: number): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, data, { mode });
  await rename(temporary, file);
}
