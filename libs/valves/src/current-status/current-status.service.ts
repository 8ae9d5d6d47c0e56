import { Inject, Injectable } from '@nestjs/common';
import type {
  AssetStatusDto,
  PlantCurrentStatusDto,
  ValveAssetType,
  ValveFailureCode,
} from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { AssetRepository } from '../plant/asset.repository';
import { CurrentStatusRepository } from './current-status.repository';

// The only drum of the plant model (spec §3 names its status cokeDrumAStatus).
const COKE_DRUM_A = 'cokeDrumA';
const STATUS_LIST_OF_TYPE: Record<ValveAssetType, keyof PlantCurrentStatusDto['cokeDrumAStatus']> = {
  Gate: 'gateStatuses',
  Plug: 'liftStatuses',
  'Switch plug': 'switchStatuses',
};

// The current status of coke drum A: every valve with the errors of the current window, which ends at the
// latest valve data rather than now, so a plant whose data stopped still shows its last day.
@Injectable()
export class CurrentStatusService {
  private readonly windowMs: number;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly assets: AssetRepository,
    private readonly status: CurrentStatusRepository,
  ) {
    this.windowMs = config.VALVES_CURRENT_WINDOW_HOURS * 3_600_000;
  }

  async current(): Promise<PlantCurrentStatusDto> {
    const latestMs = await this.status.latestSampleMs();
    const errors =
      latestMs === null ? [] : await this.status.errorsEndedBetween(latestMs - this.windowMs, latestMs);
    const answer: PlantCurrentStatusDto = {
      dateTime: latestMs === null ? null : Math.floor(latestMs / 1000),
      cokeDrumAStatus: { gateStatuses: [], liftStatuses: [], switchStatuses: [] },
    };
    for (const asset of await this.assets.types()) {
      if (asset.cokeDrum !== COKE_DRUM_A) continue;
      const status: AssetStatusDto = {
        assetName: asset.id,
        assetErrors: errors
          .filter((error) => error.asset === asset.id)
          .map((error) => ({
            beginDate: Math.floor(error.beginMs / 1000),
            endDate: Math.floor(error.endMs / 1000),
            errorCode: error.code as ValveFailureCode,
          })),
      };
      answer.cokeDrumAStatus[STATUS_LIST_OF_TYPE[asset.type]].push(status);
    }
    return answer;
  }
}
