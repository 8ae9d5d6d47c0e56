import { LANGUAGE_TAGS, toLanguage } from '../../config/languages';

/** When an entry was stored, in the user's language: "24 November 2026 at 21:05:12". */
export function formatCacheDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[toLanguage(language)], {
    dateStyle: 'long',
    timeStyle: 'medium',
  }).format(new Date(iso));
}
