import type { SkeletonVariantProps } from 'styled-system/recipes';
import * as SkeletonParts from './parts/skeleton';

export type SkeletonProps = SkeletonVariantProps & {
  /** Several text lines; the last one shorter, like a paragraph. */
  lines?: number;
};

/** Placeholder while content loads. Decorative: the region it fills carries `aria-busy`. */
export function Skeleton({ shape, lines = 1 }: SkeletonProps) {
  return (
    <SkeletonParts.Root shape={shape} aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <SkeletonParts.Item key={index} data-skeleton="" data-last={lines > 1 && index === lines - 1 ? '' : undefined} />
      ))}
    </SkeletonParts.Root>
  );
}

export interface SkeletonGroupProps {
  /** One placeholder per item, in order, in the shape of what is coming. */
  items: readonly SkeletonProps[];
  /** The layout the content will have (its list's or its page's). */
  className?: string | undefined;
}

/** The placeholders of a region while its content loads; the region is marked busy. */
export function SkeletonGroup({ items, className }: SkeletonGroupProps) {
  return (
    <div className={className} aria-busy="true">
      {items.map((item, index) => (
        // The items never move: their place is their identity.
        <Skeleton key={index} {...item} />
      ))}
    </div>
  );
}
