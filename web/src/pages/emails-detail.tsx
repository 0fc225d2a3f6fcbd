import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function EmailDetailPage() {
  return <PageHeader title="Email" description="One email: its recipients, its status and every event that happened to it." />;
}
