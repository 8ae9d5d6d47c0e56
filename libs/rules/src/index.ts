export * from './rules.module';
export { RULES_SCHEMA } from './database/rules-database';
export { rulesEngineConsumerGroup } from './engine/engine-shard';
export { RuleEngineService, type EngineCounters } from './engine/rule-engine.service';
export { OutboxService } from './outbox/outbox.service';
export { EmailSenderService } from './notification/email-sender.service';
