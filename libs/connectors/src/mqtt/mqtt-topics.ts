import { clientReferenceSchema } from '@plantlens/contracts';
import { printable } from '../shared/readings';

export type ReferenceFrom = 'topic' | 'last-level';

/**
 * The client reference of the variable a topic carries: the whole topic with its '/' written as '.'
 * (`plant1/boiler/pt101` → `plant1.boiler.pt101`), or only its last level (`pt101`). A topic whose
 * reference breaks the client-reference rules is refused rather than rewritten: two topics must never
 * be silently folded into one variable.
 */
export function topicReference(
  topic: string,
  from: ReferenceFrom,
): { reference: string } | { problem: string } {
  const reference = from === 'topic' ? topic.replaceAll('/', '.') : topic.slice(topic.lastIndexOf('/') + 1);
  const checked = clientReferenceSchema.safeParse(reference);
  if (checked.success) return { reference };
  return {
    problem: `topic "${printable(topic)}" gives no valid client reference (${checked.error.issues[0]?.message ?? 'invalid'})`,
  };
}

/**
 * Whether a topic falls under one of the configured filters. The broker keeps the subscriptions of a
 * persistent session, so after MQTT_TOPICS changed it may still deliver topics that are no longer wanted.
 */
export function matchesTopicFilters(topic: string, filters: readonly string[]): boolean {
  const levels = topic.split('/');
  return filters.some((filter) => matchesFilter(levels, withoutSharePrefix(filter).split('/')));
}

function matchesFilter(levels: string[], filterLevels: string[]): boolean {
  // Wildcards at the first level do not match topics starting with '$' (MQTT 3.1.1, 4.7.2).
  if (levels[0]?.startsWith('$') && (filterLevels[0] === '+' || filterLevels[0] === '#')) return false;
  for (let index = 0; index < filterLevels.length; index += 1) {
    const filterLevel = filterLevels[index];
    if (filterLevel === '#') return true;
    if (index >= levels.length) return false;
    if (filterLevel !== '+' && filterLevel !== levels[index]) return false;
  }
  return levels.length === filterLevels.length;
}

// `$share/<group>/<filter>` subscribes to <filter> with the load shared among the group's clients.
function withoutSharePrefix(filter: string): string {
  return /^\$share\/[^/]+\/(.*)$/.exec(filter)?.[1] ?? filter;
}
