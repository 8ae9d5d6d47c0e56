import { ServiceUnavailableException } from '@nestjs/common';
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
    try {
      await this.publisher.publish(Topics.measurements, batch, key);
    } catch (error) {
      throw busUnavailable(error, this.publishedCount);
    }
    this.publishedCount += points.length;
  }
}

// The bus refused a batch after its producer's retries (Kafka down): the upload stops there, and the
// answer says what of the file is stored, so nothing is half-stored without the uploader knowing.
function busUnavailable(error: unknown, published: number): ServiceUnavailableException {
  const cause = error instanceof Error ? error.message : String(error);
  return new ServiceUnavailableException({
    message:
      `The message bus did not take the file's points (${cause}). ${published} points of the file were ` +
      'published before that and will be stored; the rest were not. Upload the file again once the bus is ' +
      'back: points already stored are written again with the same values, not duplicated.',
    pointsPublished: published,
  });
}
