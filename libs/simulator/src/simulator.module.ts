import { Module } from '@nestjs/common';
import { VariableDeclarationClient } from '@plantlens/platform';
import { SimulatorRunner } from './simulator-runner.service';

// Hosted by the gateway when SIMULATOR_ENABLED is true (the default of `npm start`).
@Module({ providers: [SimulatorRunner, VariableDeclarationClient] })
export class SimulatorModule {}
