import { Controller, Get } from '@nestjs/common';
import type { CurrentStatusAssetDto } from '@plantlens/contracts';
import { CurrentUser, RequireFeature, type AuthenticatedUser } from '@plantlens/platform';
import { IncidenceService } from '../incidence/incidence.service';

// Spec part 2 §7: the assets of the current-status map with their incidence counts.
@RequireFeature('Incidence')
@Controller('api/web/current-status-incidence')
export class CurrentStatusController {
  constructor(private readonly incidences: IncidenceService) {}

  @Get()
  assets(@CurrentUser() user: AuthenticatedUser): Promise<CurrentStatusAssetDto[]> {
    return this.incidences.currentStatus(user);
  }
}
