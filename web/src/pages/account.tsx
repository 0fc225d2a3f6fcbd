import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function AccountPage() {
  return <PageHeader title="Account" description="Your password, two-factor authentication and the places you are signed in." />;
}
