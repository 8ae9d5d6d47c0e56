import { Module, type OnModuleInit } from '@nestjs/common';
import { IdentityClient, SchemaMigrator } from '@plantlens/platform';
import { AssetAlarmConsumer } from './asset-alarm/asset-alarm.consumer';
import { AssetAlarmService } from './asset-alarm/asset-alarm.service';
import { AssetRepository } from './current-status/asset.repository';
import { CurrentStatusController } from './current-status/current-status.controller';
import { SitePlanController } from './current-status/site-plan.controller';
import { SitePlanRepository } from './current-status/site-plan.repository';
import { SitePlanService } from './current-status/site-plan.service';
import { RULES_SCHEMA } from './database/rules-database';
import { rulesMigrations } from './database/migrations';
import { DayCountRepository } from './engine/day-count.repository';
import { RawPointsClient } from './dry-run/raw-points.client';
import { RuleDryRunController } from './dry-run/rule-dry-run.controller';
import { RuleDryRunService } from './dry-run/rule-dry-run.service';
import { RuleHistoryService } from './dry-run/rule-history.service';
import { EngineConsumer } from './engine/engine.consumer';
import { EngineMetrics } from './engine/engine-metrics';
import { EngineRepository } from './engine/engine.repository';
import { EngineShard } from './engine/engine-shard';
import { RuleEngineService } from './engine/rule-engine.service';
import { IncidenceController } from './incidence/incidence.controller';
import { IncidenceRepository } from './incidence/incidence.repository';
import { IncidenceService } from './incidence/incidence.service';
import { EmailDeliveryRepository } from './notification/email-delivery.repository';
import { EmailSenderService } from './notification/email-sender.service';
import { NotificationConsumer } from './notification/notification.consumer';
import { OutboxService } from './outbox/outbox.service';
import { RuleController } from './rule/rule.controller';
import { RuleReferenceController } from './rule/rule-reference.controller';
import { RuleRepository } from './rule/rule.repository';
import { RuleService } from './rule/rule.service';
import { VariableCatalogClient } from './rule/variable-catalog.client';

// Rules, the streaming engine, incidences (valve failures' too), their e-mails and the current-status map;
// owns schema "rules".
@Module({
  controllers: [
    RuleController,
    RuleReferenceController,
    RuleDryRunController,
    IncidenceController,
    CurrentStatusController,
    SitePlanController,
    EngineConsumer,
    NotificationConsumer,
    AssetAlarmConsumer,
  ],
  providers: [
    EngineShard,
    EngineRepository,
    DayCountRepository,
    EngineMetrics,
    RuleEngineService,
    OutboxService,
    EmailDeliveryRepository,
    EmailSenderService,
    IdentityClient,
    VariableCatalogClient,
    RawPointsClient,
    RuleDryRunService,
    RuleHistoryService,
    RuleRepository,
    RuleService,
    IncidenceRepository,
    AssetRepository,
    SitePlanRepository,
    SitePlanService,
    IncidenceService,
    AssetAlarmService,
  ],
  exports: [RuleEngineService, OutboxService, EmailSenderService],
})
export class RulesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(RULES_SCHEMA, rulesMigrations);
  }
}
