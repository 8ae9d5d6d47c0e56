// The row instants of an upload, to tell a row whose time an earlier row already had. Exports are
// nearly always in time order, so the instants are kept sorted in a growable Float64Array (8 bytes a
// row, outside the JavaScript heap): an ascending row is appended, an out-of-order one searched and
// inserted. Past `capacityLimit` rows nothing more is tracked, to keep memory bounded.
export class RepeatedTimes {
  private instants = new Float64Array(1024);
  private size = 0;
  /** rows not checked because the limit was reached */
  untracked = 0;

  constructor(private readonly capacityLimit: number) {}

  /** Records the instant of a row; true when an earlier row had it. */
  seen(ts: number): boolean {
    const last = this.size > 0 ? (this.instants[this.size - 1] as number) : Number.NEGATIVE_INFINITY;
    if (ts > last) return !this.insert(this.size, ts);
    const position = this.lowerBound(ts);
    if (this.instants[position] === ts) return true;
    return !this.insert(position, ts);
  }

  // False when the limit keeps the instant out (it then counts as untracked, not as a repeat).
  private insert(position: number, ts: number): boolean {
    if (this.size === this.capacityLimit) {
      this.untracked += 1;
      return true;
    }
    if (this.size === this.instants.length) {
      const grown = new Float64Array(Math.min(this.instants.length * 2, this.capacityLimit));
      grown.set(this.instants);
      this.instants = grown;
    }
    this.instants.copyWithin(position + 1, position, this.size);
    this.instants[position] = ts;
    this.size += 1;
    return true;
  }

  private lowerBound(ts: number): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.instants[middle] as number) < ts) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
