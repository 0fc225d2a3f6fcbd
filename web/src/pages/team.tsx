import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function TeamPage() {
  return <PageHeader title="Team" description="The people of this organization, their roles, and the invitations not yet accepted." />;
}
