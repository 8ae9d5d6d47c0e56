import { Inject, Injectable } from '@nestjs/common';
import type {
  ActuationCurveDto,
  HistoricAnalysisDto,
  HistoricAnalysisQuery,
  ValveActuationsQuery,
} from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { PlantService } from '../plant/plant.service';
import { SignalSampleRepository, type SpanSampleRow } from '../samples/signal-sample.repository';
import { toPoints } from '../samples/valve-points';
import { ActuationRepository, type ActuationSpanRow } from './actuation.repository';

// The historic analysis: each actuation of a valve as its torque against its opening. Bounded: at most
// VALVES_HISTORIC_MAX_ACTUATIONS per operation (spread evenly over the range when it holds more), each
// with at most one sample per signal and second.
@Injectable()
export class HistoricAnalysisService {
  private readonly maxActuations: number;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly plant: PlantService,
    private readonly actuations: ActuationRepository,
    private readonly samples: SignalSampleRepository,
  ) {
    this.maxActuations = config.VALVES_HISTORIC_MAX_ACTUATIONS;
  }

  async actuationCount(query: ValveActuationsQuery): Promise<number> {
    await this.plant.requireAsset(query.valve);
    return this.actuations.countFrom(query.valve, query.fromDate);
  }

  async analysis(query: HistoricAnalysisQuery): Promise<HistoricAnalysisDto> {
    await this.plant.requireAsset(query.asset);
    const all = await this.actuations.beginningBetween(query.asset, query.initDate, query.endDate);
    const openings = spreadEvenly(
      all.filter((actuation) => actuation.operation === 'opening'),
      this.maxActuations,
    );
    const closures = spreadEvenly(
      all.filter((actuation) => actuation.operation === 'closure'),
      this.maxActuations,
    );
    const rows = await this.samples.within(query.asset, ['torque', 'opening'], [...openings, ...closures]);
    const bySpan = new Map<number, SpanSampleRow[]>();
    for (const row of rows) {
      const own = bySpan.get(row.spanBeginMs);
      if (own) own.push(row);
      else bySpan.set(row.spanBeginMs, [row]);
    }
    const curve = (actuation: ActuationSpanRow): ActuationCurveDto => {
      const own = bySpan.get(actuation.beginMs) ?? [];
      return {
        actuationPair: toPoints(own.filter((row) => row.signal === 'torque')),
        openingDegree: toPoints(own.filter((row) => row.signal === 'opening')),
      };
    };
    return { openings: openings.map(curve), closures: closures.map(curve) };
  }
}

/** At most `max` of the items, evenly spaced over them (first and last included), order kept. */
export function spreadEvenly<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = max === 1 ? 0 : (items.length - 1) / (max - 1);
  const last = items.length - 1;
  return items.filter((_, index) => {
    // index is picked when it is the rounding of some i × step; max === 1 keeps the last
    if (step === 0) return index === last;
    const i = Math.round(index / step);
    return Math.round(i * step) === index;
  });
}
