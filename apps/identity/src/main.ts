import { IdentityModule } from '@plantlens/identity';
import { loadPlatformConfig, runService, serviceModule } from '@plantlens/platform';

runService(() => {
  const config = loadPlatformConfig(process.env);
  return { name: 'identity', module: serviceModule(config, [IdentityModule]), config };
});
