import { describe, expect, it } from 'vitest';
import { normalStatus, outcomeOfFixture, outcomeOfRecipient, outcomeOfRelayAnswer, outcomeOfReport, statusOfReply } from '../../src/returns/outcome-rules.ts';
import type { ReportRecipient } from '../../src/returns/report.ts';

const block = (over: Partial<ReportRecipient>): ReportRecipient => ({
  finalRecipient: 'ann@example.com',
  originalRecipient: null,
  action: 'failed',
  status: '5.1.1',
  diagnosticCode: '550 5.1.1 <ann@example.com>: Recipient address rejected: User unknown',
  remoteMta: 'mx.example.com',
  ...over,
});

describe('outcome rules', () => {
  it('reads statuses and replies', () => {
    expect(normalStatus(' 5.01.001 ')).toBe('5.1.1');
    expect(normalStatus('6.1.1')).toBeNull();
    expect(normalStatus('5.1')).toBeNull();
    expect(statusOfReply('550-5.7.1 The user or domain that you are sending to has a policy')).toBe('5.7.1');
    expect(statusOfReply('554 Transaction failed')).toBe('5.0.0');
    expect(statusOfReply('connection refused', undefined)).toBeNull();
    expect(statusOfReply('whatever', 451)).toBe('4.0.0');
  });

  it('a failed 5.x.x is a hard bounce with status, diagnostic and remote MTA', () => {
    expect(outcomeOfRecipient(block({}))).toEqual({
      type: 'bounced',
      bounce: {
        type: 'hard',
        status: '5.1.1',
        diagnostic: '550 5.1.1 <ann@example.com>: Recipient address rejected: User unknown',
        remote_mta: 'mx.example.com',
      },
    });
  });

  it('a failed 4.x.x (given up) is soft, a failure with no status undetermined, delayed a delay, delivered nothing', () => {
    expect(outcomeOfRecipient(block({ status: '4.4.7', diagnosticCode: null }))).toMatchObject({ type: 'bounced', bounce: { type: 'soft', status: '4.4.7' } });
    expect(outcomeOfRecipient(block({ status: null, diagnosticCode: null }))).toMatchObject({
      type: 'bounced',
      bounce: { type: 'undetermined', status: null },
    });
    expect(outcomeOfRecipient(block({ status: 'x', diagnosticCode: 'smtp; 552 mailbox full' }))).toMatchObject({ bounce: { type: 'hard', status: '5.0.0' } });
    expect(outcomeOfRecipient(block({ action: 'delayed', status: '4.4.1' }))).toEqual({
      type: 'delivery_delayed',
      delay: { status: '4.4.1', diagnostic: expect.any(String), remote_mta: 'mx.example.com' },
    });
    expect(outcomeOfRecipient(block({ action: 'delivered', status: '2.0.0' }))).toBeNull();
    expect(outcomeOfRecipient(block({ action: 'relayed', status: '2.0.0' }))).toBeNull();
  });

  it('with no Action, the status decides', () => {
    expect(outcomeOfRecipient(block({ action: null, status: '5.2.2' }))).toMatchObject({ type: 'bounced', bounce: { type: 'hard' } });
    expect(outcomeOfRecipient(block({ action: null, status: '4.2.2' }))).toMatchObject({ type: 'delivery_delayed' });
    expect(outcomeOfRecipient(block({ action: null, status: null, diagnosticCode: null }))).toBeNull();
  });

  it('a DSN speaks of the block naming the recipient; one naming only others says nothing of it', () => {
    const report = {
      kind: 'delivery_status' as const,
      reportingMta: 'postfix.example',
      original: null,
      recipients: [
        block({ finalRecipient: 'bob@example.com', action: 'delivered', status: '2.0.0' }),
        block({ finalRecipient: 'other@example.com', status: '5.7.1' }),
        block({ finalRecipient: 'x@y', originalRecipient: 'ANN@example.com', status: '5.2.1' }),
      ],
    };
    expect(outcomeOfReport(report, 'ann@example.com')).toMatchObject({ bounce: { status: '5.2.1' } });
    expect(outcomeOfReport(report, 'zed@example.com')).toBeNull();
    const anonymous = { ...report, recipients: [block({ finalRecipient: null, status: '5.7.1' })] };
    expect(outcomeOfReport(anonymous, 'zed@example.com')).toMatchObject({ bounce: { status: '5.7.1' } });
    expect(outcomeOfReport({ ...report, recipients: [] }, 'ann@example.com')).toBeNull();
  });

  it('abuse and fraud feedback are complaints; other feedback types are not', () => {
    const feedback = (feedbackType: string) => ({
      kind: 'feedback' as const,
      feedbackType,
      originalMailFrom: null,
      originalRcptTo: null,
      userAgent: 'Yahoo!-Mail-Feedback/2.0',
      original: null,
    });
    expect(outcomeOfReport(feedback('abuse'), 'a@b.c')).toEqual({
      type: 'complained',
      complaint: { feedback_type: 'abuse', user_agent: 'Yahoo!-Mail-Feedback/2.0' },
    });
    expect(outcomeOfReport(feedback('fraud'), 'a@b.c')).toMatchObject({ type: 'complained' });
    expect(outcomeOfReport(feedback('not-spam'), 'a@b.c')).toBeNull();
    expect(outcomeOfReport(feedback('auth-failure'), 'a@b.c')).toBeNull();
    expect(outcomeOfReport({ ...feedback('abuse'), originalRcptTo: 'A@B.C' }, 'a@b.c')).toMatchObject({ type: 'complained' });
    expect(outcomeOfReport({ ...feedback('abuse'), originalRcptTo: 'someone@else.example' }, 'a@b.c')).toBeNull();
  });

  it('a bounce in words is hard only when its status plainly says the address is gone', () => {
    const plain = (status: string | null) => ({ kind: 'plain_bounce' as const, status, diagnostic: 'said so', recipient: null, original: null });
    expect(outcomeOfReport(plain('5.1.1'), 'a@b.c')).toMatchObject({ bounce: { type: 'hard', status: '5.1.1' } });
    expect(outcomeOfReport(plain('5.0.0'), 'a@b.c')).toMatchObject({ bounce: { type: 'undetermined' } });
    expect(outcomeOfReport(plain('4.2.2'), 'a@b.c')).toMatchObject({ bounce: { type: 'soft' } });
    expect(outcomeOfReport(plain(null), 'a@b.c')).toMatchObject({ bounce: { type: 'undetermined', status: null } });
    expect(outcomeOfReport({ ...plain('5.1.1'), recipient: 'other@x.example' }, 'a@b.c')).toBeNull();
    expect(outcomeOfReport({ kind: 'none', subject: 'Out of office' }, 'a@b.c')).toBeNull();
  });

  it("the relay's answer: 5xx hard, 4xx given up soft, no answer at all no bounce", () => {
    expect(outcomeOfRelayAnswer('550 5.1.1 no such user', 550, null)).toEqual({
      type: 'bounced',
      bounce: { type: 'hard', status: '5.1.1', diagnostic: '550 5.1.1 no such user', remote_mta: null },
    });
    expect(outcomeOfRelayAnswer('451 4.3.0 try later', 451, 'relay.example')).toMatchObject({
      bounce: { type: 'soft', status: '4.3.0', remote_mta: 'relay.example' },
    });
    expect(outcomeOfRelayAnswer('connect ECONNREFUSED 127.0.0.1:25', undefined, null)).toBeNull();
  });

  it('fixture addresses walk through the same shapes', () => {
    expect(outcomeOfFixture('bounced', 'bounced@mailgate.test')).toMatchObject({ type: 'bounced', bounce: { type: 'hard', status: '5.1.1' } });
    expect(outcomeOfFixture('complained', 'complained@mailgate.test')).toMatchObject({ type: 'complained', complaint: { feedback_type: 'abuse' } });
  });
});
