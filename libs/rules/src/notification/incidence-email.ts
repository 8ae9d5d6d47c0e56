import {
  Topics,
  type AssetAlarmEvent,
  type EmailNotification,
  type IncidenceEvent,
} from '@plantlens/contracts';
import { failureText } from '../asset-alarm/failure-texts';
import type { OutboxMessage, RuleDefinition } from '../engine/engine.repository';

const HOUR_MS = 3_600_000;

interface MailedRule {
  id: number;
  name: string;
  emails: string[];
}

// The e-mail of one opening: rule, variable(s), value, threshold, time and a link to the evolution chart
// around it. Its id names the incidence, so the sender delivers it once however often it is published.
export function incidenceEmail(
  rule: RuleDefinition,
  event: IncidenceEvent,
  publicUrl: string,
): EmailNotification | undefined {
  if (!mailed(rule, event)) return undefined;
  const unit = rule.varOneUnit ? ` ${rule.varOneUnit}` : '';
  const first = `${rule.varOneLabel} (${rule.varOneReference})`;
  const second =
    rule.varTwoId === null ? String(rule.constant) : `${rule.varTwoLabel} (${rule.varTwoReference})`;
  const link = new URL('/explorer-evolution', publicUrl);
  link.search = new URLSearchParams({
    variables: event.variableIds.join(','),
    startDate: String(event.openedAt - HOUR_MS),
    endDate: String(Math.max(event.at, event.openedAt) + HOUR_MS),
    origin: 'IncidenceList',
    ruleId: String(rule.id),
  }).toString();
  return notification(rule, event, [
    `Rule: ${rule.name}`,
    `Condition: ${first} ${rule.operator} ${second}`,
    `Variable: ${first}`,
    ...(rule.varTwoId === null ? [] : [`Second variable: ${rule.varTwoLabel} (${rule.varTwoReference})`]),
    `Value: ${event.value}${unit}`,
    `Threshold: ${event.threshold}${unit}`,
    `Since: ${new Date(event.openedAt).toISOString()}`,
    ...(rule.minDurationSeconds > 0 ? [`Held for at least: ${rule.minDurationSeconds} s`] : []),
    `Evolution: ${link.toString()}`,
  ]);
}

// The e-mail of a valve failure's incidence: the failure, the actuation it was found in and a link to the
// valve's incidence review (spec §2 /ampo/incidence-review, epoch seconds).
export function assetAlarmEmail(
  source: MailedRule,
  event: IncidenceEvent,
  alarm: AssetAlarmEvent,
  publicUrl: string,
): EmailNotification | undefined {
  if (!mailed(source, event)) return undefined;
  const link = new URL('/ampo/incidence-review', publicUrl);
  link.search = new URLSearchParams({
    asset: alarm.asset,
    beginDate: String(Math.floor(alarm.beginMs / 1000)),
    endDate: String(Math.ceil(alarm.endMs / 1000)),
    error: String(alarm.errorCode),
  }).toString();
  return notification(source, event, [
    `Rule: ${source.name}`,
    `Asset: ${alarm.asset}`,
    `Failure: ${failureText(alarm.errorCode)}`,
    `Operation: ${alarm.operation}`,
    `Since: ${new Date(alarm.beginMs).toISOString()}`,
    `Until: ${new Date(alarm.endMs).toISOString()}`,
    `Review: ${link.toString()}`,
  ]);
}

function mailed(rule: MailedRule, event: IncidenceEvent): boolean {
  return rule.emails.length > 0 && event.type === 'opened';
}

function notification(rule: MailedRule, event: IncidenceEvent, lines: string[]): EmailNotification {
  return {
    id: `incidence-${event.incidenceId}`,
    rateKey: `rule-${rule.id}`,
    to: rule.emails,
    subject: `Plantlens incidence: ${rule.name}`,
    text: `${lines.join('\n')}\n`,
    createdAt: event.openedAt,
  };
}

/** What an opening or closing publishes: the event, and the opening's e-mail when there is one. */
export function transitionMessages(
  ruleId: number,
  event: IncidenceEvent,
  email: EmailNotification | undefined,
): OutboxMessage[] {
  const key = String(ruleId);
  const messages: OutboxMessage[] = [{ topic: Topics.incidences, key, payload: event }];
  if (email) messages.push({ topic: Topics.notifications, key, payload: email });
  return messages;
}
