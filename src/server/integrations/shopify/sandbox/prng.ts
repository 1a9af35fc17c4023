import { mulberry32 as seededStream } from '../../random.ts';
/** Small seeded randomness: a 32-bit mixing hash of several keys and a mulberry32 stream. */

/** Mixes 32-bit words into one well-spread 32-bit word. Keys above 2^32 are split into halves. */
export function hash32(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const key of keys) {
    const low = key >>> 0;
    const high = Math.floor(key / 0x1_0000_0000) >>> 0;
    h = mix(h ^ low);
    if (high) h = mix(h ^ high ^ 0x85ebca6b);
  }
  return mix(h ^ keys.length);
}

function mix(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A uniform number in [0, 1) fixed by the keys. */
export const unit = (...keys: number[]): number => hash32(...keys) / 0x1_0000_0000;

export type Random = () => number;

/** mulberry32: a stream of uniform numbers in [0, 1). */
export const mulberry32: (seed: number) => Random = seededStream;

export const streamFor = (...keys: number[]): Random => mulberry32(hash32(...keys));

export const intBetween = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Picks by weight; `cumulative` from `cumulativeWeights`. */
export function pickWeighted<T>(random: Random, items: readonly T[], cumulative: Float64Array): T {
  const target = random() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! > target) high = middle;
    else low = middle + 1;
  }
  return items[low]!;
}

export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const result = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    result[index] = total;
  });
  return result;
}
