import type { ReactNode } from 'react';
import * as CardParts from './parts/card';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  as?: 'section' | 'article' | 'div';
}

export function Card({ title, description, children, as = 'section' }: CardProps) {
  return (
    <CardParts.Root as={as}>
      {title || description ? (
        <CardParts.Header>
          {title ? <CardParts.Title>{title}</CardParts.Title> : null}
          {description ? <CardParts.Description>{description}</CardParts.Description> : null}
        </CardParts.Header>
      ) : null}
      {children ? <CardParts.Body>{children}</CardParts.Body> : null}
    </CardParts.Root>
  );
}
