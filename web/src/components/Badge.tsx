import type { ReactNode } from 'react';

/** What a status means for the reader: good, bad, needs a look (warn), on its way (info), or nothing either way. */
export type BadgeTone = 'good' | 'bad' | 'warn' | 'info' | 'neutral';

/** How a status reads: its word and its tone. Each page maps its statuses to these. */
export interface BadgeLook {
  text: string;
  tone: BadgeTone;
}

/** A status as a word in a coloured pill: the word says it, the colour only repeats it. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
