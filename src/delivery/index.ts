// Delivery: the deliver-email job's handler, the transports (capture, relay)
// behind the Transport port, and the pace hand-offs keep (rate, cooling after a
// relay throttles); fixtures never reach a transport. The queue and its
// worker loop are queue/'s; delivery brings a handler to them.
// Must not import any protocol server library (nodemailer is the SMTP *client* here).
export { createDeliverEmailHandler, retryDelayMs } from './deliver-email.ts';
export { createCaptureTransport } from './capture-transport.ts';
export { createRelayTransport } from './relay-transport.ts';
export {
  createRelayPace,
  isThrottle,
  waitWithTimers,
  COOLING_BASE_MS,
  COOLING_MAX_MS,
  type RelayPace,
  type PaceTurn,
  type PaceTicket,
  type WaitUntil,
} from './relay-pace.ts';
export { DeliveryFailure, DeliveryInterrupted, type Transport, type OutboundMessage, type TransportResult } from './transport.ts';
export { fixtureOutcome, FIXTURE_DOMAIN } from './fixtures.ts';
