import { VariablesModule } from '@plantlens/variables';
import { loadPlatformConfig, runService, serviceModule } from '@plantlens/platform';

runService(() => {
  const config = loadPlatformConfig(process.env);
  return {
    name: 'variables',
    module: serviceModule(config, [VariablesModule]),
    config,
    consumerGroup: 'variables',
  };
});
