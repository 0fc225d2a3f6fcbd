import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function SuppressionsPage() {
  return <PageHeader title="Suppressions" description="The addresses Mailgate will not send to: bounced, complained, unsubscribed or added by hand." />;
}
