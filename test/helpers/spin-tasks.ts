// A task set for thread pool tests: tasks whose length the test chooses, so a
// test of timing or fairness does not depend on how fast some content renders.
import { composeMessage, type ComposeInput } from '../../src/delivery/compose-message.ts';
import { defineTaskSet } from '../../src/threads/index.ts';

/** Keep this thread busy for `ms` (an uninterrupted task, as a render is), then answer `label`. */
function spin(input: { ms: number; label: string }): string {
  const until = Date.now() + input.ms;
  while (Date.now() < until) {
    // busy, as a render is: nothing else runs on this thread meanwhile
  }
  return input.label;
}

export default defineTaskSet({
  module: import.meta.url,
  tasks: {
    spin,
    /** The same, under another name with a limit of its own. */
    quick: spin,
    compose: (input: ComposeInput): Promise<Uint8Array> => composeMessage(input),
  },
  timeLimitsMs: { spin: 20_000, quick: 20_000, compose: 120_000 },
  uninterrupted: new Set(['spin', 'quick'] as const),
});
