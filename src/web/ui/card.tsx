import type { ReactNode } from 'react';
import * as CardParts from './parts/card';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  as?: 'section' | 'article' | 'div';
  /** `sm`: one card of a list, its title a link to its page. */
  size?: 'md' | 'sm';
  /** The title's id: given, the card is named by its title. */
  titleId?: string | undefined;
  /** Beside the title (status badges). */
  badges?: ReactNode;
  /** On the other side of the title (an actions menu). */
  actions?: ReactNode;
  /** The id of what describes the card (a note inside it). */
  'aria-describedby'?: string | undefined;
}

export function Card({ title, description, children, as = 'section', size, titleId, badges, actions, ...aria }: CardProps) {
  const titled = title ? <CardParts.Title id={titleId}>{title}</CardParts.Title> : null;
  return (
    <CardParts.Root as={as} size={size} aria-labelledby={titleId} aria-describedby={aria['aria-describedby']}>
      {title || description || actions ? (
        <CardParts.Header>
          {badges ? (
            <CardParts.Heading>
              {titled}
              {badges}
            </CardParts.Heading>
          ) : (
            titled
          )}
          {description ? <CardParts.Description>{description}</CardParts.Description> : null}
          {actions}
        </CardParts.Header>
      ) : null}
      {children ? <CardParts.Body>{children}</CardParts.Body> : null}
    </CardParts.Root>
  );
}
