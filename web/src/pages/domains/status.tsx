// How a domain's and a DNS record's status read on the screen: a word, never a colour alone.
import { Badge, type BadgeLook } from '../../components/index.ts';

const DOMAIN_STATUS = {
  pending: { text: 'Not verified yet', tone: 'neutral' },
  verified: { text: 'Verified', tone: 'good' },
  failed: { text: 'Not verified', tone: 'bad' },
} as const satisfies Record<string, BadgeLook>;

const RECORD_STATUS = {
  pending: { text: 'Not checked yet', tone: 'neutral' },
  verified: { text: 'Found', tone: 'good' },
  failed: { text: 'Missing or different', tone: 'bad' },
  dns_unavailable: { text: 'DNS did not answer', tone: 'neutral' },
} as const satisfies Record<string, BadgeLook>;

export function DomainStatus({ status }: { status: keyof typeof DOMAIN_STATUS }) {
  const { text, tone } = DOMAIN_STATUS[status];
  return <Badge tone={tone}>{text}</Badge>;
}

export function RecordStatus({ status }: { status: keyof typeof RECORD_STATUS }) {
  const { text, tone } = RECORD_STATUS[status];
  return <Badge tone={tone}>{text}</Badge>;
}
