import { button } from 'styled-system/recipes';
import { EmptyState } from './empty-state';
import { type LinkComponent, PlainLink } from './link';

/** What a detail page says when its record is not there, already translated: a feature's `notFound` subtree read whole. */
export interface RecordNotFoundTexts {
  title: string;
  description: string;
  /** The link back to the list. */
  action: string;
}

export interface RecordNotFoundProps {
  texts: RecordNotFoundTexts;
  /** The list the record would be in. */
  listHref: string;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

/** A detail page whose record does not exist (deleted, or another store's): said as the page's heading, with the way back. */
export function RecordNotFound({ texts, listHref, linkComponent: Link = PlainLink }: RecordNotFoundProps) {
  return (
    <EmptyState
      headingLevel={1}
      title={texts.title}
      description={texts.description}
      action={
        <Link href={listHref} className={button()}>
          {texts.action}
        </Link>
      }
    />
  );
}
