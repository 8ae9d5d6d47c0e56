/** The newest `capacity` items, oldest first: a ring buffer, so keeping an hour of samples never reallocates. */
export class SampleHistory<T> {
  private readonly items: T[] = [];
  private next = 0;

  constructor(private readonly capacity: number) {}

  push(item: T): void {
    if (this.items.length < this.capacity) this.items.push(item);
    else this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Oldest first. */
  list(): T[] {
    return this.items.length < this.capacity
      ? [...this.items]
      : [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
}
