import { Children, type ReactNode, startTransition, useEffect, useState } from 'react';
import { css } from 'styled-system/css';

// The parts stay children of the page's own layout.
const contents = css({ display: 'contents' });

export interface StagedProps {
  children: ReactNode;
  /**
   * Called once, when the first part's render starts, after what was above it is on screen: the time
   * to fetch what the parts below need, so it does not compete with what the page shows first.
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
  useEffect(() => {
    if (shown === 0) onStart?.();
    if (shown < parts.length) startTransition(() => setShown(shown + 1));
  }, [shown, parts.length, onStart]);
  return (
    <div className={contents} aria-busy={shown < parts.length}>
      {parts.slice(0, shown)}
    </div>
  );
}
