import { ValvesModule } from '@plantlens/valves';
import { loadPlatformConfig, runService, serviceModule } from '@plantlens/platform';

runService(() => {
  const config = loadPlatformConfig(process.env);
  return {
    name: 'valve-monitor',
    module: serviceModule(config, [ValvesModule]),
    config,
    consumerGroup: 'valve-monitor',
  };
});
