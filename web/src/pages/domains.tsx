import { PageHeader } from '../components/index.ts';

/** Placeholder until this screen is built: its heading and what it is for. */
export default function DomainsPage() {
  return <PageHeader title="Domains" description="The domains this organization sends from, and the DNS records that verify them." />;
}
