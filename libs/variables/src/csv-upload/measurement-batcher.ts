import { Topics, type MeasurementBatch, type MeasurementPoint } from '@plantlens/contracts';
import type { EventPublisher } from '@plantlens/platform';

// Points of one variable always travel under the same key, so the bus keeps them in order; several
// keys let the writer use several partitions at once (as the simulator does).
const KEYS = 6;
export const POINTS_PER_BATCH = 5_000;

// Gathers points into `measurements` batches of POINTS_PER_BATCH. The caller adds the points of a
// chunk of the file, then awaits publishFull(): a slow bus slows the reading of the file instead of
// piling points up in memory (at most KEYS open batches plus the full ones of one chunk wait here).
export class MeasurementBatcher {
  private readonly open = new Map<number, MeasurementPoint[]>();
  private readonly full: [key: number, points: MeasurementPoint[]][] = [];
  private publishedCount = 0;

  constructor(
    private readonly publisher: EventPublisher,
    private readonly source: string,
  ) {}

  get published(): number {
    return this.publishedCount;
  }

  add(variableId: number, ts: number, value: number): void {
    const key = variableId % KEYS;
    let points = this.open.get(key);
    if (!points) this.open.set(key, (points = []));
    points.push({ variableId, ts, value });
    if (points.length >= POINTS_PER_BATCH) {
      this.full.push([key, points]);
      this.open.delete(key);
    }
  }

  async publishFull(): Promise<void> {
    for (let next = this.full.shift(); next; next = this.full.shift()) await this.publish(...next);
  }

  /** Publishes everything, full or not (end of the file). */
  async flush(): Promise<void> {
    await this.publishFull();
    for (const [key, points] of this.open) await this.publish(key, points);
    this.open.clear();
  }

  private async publish(key: number, points: MeasurementPoint[]): Promise<void> {
    const batch: MeasurementBatch = { source: this.source, points };
    await this.publisher.publish(Topics.measurements, batch, String(key));
    this.publishedCount += points.length;
  }
}
