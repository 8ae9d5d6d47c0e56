import { IdentityModule } from '@plantlens/identity';
import { UserManualModule } from '@plantlens/platform';
import { RulesModule } from '@plantlens/rules';
import { ValvesModule } from '@plantlens/valves';
import { VariablesModule } from '@plantlens/variables';

// The domain modules the gateway hosts in standalone mode (and the authorization test with it).
export const STANDALONE_DOMAIN_MODULES = [IdentityModule, VariablesModule, RulesModule, ValvesModule];

// The API the gateway answers itself in both run modes (never routed to a service in cluster mode).
export const GATEWAY_API_MODULES = [UserManualModule];
