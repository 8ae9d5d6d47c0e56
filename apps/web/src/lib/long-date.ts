import { LANGUAGE_TAGS, toLanguage } from '../config/languages';

/** The long date of the user's language ("3 March 2026", "3 de marzo de 2026", spec part 1 §9). */
export function formatLongDate(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[toLanguage(language)], { dateStyle: 'long' }).format(epochMs);
}
