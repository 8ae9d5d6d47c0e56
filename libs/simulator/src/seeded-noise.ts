// Reproducible pseudo-randomness from integer hashing (murmur3 mixing steps), never Math.random:
// every value is a pure function of its inputs, so any instant can be recomputed in any order.

// Bound once: under jest's guarded globals every `Math.x` lookup costs a getter call (free elsewhere).
const { imul, floor } = Math;

const TWO_POW_32 = 4_294_967_296;

// One murmur3 block step: folds the 32-bit integer `k` into the running hash `h`.
function mix(h: number, k: number): number {
  k = imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (imul(h, 5) + 0xe6546b64) | 0;
}

// murmur3's avalanche finaliser; returns an unsigned 32-bit integer.
export function finalize(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hash2(a: number, b: number): number {
  return finalize(mix(mix(0x2545f491, a), b));
}

export function hash3(a: number, b: number, c: number): number {
  return finalize(mix(mix(mix(0x2545f491, a), b), c));
}

// FNV-1a, only used once per variable at construction to give it a key independent of its position.
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return finalize(h);
}

// Keys up to 2^53 (seeds, epoch milliseconds) hashed through both 32-bit halves.
export function hashWide(key: number, value: number): number {
  return hash3(key, value >>> 0, floor(value / TWO_POW_32));
}

// [0, 1)
export function unitFloat(hash: number): number {
  return hash / TWO_POW_32;
}

// [-1, 1)
export function signedFloat(hash: number): number {
  return hash / 2_147_483_648 - 1;
}

// [-1, 1], triangular (sum of the two 16-bit halves): looks more like sensor noise than a flat spread.
export function triangular(hash: number): number {
  return ((hash & 0xffff) + (hash >>> 16)) / 65_535 - 1;
}

export function uniformIn(hash: number, min: number, max: number): number {
  return min + (max - min) * unitFloat(hash);
}

// C1-continuous interpolation weight, so value noise has no kinks at lattice points.
export function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}
