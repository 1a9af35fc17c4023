import { type RefCallback, useCallback, useState } from 'react';

export interface ScrollEdges {
  /** Content is hidden before the left edge: the element is scrolled. */
  start: boolean;
  /** Content is hidden past the right edge. */
  end: boolean;
}

const NONE: ScrollEdges = { start: false, end: false };

/**
 * Which sides of a sideways-scrolling element hide content, kept up to date as it scrolls and as it or
 * its content changes size: a shadow on those sides says there is more to see.
 */
export function useScrollEdges<T extends HTMLElement>(): [RefCallback<T>, ScrollEdges] {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  const ref = useCallback((element: T | null) => {
    if (!element) return undefined;
    const update = () => {
      // A pixel of slack: zoomed pages report fractional scroll positions.
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    element.addEventListener('scroll', update, { passive: true });
    if (typeof ResizeObserver === 'undefined') {
      update();
      return () => element.removeEventListener('scroll', update);
    }
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, []);
  return [ref, edges];
}
