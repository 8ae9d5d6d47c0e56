import type { ConfigProviderProps } from 'antd';
import antdDeDE from 'antd/locale/de_DE';
import antdEnGB from 'antd/locale/en_GB';
import antdEsES from 'antd/locale/es_ES';
import antdItIT from 'antd/locale/it_IT';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/it';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  COMPLETE_LANGUAGES,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGES,
  LANGUAGE_TAGS,
  LANGUAGES,
  LOCALE_STORAGE_KEY,
  isLanguage,
  type Language,
} from '../config/languages';
import { deDE } from './i18n/de-de';
import { enGB } from './i18n/en-gb';
import { esES } from './i18n/es-es';
import { itIT } from './i18n/it-it';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

// Spec part 1 §9: weeks start on Monday in Spanish and on Sunday in every other language. dayjs 'en' and the
// date picker's en_US calendar are Sunday-first ('en-gb' is Monday-first); every other en_GB text stays
// British. dayjs 'it' and 'de' start on Monday, so their week start is changed (the date picker asks dayjs).
const DAYJS_LOCALES: Record<Language, string> = { es_ES: 'es', en_GB: 'en', it_IT: 'it', de_DE: 'de' };
const SUNDAY = 0;
const MONDAY = 1;
dayjs.extend(updateLocale);
for (const language of LANGUAGES) {
  dayjs.updateLocale(DAYJS_LOCALES[language], { weekStart: language === 'es_ES' ? MONDAY : SUNDAY });
}

export const ANTD_LOCALES: Record<Language, AntdLocale> = {
  es_ES: antdEsES,
  en_GB: {
    ...antdEnGB,
    DatePicker: antdEnGB.DatePicker && {
      ...antdEnGB.DatePicker,
      lang: { ...antdEnGB.DatePicker.lang, locale: 'en_US' },
    },
  },
  it_IT: antdItIT,
  de_DE: antdDeDE,
};

// A first visit follows the browser: its preferred languages (navigator.languages, best first) are matched
// by their primary subtag against the complete languages, Spanish and English; none of them gives the
// default. Italian and German are partial, so a browser in Italian gets Spanish, not a half-English page.
const primarySubtag = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];

export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = COMPLETE_LANGUAGES.find((complete) => primarySubtag(complete) === primarySubtag(tag));
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function initialLanguage(storage: Pick<Storage, 'getItem'>, preferred: readonly string[]): Language {
  const stored = storage.getItem(LOCALE_STORAGE_KEY);
  return isLanguage(stored) ? stored : browserLanguage(preferred);
}

// The chosen language is kept in storage and drives dayjs (date picker, formats) and the page's lang.
export function createI18n(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  preferredLanguages: readonly string[] = [],
): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (language) => {
    if (!isLanguage(language)) return;
    storage.setItem(LOCALE_STORAGE_KEY, language);
    dayjs.locale(DAYJS_LOCALES[language]);
    document.documentElement.lang = LANGUAGE_TAGS[language];
  });
  void instance.use(initReactI18next).init({
    resources: {
      es_ES: { translation: esES },
      en_GB: { translation: enGB },
      it_IT: { translation: itIT },
      de_DE: { translation: deDE },
    },
    lng: initialLanguage(storage, preferredLanguages),
    supportedLngs: [...LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGES,
    load: 'currentOnly',
    // Resources are bundled, so the first render already has its texts.
    initAsync: false,
    // React escapes the output already.
    interpolation: { escapeValue: false },
  });
  return instance;
}

export const i18n = createI18n(localStorage, navigator.languages);
