import { Topics, type MeasurementBatch, type MeasurementPoint } from '@plantlens/contracts';
import { measurementKey, type EventPublisher } from '@plantlens/platform';

// About 300 kB of JSON per message, well below Kafka's 1 MB default message limit.
const POINTS_PER_BATCH = 5_000;

// Gathers points into `measurements` batches of POINTS_PER_BATCH. The caller adds the points of a
// chunk of the file, then awaits publishFull(): a slow bus slows the reading of the file instead of
// piling points up in memory (at most one open batch per key plus the full ones of one chunk wait here).
export class MeasurementBatcher {
  private readonly open = new Map<string, MeasurementPoint[]>();
  private readonly full: [key: string, points: MeasurementPoint[]][] = [];
  private publishedCount = 0;

  constructor(
    private readonly publisher: EventPublisher,
    private readonly source: string,
    /** keys of the measurements topic the points are spread over */
    private readonly keyCount: number,
  ) {}

  get published(): number {
    return this.publishedCount;
  }

  add(variableId: number, ts: number, value: number): void {
    const key = measurementKey(variableId, this.keyCount);
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

  private async publish(key: string, points: MeasurementPoint[]): Promise<void> {
    const batch: MeasurementBatch = { source: this.source, points };
    await this.publisher.publish(Topics.measurements, batch, key);
    this.publishedCount += points.length;
  }
}
