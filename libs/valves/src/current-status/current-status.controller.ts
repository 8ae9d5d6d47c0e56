import { Controller, Get } from '@nestjs/common';
import type { PlantCurrentStatusDto } from '@plantlens/contracts';
import { RequireFeature } from '@plantlens/platform';
import { CurrentStatusService } from './current-status.service';

// Spec part 2 §7: the valve current status, fetched every 30 seconds.
@RequireFeature('AmpoCurrentStatus')
@Controller('api/web/ampo')
export class CurrentStatusController {
  constructor(private readonly status: CurrentStatusService) {}

  @Get('plant-current-status')
  current(): Promise<PlantCurrentStatusDto> {
    return this.status.current();
  }
}
