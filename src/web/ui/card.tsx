import type { ReactNode } from 'react';
import { card } from 'styled-system/recipes';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  as?: 'section' | 'article' | 'div';
}

export function Card({ title, description, children, as: Root = 'section' }: CardProps) {
  const classes = card();
  return (
    <Root className={classes.root}>
      {title || description ? (
        <header className={classes.header}>
          {title ? <h2 className={classes.title}>{title}</h2> : null}
          {description ? <p className={classes.description}>{description}</p> : null}
        </header>
      ) : null}
      {children ? <div className={classes.body}>{children}</div> : null}
    </Root>
  );
}
