import type { ReactNode } from 'react';
import * as StatListParts from './parts/stat-list';
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
  return (
    <StatListParts.Root aria-busy={loading}>
      {items.map((item) => (
        <StatListParts.Item key={item.key}>
          <StatListParts.Label>{item.label}</StatListParts.Label>
          <StatListParts.Value>{loading ? <Skeleton shape="text" /> : item.value}</StatListParts.Value>
        </StatListParts.Item>
      ))}
    </StatListParts.Root>
  );
}
