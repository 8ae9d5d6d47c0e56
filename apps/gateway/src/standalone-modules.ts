import { IdentityModule } from '@plantlens/identity';
import { RulesModule } from '@plantlens/rules';
import { ValvesModule } from '@plantlens/valves';
import { VariablesModule } from '@plantlens/variables';

// The domain modules the gateway hosts in standalone mode (and the authorization test with it).
export const STANDALONE_DOMAIN_MODULES = [IdentityModule, VariablesModule, RulesModule, ValvesModule];
