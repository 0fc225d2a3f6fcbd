import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateTls, type TlsMaterial } from '../../servers/smtp/tls.ts';

const HOSTNAME = 'mail.example.test';

describe('loadOrCreateTls', () => {
  let dir: string;
  let keyPath: string;
  let certPath: string;
  let first: TlsMaterial;
  let startedAt: number;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mailgate-tls-'));
    // Nested and separate: both directories must be created.
    keyPath = path.join(dir, 'deep', 'private', 'smtp.key');
    certPath = path.join(dir, 'other', 'certs', 'smtp.crt');
    startedAt = Date.now();
    first = await loadOrCreateTls({ keyPath, certPath, hostname: HOSTNAME });
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('with neither file present', () => {
    it('generates a pair and says so', () => {
      expect(first.generated).toBe(true);
      expect(first.key.toString()).toMatch(/^-----BEGIN (RSA )?PRIVATE KEY-----/);
      expect(first.cert.toString()).toMatch(/^-----BEGIN CERTIFICATE-----/);
    });

    it('writes both files, creating nested directories, with the bytes it returns', async () => {
      expect(await readFile(keyPath)).toEqual(first.key);
      expect(await readFile(certPath)).toEqual(first.cert);
    });

    it('makes the key readable by its owner only', async () => {
      expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    });

    it('makes the certificate world-readable', async () => {
      expect((await stat(certPath)).mode & 0o777).toBe(0o644);
    });

    it('names the hostname, localhost and the loopback addresses', () => {
      const cert = new X509Certificate(first.cert);
      expect(cert.subject).toBe(`CN=${HOSTNAME}`);
      const names = cert.subjectAltName!.split(', ');
      expect(names).toContain(`DNS:${HOSTNAME}`);
      expect(names).toContain('DNS:localhost');
      expect(names).toContain('IP Address:127.0.0.1');
      expect(cert.checkHost(HOSTNAME)).toBe(HOSTNAME);
      expect(cert.checkHost('localhost')).toBe('localhost');
      expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
      expect(cert.checkIP('::1')).toBe('::1');
    });

    it('issues a key that matches the certificate', () => {
      const cert = new X509Certificate(first.cert);
      expect(cert.checkPrivateKey(createPrivateKey(first.key))).toBe(true);
    });

    it('issues a 2048-bit RSA server certificate, self-signed, valid now and for years', () => {
      const cert = new X509Certificate(first.cert);
      const key = createPrivateKey(first.key);
      expect(key.asymmetricKeyType).toBe('rsa');
      expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
      expect(cert.ca).toBe(false);
      expect(cert.issuer).toBe(cert.subject);
      expect(cert.verify(cert.publicKey)).toBe(true);
      expect(cert.keyUsage).toContain('1.3.6.1.5.5.7.3.1');
      const from = Date.parse(cert.validFrom);
      const to = Date.parse(cert.validTo);
      expect(from).toBeLessThanOrEqual(startedAt);
      expect(to - startedAt).toBeGreaterThan(4 * 365 * 24 * 60 * 60 * 1000);
    });
  });

  describe('with both files present', () => {
    it('uses them as they are', async () => {
      const second = await loadOrCreateTls({ keyPath, certPath, hostname: 'another.example.test' });
      expect(second.generated).toBe(false);
      expect(second.key).toEqual(first.key);
      expect(second.cert).toEqual(first.cert);
    });

    it('does not check what the files hold', async () => {
      const keyFile = path.join(dir, 'junk', 'k.pem');
      const certFile = path.join(dir, 'junk', 'c.pem');
      await mkdir(path.dirname(keyFile), { recursive: true });
      await writeFile(keyFile, 'not a key');
      await writeFile(certFile, 'not a cert');
      expect(await loadOrCreateTls({ keyPath: keyFile, certPath: certFile, hostname: HOSTNAME })).toEqual({
        key: Buffer.from('not a key'),
        cert: Buffer.from('not a cert'),
        generated: false,
      });
    });
  });

  describe('with only one of the two present', () => {
    it('refuses, naming the missing certificate', async () => {
      const missing = path.join(dir, 'nowhere', 'smtp.crt');
      await expect(loadOrCreateTls({ keyPath, certPath: missing, hostname: HOSTNAME })).rejects.toThrow(
        `SMTP TLS: ${missing} is missing (give both SMTP_TLS_KEY and SMTP_TLS_CERT, or neither to generate a self-signed pair)`,
      );
    });

    it('refuses, naming the missing key', async () => {
      const missing = path.join(dir, 'nowhere', 'smtp.key');
      await expect(loadOrCreateTls({ keyPath: missing, certPath, hostname: HOSTNAME })).rejects.toThrow(`SMTP TLS: ${missing} is missing`);
    });

    it('writes nothing', async () => {
      const missing = path.join(dir, 'still-nowhere', 'smtp.key');
      await expect(loadOrCreateTls({ keyPath: missing, certPath, hostname: HOSTNAME })).rejects.toThrow(/is missing/);
      await expect(stat(missing)).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(stat(path.dirname(missing))).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await readFile(certPath)).toEqual(first.cert);
    });
  });

  it('passes on a read error other than a missing file', async () => {
    // A directory where the key should be: EISDIR, not ENOENT.
    await expect(loadOrCreateTls({ keyPath: dir, certPath, hostname: HOSTNAME })).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
