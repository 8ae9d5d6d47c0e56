import { ROUTES } from '../../config/routes';

// Addresses of the rule screens (spec part 2 §2).

/** The tags filter of /rule-incidence/list: its `tags` parameter, comma-joined. */
export function ruleListTags(search: URLSearchParams): string[] {
  const tags = (search.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
  return [...new Set(tags)];
}

/** The query string of the list filtered by these tags ('' for none), commas left readable. */
export function ruleListSearch(tags: readonly string[]): string {
  return tags.length > 0
    ? new URLSearchParams({ tags: tags.join(',') }).toString().replaceAll('%2C', ',')
    : '';
}

/** Editing a rule: the single-rule screen with its id (spec §4: the form is in edit mode with an id). */
export function ruleEditPath(id: number): string {
  return `${ROUTES.RuleIncidenceSingle}?id=${id}`;
}
