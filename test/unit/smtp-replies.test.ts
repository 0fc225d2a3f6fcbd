import { describe, expect, it } from 'vitest';
import { AppError, type ErrorKind } from '../../src/errors.ts';
import { hasEnhancedCode, replyFor, smtpError, withEnhancedCode, type SmtpPhase } from '../../servers/smtp/replies.ts';

const PHASES: SmtpPhase[] = ['auth', 'mail', 'rcpt', 'data'];

describe('smtpError', () => {
  it('is an Error carrying the reply code and text', () => {
    const error = smtpError(451, '4.3.0 Try later');
    expect(error).toBeInstanceOf(Error);
    expect(error.responseCode).toBe(451);
    expect(error.message).toBe('4.3.0 Try later');
  });
});

describe('replyFor', () => {
  const reply = (error: unknown, phase: SmtpPhase) => {
    const e = replyFor(error, phase);
    return [e.responseCode, e.message] as const;
  };

  it.each<[string, AppError, SmtpPhase, number, string]>([
    ['recipient_rate_limited at rcpt', new AppError('recipient_rate_limited', 'slow down'), 'rcpt', 450, '4.7.1 Recipient temporarily rate limited: slow down'],
    ['recipient_rate_limited at data', new AppError('recipient_rate_limited', 'slow down'), 'data', 451, '4.7.1 Recipient temporarily rate limited: slow down'],
    ['recipient_rate_limited at mail', new AppError('recipient_rate_limited', 'slow down'), 'mail', 451, '4.7.1 Recipient temporarily rate limited: slow down'],
    ['validation_error at rcpt', new AppError('validation_error', 'to is bad'), 'rcpt', 501, '5.1.3 Bad recipient address syntax: to is bad'],
    ['validation_error at mail', new AppError('validation_error', 'from is bad'), 'mail', 501, '5.1.7 Bad sender address syntax: from is bad'],
    ['validation_error at data', new AppError('validation_error', 'subject is bad'), 'data', 550, '5.6.0 Message refused: subject is bad'],
    ['validation_error at auth', new AppError('validation_error', 'x'), 'auth', 550, '5.6.0 Message refused: x'],
    ['rate_limit_exceeded', new AppError('rate_limit_exceeded', 'quota used'), 'data', 451, '4.7.1 Rate limit exceeded, try again later: quota used'],
    ['rate_limit_exceeded at rcpt', new AppError('rate_limit_exceeded', 'quota used'), 'rcpt', 451, '4.7.1 Rate limit exceeded, try again later: quota used'],
    ['invalid_api_key', new AppError('invalid_api_key', 'no such key'), 'auth', 535, '5.7.8 Authentication credentials invalid'],
    ['missing_api_key', new AppError('missing_api_key', 'no key'), 'auth', 535, '5.7.8 Authentication credentials invalid'],
    [
      'idempotency_conflict, key reused',
      new AppError('idempotency_conflict', 'reused', { code: 'IDEMPOTENCY_KEY_REUSED' }),
      'data',
      550,
      '5.7.0 Mailgate-Idempotency-Key was already used for a different message',
    ],
    [
      'idempotency_conflict, in flight',
      new AppError('idempotency_conflict', 'in flight', { code: 'IDEMPOTENCY_KEY_IN_USE' }),
      'data',
      451,
      '4.3.0 A message with this Mailgate-Idempotency-Key is still being accepted; try again later',
    ],
    [
      'idempotency_conflict without a code',
      new AppError('idempotency_conflict', 'in flight'),
      'data',
      451,
      '4.3.0 A message with this Mailgate-Idempotency-Key is still being accepted; try again later',
    ],
    ['payload_too_large', new AppError('payload_too_large', 'too big'), 'data', 552, '5.3.4 Message size exceeds fixed limit'],
    ['internal_error', new AppError('internal_error', 'db down'), 'data', 451, '4.3.0 Temporary server error; try again later'],
    ['not_found', new AppError('not_found', 'gone'), 'data', 451, '4.3.0 Temporary server error; try again later'],
    [
      'forbidden',
      new AppError('forbidden', 'This API token is read-only: it cannot submit mail.'),
      'mail',
      550,
      '5.7.1 This API token is read-only: it cannot submit mail.',
    ],
    ['conflict', new AppError('conflict', 'no'), 'data', 451, '4.3.0 Temporary server error; try again later'],
  ])('%s → %i', (_, error, phase, code, text) => {
    expect(reply(error, phase)).toEqual([code, text]);
  });

  it.each(PHASES)('gives anything that is not an AppError 451 4.3.0 (%s)', (phase) => {
    for (const error of [new Error('boom'), 'boom', null, undefined, { kind: 'validation_error', message: 'x' }]) {
      expect(reply(error, phase)).toEqual([451, '4.3.0 Temporary server error; try again later']);
    }
  });

  it.each<[ErrorKind, SmtpPhase]>([
    ['rate_limit_exceeded', 'data'],
    ['recipient_rate_limited', 'rcpt'],
    ['recipient_rate_limited', 'data'],
    ['validation_error', 'rcpt'],
    ['validation_error', 'mail'],
    ['validation_error', 'data'],
  ])('puts a %s message at %s on one line', (kind, phase) => {
    const { message } = replyFor(new AppError(kind, 'first\r\nsecond\nthird\r\r\nfourth\rfifth'), phase);
    expect(message).not.toMatch(/[\r\n]/);
    expect(message.endsWith(': first second third fourth fifth')).toBe(true);
  });

  it('cuts a long message to 400 characters', () => {
    const { message } = replyFor(new AppError('validation_error', 'x'.repeat(1000)), 'data');
    expect(message).toBe(`5.6.0 Message refused: ${'x'.repeat(400)}`);
  });

  it('never lets a line break through, whatever the kind and phase', () => {
    const kinds: ErrorKind[] = [
      'validation_error',
      'missing_api_key',
      'invalid_api_key',
      'forbidden',
      'not_found',
      'idempotency_conflict',
      'conflict',
      'payload_too_large',
      'rate_limit_exceeded',
      'recipient_rate_limited',
      'internal_error',
    ];
    for (const kind of kinds) {
      for (const phase of PHASES) {
        const { responseCode, message } = replyFor(new AppError(kind, 'a\r\n250 OK\r\nb', { code: 'IDEMPOTENCY_KEY_REUSED' }), phase);
        expect(message).not.toMatch(/[\r\n]/);
        expect(message).toMatch(/^[45]\.\d{1,3}\.\d{1,3} /);
        expect(message[0]).toBe(String(responseCode)[0]);
      }
    }
  });
});

describe('withEnhancedCode', () => {
  it.each([
    [220, 'mail.example ESMTP'],
    [250, 'OK: queued as x'],
    [334, 'VXNlcm5hbWU6'],
    [354, 'End data with <CR><LF>.<CR><LF>'],
  ])('leaves %i replies alone', (code, text) => {
    expect(withEnhancedCode(code, text)).toBe(text);
  });

  it.each([
    [550, '5.7.1 Refused'],
    [451, '4.3.0 Try later'],
    [552, '5.3.4'],
    [501, '5.1.3 Bad recipient address syntax: x'],
  ])('leaves a %i text that already starts with an enhanced code alone', (code, text) => {
    expect(withEnhancedCode(code, text)).toBe(text);
  });

  it.each<[number, string, string]>([
    [538, 'Error: Must issue a STARTTLS command first', '5.7.11 Encryption required for requested authentication mechanism; issue STARTTLS first'],
    [552, 'Error: message exceeds fixed maximum message size 10', '5.3.4 Message size exceeds fixed limit'],
    [530, 'Error: authentication Required', '5.7.0 Authentication required'],
    [530, 'anything at all', '5.7.0 Authentication required'],
    [501, 'Error: Bad recipient address syntax', '5.1.3 Bad recipient address syntax'],
    [501, 'Error: Bad sender address syntax', '5.1.7 Bad sender address syntax'],
    [503, 'Error: send HELO/EHLO first', '5.5.1 send HELO/EHLO first'],
  ])('maps smtp-server’s %i %j', (code, text, expected) => {
    expect(withEnhancedCode(code, text)).toBe(expected);
  });

  it.each<[number, string, string]>([
    [421, 'Error: Timeout', '4.4.2 Timeout'],
    [450, 'busy', '4.2.0 busy'],
    [451, 'Error: local error', '4.3.0 local error'],
    [452, 'Error: too many recipients', '4.5.3 too many recipients'],
    [454, 'Error: TLS not available', '4.7.0 TLS not available'],
    [500, 'Error: command not recognized', '5.5.2 command not recognized'],
    [501, 'Error: Invalid syntax', '5.5.4 Invalid syntax'],
    [502, 'Error: command not implemented', '5.5.1 command not implemented'],
    [504, 'Error: Unrecognized authentication type', '5.5.4 Unrecognized authentication type'],
    [535, 'Error: Authentication credentials invalid', '5.7.8 Authentication credentials invalid'],
    [538, 'Error: something else', '5.7.11 something else'],
    [550, 'Error: refused', '5.7.1 refused'],
    [552, 'Error: storage exceeded', '5.3.4 storage exceeded'],
    [553, 'Error: mailbox name not allowed', '5.1.3 mailbox name not allowed'],
    [554, 'Error: transaction failed', '5.6.0 transaction failed'],
    [555, 'Error: parameters not recognized', '5.5.4 parameters not recognized'],
  ])('gives %i its generic code', (code, text, expected) => {
    expect(withEnhancedCode(code, text)).toBe(expected);
  });

  it('gives an unknown 4xx code 4.0.0 and an unknown 5xx code 5.0.0', () => {
    expect(withEnhancedCode(499, 'Error: odd')).toBe('4.0.0 odd');
    expect(withEnhancedCode(432, 'odd')).toBe('4.0.0 odd');
    expect(withEnhancedCode(599, 'Error: odd')).toBe('5.0.0 odd');
    expect(withEnhancedCode(571, 'odd')).toBe('5.0.0 odd');
  });

  it('strips only a leading "Error:"', () => {
    expect(withEnhancedCode(451, 'Error:   spaced')).toBe('4.3.0 spaced');
    expect(withEnhancedCode(451, 'Not an Error: here')).toBe('4.3.0 Not an Error: here');
  });

  it('does not take a version-like number for an enhanced code', () => {
    expect(withEnhancedCode(550, '5.7.1x refused')).toBe('5.7.1 5.7.1x refused');
    expect(withEnhancedCode(550, '1.2.3 refused')).toBe('5.7.1 1.2.3 refused');
  });
});

describe('hasEnhancedCode', () => {
  it('is true only for a text that starts with class.subject.detail', () => {
    expect(hasEnhancedCode('4.7.1 Rate limit exceeded')).toBe(true);
    expect(hasEnhancedCode('5.7.11')).toBe(true);
    expect(hasEnhancedCode('Error: 4.7.1 later')).toBe(false);
    expect(hasEnhancedCode('3.0.0 not a reply class')).toBe(false);
    expect(hasEnhancedCode('4.7.1x')).toBe(false);
  });
});
