import { Injectable } from '@nestjs/common';
import {
  NORMAL_CURVE_MIN_ACTUATIONS,
  VALVE_OPERATIONS,
  valveLimitCurve,
  type NormalCurveDto,
  type NormalCurveLearnDto,
  type NormalCurveLearnResultDto,
  type ReferenceCurvesDto,
} from '@plantlens/contracts';
import { learnNormalCurve, NORMAL_CURVE_DEFAULT_ACTUATIONS } from '../analysis';
import { ValveMonitorService } from '../monitor/valve-monitor.service';
import { AssetRepository } from '../plant/asset.repository';
import { PlantService } from '../plant/plant.service';
import { NormalCurveRepository, type NormalCurveRow } from './normal-curve.repository';

// A valve's reference curves (the spec's limits, its learned normal curves) and learning them again.
@Injectable()
export class NormalCurveService {
  constructor(
    private readonly plant: PlantService,
    private readonly assets: AssetRepository,
    private readonly curves: NormalCurveRepository,
    private readonly monitor: ValveMonitorService,
  ) {}

  async reference(asset: string): Promise<ReferenceCurvesDto> {
    await this.plant.requireAsset(asset);
    const normal = await this.curves.ofAsset(asset);
    const curveOf = (operation: (typeof VALVE_OPERATIONS)[number]) => {
      const row = normal.find((curve) => curve.operation === operation);
      return { limit: valveLimitCurve(operation), normal: row ? toDto(row) : null };
    };
    return { asset, opening: curveOf('opening'), closure: curveOf('closure') };
  }

  /**
   * Learns each operation's curve of the valve named (or of every valve) from its last fault-free
   * actuations; with fewer than NORMAL_CURVE_MIN_ACTUATIONS (or than asked, if fewer were asked) the
   * previous curve, if any, stays.
   */
  async learn(request: NormalCurveLearnDto): Promise<NormalCurveLearnResultDto> {
    if (request.asset !== undefined) await this.plant.requireAsset(request.asset);
    const assets =
      request.asset !== undefined ? [request.asset] : (await this.assets.types()).map((a) => a.id);
    const wanted = request.actuations ?? NORMAL_CURVE_DEFAULT_ACTUATIONS;
    const needed = Math.min(NORMAL_CURVE_MIN_ACTUATIONS, wanted);
    const answer: NormalCurveLearnResultDto = { learned: [], skipped: [] };
    for (const asset of assets) {
      for (const operation of VALVE_OPERATIONS) {
        const actuations = await this.curves.lastFaultFree(asset, operation, wanted);
        if (actuations.length < needed) {
          answer.skipped.push({ asset, operation, faultFreeActuations: actuations.length, needed });
          continue;
        }
        const stored = await this.curves.save({
          asset,
          operation,
          values: learnNormalCurve(actuations.map((actuation) => actuation.torqueProfile)),
          actuationCount: actuations.length,
          windowBeginMs: Math.min(...actuations.map((actuation) => actuation.beginMs)),
          windowEndMs: Math.max(...actuations.map((actuation) => actuation.endMs)),
        });
        answer.learned.push(toDto(stored));
      }
    }
    // This instance's monitor judges with the new curves at once; other replicas reload them periodically.
    if (answer.learned.length > 0) await this.monitor.reloadNormalCurves();
    return answer;
  }
}

// The table keeps levels 0..120 (0 = closed); the spec's axis runs from 100 % down to 0 %.
function toDto(row: NormalCurveRow): NormalCurveDto {
  return {
    asset: row.asset,
    operation: row.operation,
    values: [...row.values].reverse(),
    actuationCount: row.actuationCount,
    windowBegin: Math.floor(row.windowBeginMs / 1000),
    windowEnd: Math.floor(row.windowEndMs / 1000),
    learnedAt: Math.floor(row.learnedAtMs / 1000),
  };
}
