/**
 * The port delivery declares: something that takes a finished RFC 5322 message
 * and hands it on. Capture and relay implement it; fixtures never reach one.
 */
export interface OutboundMessage {
  emailId: string;
  envelope: { from: string; to: string[] };
  /** The message's bytes, as they go out. */
  raw: Uint8Array;
  /** Its Message-ID header (`<…>`), so a transport need not look for it in the bytes. */
  messageId: string;
}

/** The same bytes as a Buffer (no copy), for Node APIs that want one. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export interface TransportResult {
  /** `delivered` when the transport is the final destination (capture), `sent` when handed to a relay. */
  outcome: 'delivered' | 'sent';
  response: string;
}

export interface Transport {
  readonly name: string;
  /** Resolves on acceptance; throws DeliveryFailure on refusal or connection trouble. */
  deliver(message: OutboundMessage): Promise<TransportResult>;
  close(): Promise<void>;
}

/** A refused or failed hand-off. `permanent` (5xx) bounces; otherwise the job is retried. */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

/** Our own shutdown cut the hand-off off: not the recipient's fault, so no event and no backoff. */
export class DeliveryInterrupted extends Error {
  constructor(message = 'delivery interrupted by shutdown') {
    super(message);
    this.name = 'DeliveryInterrupted';
  }
}
