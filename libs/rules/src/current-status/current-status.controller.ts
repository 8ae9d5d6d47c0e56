import { Body, Controller, Get, HttpCode, Put } from '@nestjs/common';
import {
  assetLayoutSchema,
  currentStatusAssetDtoSchema,
  type AssetLayout,
  type CurrentStatusAssetDto,
} from '@plantlens/contracts';
import {
  AllowServiceToken,
  CurrentUser,
  RequireFeature,
  Responds,
  type AuthenticatedUser,
} from '@plantlens/platform';
import { z } from 'zod';
import { IncidenceService } from '../incidence/incidence.service';
import { AssetRepository } from './asset.repository';

// Spec part 2 §7: the assets of the current-status map with their incidence counts.
@RequireFeature('Incidence')
@Controller('api/web/current-status-incidence')
export class CurrentStatusController {
  constructor(
    private readonly incidences: IncidenceService,
    private readonly assets: AssetRepository,
  ) {}

  @Get()
  @Responds(z.array(currentStatusAssetDtoSchema))
  list(@CurrentUser() user: AuthenticatedUser): Promise<CurrentStatusAssetDto[]> {
    return this.incidences.currentStatus(user);
  }

  // Beyond the spec: the plant's layout (parents and positions), by an administrator or a data source.
  @Put('assets')
  @HttpCode(204)
  @Responds(null, { status: 204 })
  @AllowServiceToken()
  @RequireFeature('Admin')
  async place(@Body({ schema: assetLayoutSchema }) body: AssetLayout): Promise<void> {
    await this.assets.place(body.assets);
  }
}
