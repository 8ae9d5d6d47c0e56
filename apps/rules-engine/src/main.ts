import { RulesModule, rulesEngineConsumerGroup } from '@plantlens/rules';
import { loadPlatformConfig, runService, serviceModule } from '@plantlens/platform';

runService(() => {
  const config = loadPlatformConfig(process.env);
  return {
    name: 'rules-engine',
    module: serviceModule(config, [RulesModule]),
    config,
    consumerGroup: rulesEngineConsumerGroup(config),
  };
});
