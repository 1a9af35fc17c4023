import type { ReactNode } from 'react';
import { statList } from 'styled-system/recipes';
import { Skeleton } from './skeleton';

export interface StatListItem {
  key: string;
  label: ReactNode;
  /** Already formatted (formatClp, formatCount…). */
  value: ReactNode;
}

export interface StatListProps {
  items: readonly StatListItem[];
  /** Shows the labels with placeholder values. */
  loading?: boolean;
}

/** Label and value pairs, such as the general details of a campaign. */
export function StatList({ items, loading = false }: StatListProps) {
  const classes = statList();
  return (
    <dl className={classes.root} aria-busy={loading}>
      {items.map((item) => (
        <div key={item.key} className={classes.item}>
          <dt className={classes.label}>{item.label}</dt>
          <dd className={classes.value}>{loading ? <Skeleton shape="text" /> : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
