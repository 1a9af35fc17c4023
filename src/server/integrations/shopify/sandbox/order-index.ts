import type { Customers } from './customers.ts';
import type { createGuests } from './orders.ts';
import { createdAtOf } from './orders.ts';
import type { TimeFilter } from './search.ts';

/**
 * Only a compact index of the orders is held: when each was placed and whose it is, in typed
 * arrays sorted by time. Every order's details are derived on demand from its owner and sequence.
 */

/** Owners at or above this are guests (`owner - GUEST_OWNER`), below it customer indexes. */
export const GUEST_OWNER = 0x8000_0000;
/** Sort keys pack (time, insertion position); positions stay below this. */
const POSITION_BITS = 2 ** 23;

export interface OrderIndex {
  horizon: number;
  /** `processedAt` of each order, ascending. */
  time: Uint32Array;
  owner: Uint32Array;
  seq: Uint16Array;
}

export function buildOrderIndex(horizon: number, customers: Customers, guests: ReturnType<typeof createGuests>): OrderIndex {
  let capacity = 1024;
  let keys = new Float64Array(capacity);
  let ownerOf = new Uint32Array(capacity);
  let seqOf = new Uint16Array(capacity);
  let count = 0;
  const add = (time: number, owner: number, seq: number) => {
    if (count === capacity) {
      capacity *= 2;
      keys = grow(keys, capacity);
      ownerOf = grow(ownerOf, capacity);
      seqOf = grow(seqOf, capacity);
    }
    keys[count] = time * POSITION_BITS + count;
    ownerOf[count] = owner;
    seqOf[count] = seq;
    count++;
  };
  for (let i = 0; customers.arrival(i) <= horizon; i++)
    customers.forEachOrderTime(customers.profile(i), horizon, (time, seq) => add(time, i, seq));
  for (let j = 0, visible = guests.visible(horizon); j < visible; j++) add(guests.time(j), GUEST_OWNER + j, 0);
  if (count >= POSITION_BITS) throw new Error(`Too many orders for the sandbox index: ${count}`);
  const sorted = keys.subarray(0, count).sort();
  const time = new Uint32Array(count);
  const owner = new Uint32Array(count);
  const seq = new Uint16Array(count);
  for (let k = 0; k < count; k++) {
    const key = sorted[k]!;
    const position = key % POSITION_BITS;
    time[k] = (key - position) / POSITION_BITS;
    owner[k] = ownerOf[position]!;
    seq[k] = seqOf[position]!;
  }
  return { horizon, time, owner, seq };
}

/** First position in [low, high) where `reached(position)` holds, for a predicate false then true. */
export function firstWhere(reached: (position: number) => boolean, low: number, high: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reached(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** First rank placed at or after `time`. */
export const rankAtOrAfter = (index: OrderIndex, time: number, low = 0, high = index.time.length) =>
  firstWhere((rank) => index.time[rank]! >= time, low, high);

/**
 * Ranks [from, to) of the orders visible at `now` created within the filter's created bounds.
 * Creation follows placement (`createdAtOf` is monotone), so both read one range of ranks.
 */
export function orderRange(index: OrderIndex, filter: TimeFilter, now: number): { from: number; to: number } {
  const created = (rank: number) => createdAtOf(index.time[rank]!);
  const to = firstWhere((rank) => created(rank) > Math.min(now, filter.createdMax), 0, index.time.length);
  const from = Number.isFinite(filter.createdMin) ? firstWhere((rank) => created(rank) >= filter.createdMin, 0, to) : 0;
  return { from, to: Math.max(from, to) };
}

function grow<T extends Float64Array | Uint32Array | Uint16Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}
