import { Module } from '@nestjs/common';
import { AssetLayoutClient, VariableDeclarationClient } from '@plantlens/platform';
import { SimulatorRunner } from './simulator-runner.service';

// Hosted by the gateway when SIMULATOR_ENABLED is true (the default of `npm start`).
@Module({ providers: [SimulatorRunner, VariableDeclarationClient, AssetLayoutClient] })
export class SimulatorModule {}
