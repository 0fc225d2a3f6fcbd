import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function OverviewPage() {
  return <PageHeader title="Overview" description="What was sent, delivered, bounced and complained about over the last 30 days, and the quota left." />;
}
