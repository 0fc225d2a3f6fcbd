import { Link } from 'react-router';
import { EmptyState, usePageTitle } from '../components/index.ts';

/** An address under /app that names no page. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <EmptyState title="There is no page at this address" description="The link may be old, or mistyped." action={<Link to="/">Go to the overview</Link>} />
    </>
  );
}
