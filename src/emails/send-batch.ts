import { isAppError, type ErrorDetail } from '../errors.ts';
import type { NewEmailRow, NewSubmission } from './email.repository.ts';
import type { BatchItem, SendRequest } from './send-request.ts';

export type BatchMode = 'strict' | 'permissive';

export interface BatchResult {
  data: { id: string }[];
  /** Present in permissive mode: the items that were not sent. */
  errors?: { index: number; message: string; details: ErrorDetail[] }[];
}

/** A batch's items built: the rows of those that could be, each with its item's index, and the problems of the others, by index. */
export interface BuiltBatch {
  /** The items that were valid requests (rendering may still have refused some). */
  valid: { index: number; request: SendRequest }[];
  rows: NewEmailRow[];
  itemIndexes: number[];
  /** What the rows of items that answer a received email refer to (their threading headers). */
  submissions: NewSubmission[];
  invalid: { index: number; details: ErrorDetail[] }[];
}

/**
 * Build every valid item's rows. Rendering is validation too (a tiptap node
 * nobody knows): every valid item is rendered first, so that its failure is
 * reported at its own index.
 */
export async function buildBatch(
  items: readonly BatchItem[],
  build: (request: SendRequest) => Promise<{ rows: NewEmailRow[]; submission?: NewSubmission | undefined }>,
): Promise<BuiltBatch> {
  const valid: BuiltBatch['valid'] = [];
  const invalid: BuiltBatch['invalid'] = [];
  items.forEach((item, index) => {
    if ('details' in item) invalid.push({ index, details: item.details });
    else valid.push({ index, request: item.request });
  });
  const built = await Promise.allSettled(valid.map((v) => build(v.request)));
  const rows: NewEmailRow[] = [];
  const itemIndexes: number[] = [];
  const submissions: NewSubmission[] = [];
  built.forEach((result, i) => {
    const index = valid[i]!.index;
    if (result.status === 'fulfilled') {
      if (result.value.submission) submissions.push(result.value.submission);
      for (const row of result.value.rows) {
        rows.push(row);
        itemIndexes.push(index);
      }
    } else if (isAppError(result.reason) && result.reason.kind === 'validation_error') {
      const details = (result.reason.details as ErrorDetail[] | undefined) ?? [{ path: '', message: result.reason.message }];
      invalid.push({ index, details: details.map((d) => ({ path: d.path ? `[${index}].${d.path}` : `[${index}]`, message: d.message })) });
    } else throw result.reason;
  });
  invalid.sort((a, b) => a.index - b.index);
  return { valid, rows, itemIndexes, submissions, invalid };
}

/** The batch as its idempotency key covers it: refused items count by index and problem, not by their raw content. */
export function batchFingerprint(items: readonly BatchItem[], invalid: BuiltBatch['invalid']): unknown[] {
  const refused = new Map(invalid.map((i) => [i.index, i.details]));
  return items.map((item, index) => (refused.has(index) ? { refused: refused.get(index) } : 'request' in item ? item.request : item));
}
