import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function EmailsPage() {
  return <PageHeader title="Emails" description="Every email sent through this organization, newest first, with its status." />;
}
