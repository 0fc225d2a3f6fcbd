import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function WebhooksPage() {
  return <PageHeader title="Webhooks" description="The endpoints Mailgate calls when something happens to an email, and each delivery's outcome." />;
}
