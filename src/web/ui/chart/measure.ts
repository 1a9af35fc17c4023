import { type RefCallback, useCallback, useState } from 'react';
import { CHART_FONT } from './theme';

export interface Size {
  width: number;
  height: number;
}

/**
 * The element's inner size, kept up to date with a ResizeObserver: the chart picks its x labels and
 * margins from it, so it has to know its width before it draws.
 *
 * The first size comes from the observer's first report too, which the browser gives once it has laid
 * the page out anyway, before painting it: read at mount, it would make the browser lay out the
 * whole page a second time in the middle of React's commit, once per chart.
 */
export function useElementSize<T extends HTMLElement>(): [RefCallback<T>, Size] {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const ref = useCallback((element: T | null) => {
    if (!element) return undefined;
    const update = () =>
      setSize((current) =>
        current.width === element.clientWidth && current.height === element.clientHeight
          ? current
          : { width: element.clientWidth, height: element.clientHeight },
      );
    if (typeof ResizeObserver === 'undefined') {
      update();
      return undefined;
    }
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

let context: CanvasRenderingContext2D | null | undefined;

/** Width in px of `text` in the axis font; an estimate where there is no canvas to measure with. */
export function axisTextWidth(text: string): number {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  if (context) {
    context.font = `${CHART_FONT.sizePx}px ${CHART_FONT.family}`;
    const width = context.measureText(text).width;
    if (width > 0 || text === '') return width;
  }
  // DejaVu Sans averages about 0.62 em a character; overestimating only thins the labels a bit more.
  return text.length * CHART_FONT.sizePx * 0.65;
}
