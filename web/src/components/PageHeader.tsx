import { type ReactNode, useEffect } from 'react';

/** The browser tab's title for a page: "Emails · Mailgate". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Mailgate`;
  }, [title]);
}

export interface PageHeaderProps {
  /** The page's h1, and its document title. */
  title: string;
  description?: ReactNode;
  /** The page's actions (e.g. "Add domain"), beside the title on a wide screen, under it on a narrow one. */
  actions?: ReactNode;
}

/** Each page's heading: its one h1, a sentence on what it is for, and its actions. Sets the document title. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {description && <p className="page-description">{description}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
