// Every story sees the same "now": 2026-03-15 12:00:00 in Chile (UTC-3 in March).
//
// The clock starts at that instant when a story starts and then advances with the page's
// monotonic clock. A clock that never advances would be simpler, but it breaks code that measures
// elapsed time (debounce, throttle, timeouts written against Date.now()), which never fires under
// it. Within a story the rendered date and time therefore stay the fixed instant, to the second.
export const FROZEN_NOW = Date.parse('2026-03-15T12:00:00-03:00');

const RealDate = Date;
const monotonic = () => performance.now();
let startedAt = monotonic();

/** Puts the clock back to the fixed instant; called before each story renders. */
export function resetClock(): void {
  startedAt = monotonic();
}

function now(): number {
  return FROZEN_NOW + Math.floor(monotonic() - startedAt);
}

const FrozenDate = new Proxy(RealDate, {
  // `new Date()` is now; `new Date(anything)` is unchanged.
  construct(target, args, newTarget) {
    return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget);
  },
  // `Date()` called as a function returns the current time as a string.
  apply() {
    return new RealDate(now()).toString();
  },
  get(target, property, receiver) {
    if (property === 'now') return now;
    return Reflect.get(target, property, receiver);
  },
});

globalThis.Date = FrozenDate;
