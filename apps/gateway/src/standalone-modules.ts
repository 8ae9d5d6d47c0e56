import type { Type } from '@nestjs/common';
import { IdentityModule } from '@plantlens/identity';
import { PerformanceModule } from '@plantlens/operations';
import { UserManualModule, type PlatformConfig } from '@plantlens/platform';
import { RulesModule } from '@plantlens/rules';
import { ValvesModule } from '@plantlens/valves';
import { VariablesModule } from '@plantlens/variables';

type ServiceUrlSetting = keyof Pick<
  PlatformConfig,
  'IDENTITY_URL' | 'VARIABLES_URL' | 'RULES_URL' | 'VALVES_URL'
>;

// Each domain module and the setting naming the service that hosts it in a cluster (apps/<service>/main.ts).
// The gateway routes to a service every path of that module's controllers (gateway-routing.ts).
export const DOMAIN_SERVICES: readonly { module: Type; urlSetting: ServiceUrlSetting }[] = [
  { module: IdentityModule, urlSetting: 'IDENTITY_URL' },
  { module: VariablesModule, urlSetting: 'VARIABLES_URL' },
  { module: RulesModule, urlSetting: 'RULES_URL' },
  { module: ValvesModule, urlSetting: 'VALVES_URL' },
];

// The domain modules the gateway hosts in standalone mode (and the authorization test with it).
export const STANDALONE_DOMAIN_MODULES = DOMAIN_SERVICES.map(({ module }) => module);

// The API the gateway answers itself in both run modes (never routed to a service in cluster mode). The
// performance back office reads the services' metrics from here: in-process in standalone, over HTTP in a
// cluster (libs/operations README).
export const GATEWAY_API_MODULES = [UserManualModule, PerformanceModule];
