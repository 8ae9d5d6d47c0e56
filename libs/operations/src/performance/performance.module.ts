import { Module } from '@nestjs/common';
import { PerformanceController } from './performance.controller';
import { PerformanceSampler } from './performance-sampler.service';

@Module({
  controllers: [PerformanceController],
  providers: [PerformanceSampler],
  exports: [PerformanceSampler],
})
export class PerformanceModule {}
