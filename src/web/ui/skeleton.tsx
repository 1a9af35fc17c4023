import { type SkeletonVariantProps, skeleton } from 'styled-system/recipes';

export type SkeletonProps = SkeletonVariantProps & {
  /** Several text lines; the last one shorter, like a paragraph. */
  lines?: number;
};

/** Placeholder while content loads. Decorative: the region it fills carries `aria-busy`. */
export function Skeleton({ shape, lines = 1 }: SkeletonProps) {
  const classes = skeleton({ shape });
  return (
    <span className={classes.root} aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={classes.item} data-skeleton="" data-last={lines > 1 && index === lines - 1 ? '' : undefined} />
      ))}
    </span>
  );
}
