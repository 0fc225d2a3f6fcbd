import type { ListItemOf } from '@mailgate/sdk';

export type Campaign = ListItemOf<'list_campaigns'>;
export type CampaignStatus = Campaign['status'];

const LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** A campaign's status as a word, coloured by where it stands (the word says it; the colour only repeats it). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <span className={`campaign-status campaign-status-${status}`}>{LABELS[status]}</span>;
}

/** Whole numbers as the reader's locale writes them (12 345). */
export const NUMBER = new Intl.NumberFormat();
