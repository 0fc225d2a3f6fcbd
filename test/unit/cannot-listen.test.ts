import { describe, expect, it } from 'vitest';
import { CannotListenError, explainListenError, type ListenerAddress } from '../../servers/cannot-listen.ts';

// The line for each listen error an operator can fix; the errors a process as
// root or on this machine cannot easily provoke end to end (EACCES) included.

const http: ListenerAddress = { host: '127.0.0.1', port: 80, label: 'HTTP', portVariable: 'PORT' };
const smtps: ListenerAddress = { host: '::1', port: 2465, label: 'SMTPS', portVariable: 'SMTPS_PORT' };

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`listen ${code}`), { code, syscall: 'listen' });
}

function line(error: unknown, listener: ListenerAddress): string {
  const explained = explainListenError(error, listener);
  expect(explained).toBeInstanceOf(CannotListenError);
  return (explained as CannotListenError).message;
}

describe('explainListenError', () => {
  it('names the address, the listener, the reason and the variable to change', () => {
    expect(line(errno('EADDRINUSE'), smtps)).toBe(
      'mailgate: cannot listen on [::1]:2465 (SMTPS): the address is already in use; set SMTPS_PORT to another port',
    );
    expect(line(errno('EACCES'), http)).toBe(
      'mailgate: cannot listen on 127.0.0.1:80 (HTTP): permission denied (ports below 1024 need privileges); set PORT to another port',
    );
    expect(line(errno('EACCES'), smtps)).toBe('mailgate: cannot listen on [::1]:2465 (SMTPS): permission denied; set SMTPS_PORT to another port');
    expect(line(errno('EADDRNOTAVAIL'), http)).toBe(
      "mailgate: cannot listen on 127.0.0.1:80 (HTTP): the address is not one of this machine's; set HOST to an address of this machine",
    );
    expect(line(errno('ENOTFOUND'), http)).toBe(
      'mailgate: cannot listen on 127.0.0.1:80 (HTTP): the host name does not resolve; set HOST to an address of this machine',
    );
  });

  it('leaves any other error as it is: a crash is reported as one', () => {
    const other = errno('EMFILE');
    expect(explainListenError(other, http)).toBe(other);
    const plain = new Error('boom');
    expect(explainListenError(plain, http)).toBe(plain);
  });
});
