import { Controller, Get } from '@nestjs/common';
import { performanceDtoSchema, type PerformanceDto } from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { PerformanceSampler } from './performance-sampler.service';

// The performance back office (/performance/backoffice): the sampled figures of the last hour, for the
// super admin. Answered by the gateway itself in both run modes; a service that does not answer is listed
// as down, never an error of this route.
@RequireFeature('Superadmin')
@Controller('api/web/performance')
export class PerformanceController {
  constructor(private readonly sampler: PerformanceSampler) {}

  @Get()
  @Responds(performanceDtoSchema)
  figures(): PerformanceDto {
    return this.sampler.figures();
  }
}
