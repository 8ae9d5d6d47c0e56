export const LANGUAGES = ['es_ES', 'en_GB', 'it_IT', 'de_DE'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'es_ES';
// The languages with every text translated; it_IT and de_DE are not (app/i18n/README.md).
export const COMPLETE_LANGUAGES: readonly Language[] = ['es_ES', 'en_GB'];
// it_IT and de_DE may be partial: a missing text shows in English, then in the default language.
export const FALLBACK_LANGUAGES: Language[] = ['en_GB', 'es_ES'];
export const LOCALE_STORAGE_KEY = 'locale';

// BCP 47 tags for Intl-based formatting (Highcharts dates and numbers, the html lang attribute).
export const LANGUAGE_TAGS: Record<Language, string> = {
  es_ES: 'es-ES',
  en_GB: 'en-GB',
  it_IT: 'it-IT',
  de_DE: 'de-DE',
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

// i18next may report a code outside the list (e.g. 'cimode' in tests); the app then behaves as the default.
export function toLanguage(code: string | undefined): Language {
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}
