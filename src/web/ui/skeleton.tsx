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
