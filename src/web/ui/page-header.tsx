import type { ReactNode } from 'react';
import * as PageHeaderParts from './parts/page-header';

export interface PageHeaderProps {
  /** The page's one `h1`; already translated, like the description. */
  title: ReactNode;
  description?: ReactNode;
  /** The page's own controls (a date range, a main action), beside the title on wide screens and below it on phones. */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <PageHeaderParts.Root>
      <PageHeaderParts.Heading>
        <PageHeaderParts.Title>{title}</PageHeaderParts.Title>
        {description ? <PageHeaderParts.Description>{description}</PageHeaderParts.Description> : null}
      </PageHeaderParts.Heading>
      {actions ? <PageHeaderParts.Actions>{actions}</PageHeaderParts.Actions> : null}
    </PageHeaderParts.Root>
  );
}
