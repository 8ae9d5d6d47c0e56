import { Controller, Get } from '@nestjs/common';
import { plantCurrentStatusDtoSchema, type PlantCurrentStatusDto } from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { CurrentStatusService } from './current-status.service';

// Spec part 2 §7: the valve current status, fetched every 30 seconds.
@RequireFeature('AmpoCurrentStatus')
@Controller('api/web/ampo')
export class CurrentStatusController {
  constructor(private readonly status: CurrentStatusService) {}

  @Get('plant-current-status')
  @Responds(plantCurrentStatusDtoSchema)
  current(): Promise<PlantCurrentStatusDto> {
    return this.status.current();
  }
}
