import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function TokensPage() {
  return <PageHeader title="API tokens" description="The tokens programs use to call the API, what each may do, and when each was last used." />;
}
