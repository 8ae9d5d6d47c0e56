import { Topics, type EmailNotification, type IncidenceEvent } from '@plantlens/contracts';
import type { OutboxMessage, RuleDefinition } from '../engine/engine.repository';

const HOUR_MS = 3_600_000;

// The e-mail of one opening: rule, variable(s), value, threshold, time and a link to the evolution chart
// around it. Its id names the incidence, so the sender delivers it once however often it is published.
export function incidenceEmail(
  rule: RuleDefinition,
  event: IncidenceEvent,
  publicUrl: string,
): EmailNotification | undefined {
  if (rule.emails.length === 0 || event.type !== 'opened') return undefined;
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
  const lines = [
    `Rule: ${rule.name}`,
    `Condition: ${first} ${rule.operator} ${second}`,
    `Variable: ${first}`,
    ...(rule.varTwoId === null ? [] : [`Second variable: ${rule.varTwoLabel} (${rule.varTwoReference})`]),
    `Value: ${event.value}${unit}`,
    `Threshold: ${event.threshold}${unit}`,
    `Since: ${new Date(event.openedAt).toISOString()}`,
    ...(rule.minDurationSeconds > 0 ? [`Held for at least: ${rule.minDurationSeconds} s`] : []),
    `Evolution: ${link.toString()}`,
  ];
  return {
    id: `incidence-${event.incidenceId}`,
    rateKey: `rule-${rule.id}`,
    to: rule.emails,
    subject: `Plantlens incidence: ${rule.name}`,
    text: `${lines.join('\n')}\n`,
    createdAt: event.openedAt,
  };
}

/** What an opening or closing publishes: the event, and for an opening of a rule with e-mails the e-mail. */
export function transitionMessages(
  rule: RuleDefinition,
  event: IncidenceEvent,
  publicUrl: string,
): OutboxMessage[] {
  const key = String(rule.id);
  const messages: OutboxMessage[] = [{ topic: Topics.incidences, key, payload: event }];
  const email = incidenceEmail(rule, event, publicUrl);
  if (email) messages.push({ topic: Topics.notifications, key, payload: email });
  return messages;
}
