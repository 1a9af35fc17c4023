import { Children, type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { afterPaint, whenIdle } from '../lib/browser-timing';

// The parts stay children of the page's own layout.
const contents = css({ display: 'contents' });

export interface StagedProps {
  children: ReactNode;
  /**
   * Called once, when the browser is idle after showing what was on screen as the parts started (the
   * top of the page): the time to fetch what the parts need, so that it does not compete with that.
   */
  onStart?: () => void;
}

/**
 * Draws its children one after another, top to bottom: each in a background render that starts once
 * the one above it is on screen. A long page then reaches a phone's screen as a series of short steps
 * the browser can paint and answer a tap between, its top first, instead of one long block; and since
 * each part only ever appears below those already drawn, nothing on screen moves. Busy until the last
 * one is drawn.
 */
export function Staged({ children, onStart }: StagedProps) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(0);
  const started = useRef(onStart);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    // Not before the top of the page is on screen (the frame after it was painted): the code fetched would hold it back.
    const cancelFrames = afterPaint(() => {
      cancelIdle = whenIdle(() => started.current?.());
    }, 2);
    return () => {
      cancelFrames();
      cancelIdle?.();
    };
  }, []);
  useEffect(() => {
    // The first part waits until the top of the page is on screen, not only painted: what the parts load (their
    // charts' and tooltips' code) then never holds back the page's first picture.
    if (shown < parts.length) return afterPaint(() => startTransition(() => setShown(shown + 1)), shown === 0 ? 2 : 1);
  }, [shown, parts.length]);
  return (
    <div className={contents} aria-busy={shown < parts.length}>
      {parts.slice(0, shown)}
    </div>
  );
}
