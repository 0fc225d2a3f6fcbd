import type { ListItemOf } from '@mailgate/sdk';
import { Badge, type BadgeLook } from '../../components/index.ts';

export type Campaign = ListItemOf<'list_campaigns'>;
export type CampaignStatus = Campaign['status'];

const STATUS: Readonly<Record<CampaignStatus, BadgeLook>> = {
  draft: { text: 'Draft', tone: 'neutral' },
  scheduled: { text: 'Scheduled', tone: 'info' },
  sending: { text: 'Sending', tone: 'warn' },
  sent: { text: 'Sent', tone: 'good' },
  cancelled: { text: 'Cancelled', tone: 'bad' },
};

/** A campaign's status as a word, coloured by where it stands. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].text}</Badge>;
}
