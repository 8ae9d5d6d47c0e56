import { Injectable } from '@nestjs/common';
import {
  VALVE_LOW_STEAM_PRESSURE_BAR,
  type IncidenceReviewDto,
  type IncidenceReviewQuery,
  type ValveSignalName,
} from '@plantlens/contracts';
import { PlantService } from '../plant/plant.service';
import { SignalSampleRepository } from '../samples/signal-sample.repository';
import { toPoints } from '../samples/valve-points';

const REVIEWED_SIGNALS: ValveSignalName[] = ['opening', 'torque', 'flow', 'pressure', 'temperature'];

// The incidence review: a valve's signals over a range (at most a day, by the contracts schema) as stored.
@Injectable()
export class IncidenceReviewService {
  constructor(
    private readonly plant: PlantService,
    private readonly samples: SignalSampleRepository,
  ) {}

  async review(query: IncidenceReviewQuery): Promise<IncidenceReviewDto> {
    await this.plant.requireAsset(query.asset);
    const rows = await this.samples.between(query.asset, REVIEWED_SIGNALS, query.initDate, query.endDate);
    const of = (signal: ValveSignalName) => toPoints(rows.filter((row) => row.signal === signal));
    const pressureValues = of('pressure');
    return {
      assetName: query.asset,
      openingValues: of('opening'),
      pairValues: of('torque'),
      flowValues: of('flow'),
      pressureValues,
      pressureThresholdValues: pressureValues.map((point) => ({
        dateTime: point.dateTime,
        value: VALVE_LOW_STEAM_PRESSURE_BAR,
      })),
      temperatureValues: of('temperature'),
    };
  }
}
