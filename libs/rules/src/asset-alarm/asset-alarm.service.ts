import { Inject, Injectable } from '@nestjs/common';
import type { AssetAlarmEvent } from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { EngineRepository, type IncidenceRule } from '../engine/engine.repository';
import { EngineShard } from '../engine/engine-shard';
import type { IncidenceTransition } from '../engine/rule-engine';
import { assetAlarmEmail, transitionMessages } from '../notification/incidence-email';
import { OutboxService } from '../outbox/outbox.service';
import { RuleRepository } from '../rule/rule.repository';
import { assetAlarmSourceName } from './failure-texts';

const DAY_MS = 86_400_000;

type SourceRule = IncidenceRule & { emails: string[] };

// Valve failures as incidences (docs/rules-and-incidences.md "Valve failures as incidences"): each
// `asset-alarms` event is one incidence of the source of its asset and failure code, opened at the
// actuation's begin and closed at its end, written like the engine's openings and closings — summary, day
// counts, events and e-mail in one transaction. The source's shard writes it, so one source's events keep
// their order (as a rule's).
@Injectable()
export class AssetAlarmService {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly rules: RuleRepository,
    private readonly incidences: EngineRepository,
    private readonly shard: EngineShard,
    private readonly outbox: OutboxService,
  ) {}

  /** Resolves once the incidence is durable; a replayed or disabled source's event changes nothing. */
  async record(alarm: AssetAlarmEvent): Promise<void> {
    // Every shard makes the source if missing (the catalog event of a new one is published by its maker).
    const source = await this.rules.sourceOf(
      alarm.asset,
      alarm.errorCode,
      assetAlarmSourceName(alarm.asset, alarm.errorCode),
      this.shard.owner,
    );
    this.outbox.drainSoon();
    if (!this.shard.owns(source.id) || !source.enabled) return;
    // (source, begin) is the incidence's identity: a replay finds it and counts nothing again.
    if (await this.incidences.hasIncidence(source.id, alarm.beginMs)) return;
    const rule: SourceRule = {
      id: source.id,
      name: source.name,
      operator: source.operator,
      varOneId: null,
      varTwoId: null,
      emails: source.emails,
    };
    // The "value" compared is the failure code, equal to the source's code (its condition, see migration 0002).
    const transition = (type: 'opened' | 'closed', at: number): IncidenceTransition<SourceRule> => ({
      type,
      rule,
      openedAt: alarm.beginMs,
      closedAt: type === 'closed' ? alarm.endMs : null,
      at,
      value: alarm.errorCode,
      threshold: alarm.errorCode,
    });
    const outboxRows = await this.incidences.write(
      {
        watermarks: [],
        // One failed actuation is one evaluation and one activation of its day.
        counts: [
          { ruleId: source.id, day: Math.floor(alarm.beginMs / DAY_MS), evaluations: 1, activations: 1 },
        ],
        ruleStates: [],
        transitions: [transition('opened', alarm.beginMs), transition('closed', alarm.endMs)],
      },
      this.shard.owner,
      (written, event) =>
        transitionMessages(
          written.rule.id,
          event,
          assetAlarmEmail(written.rule, event, alarm, this.config.PUBLIC_URL),
        ),
    );
    this.outbox.publishCommitted(outboxRows);
  }
}
