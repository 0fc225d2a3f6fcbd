import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** What to do about it: a Button or a Link. */
  action?: ReactNode;
  /** The heading's level where it stands (3 inside a section under the page's h2s). */
  level?: 2 | 3;
}

/** Nothing to show yet, said plainly, with the next step. */
export function EmptyState({ title, description, action, level = 2 }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state">
      <Heading className="empty-title">{title}</Heading>
      {description && <p>{description}</p>}
      {action && <div className="empty-action">{action}</div>}
    </div>
  );
}
