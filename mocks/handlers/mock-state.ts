/**
 * What a mocked server remembers between calls (a segment deleted, a plan changed, the next of several
 * answers), started again from its first value before each story renders (.storybook/preview.tsx): a
 * story, and a second render of it (`npm run test:stories -- --twice`), always meets the same server.
 */
export interface MockState<T> {
  current: T;
}

const states = new Set<{ restart(): void }>();

/** State that starts as `initial()` before each render; `initial` returns a fresh value each time. */
export function mockState<T>(initial: () => T): MockState<T> {
  const state = { current: initial(), restart: () => (state.current = initial()) };
  states.add(state);
  return state;
}

/** The next of `answers` each time it is called, staying on the last one (a sync that progresses, options read again). */
export function inTurn<T>(answers: readonly T[]): () => T {
  const turn = mockState(() => 0);
  return () => answers[Math.min(turn.current++, answers.length - 1)]!;
}

/** Called before each story renders. */
export function restartMockStates(): void {
  for (const state of states) state.restart();
}
