import dayjs from 'dayjs';
import { LOCALE_STORAGE_KEY } from '../config/languages';
import { ANTD_LOCALES, createI18n } from './i18n';
import { enGB, type Translation } from './i18n/en-gb';
import { deDE } from './i18n/de-de';
import { itIT } from './i18n/it-it';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

// Dotted keys of every text in a translation tree.
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );
}

describe('i18n', () => {
  it('starts in Spanish when no language was chosen', () => {
    expect(createI18n(memoryStorage()).language).toBe('es_ES');
  });

  it('starts in the language kept under `locale`', () => {
    expect(createI18n(memoryStorage({ [LOCALE_STORAGE_KEY]: 'de_DE' })).language).toBe('de_DE');
  });

  it('follows the browser on a first visit: its first Spanish or English preference, else Spanish', () => {
    expect(createI18n(memoryStorage(), ['en-US', 'es']).language).toBe('en_GB');
    expect(createI18n(memoryStorage(), ['fr-FR', 'es-MX', 'en']).language).toBe('es_ES');
    expect(createI18n(memoryStorage(), ['it-IT', 'de']).language).toBe('es_ES');
    expect(createI18n(memoryStorage(), []).language).toBe('es_ES');
  });

  it('keeps the chosen language over the browser one', () => {
    const storage = memoryStorage({ [LOCALE_STORAGE_KEY]: 'es_ES' });
    expect(createI18n(storage, ['en-GB']).language).toBe('es_ES');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(createI18n(memoryStorage({ [LOCALE_STORAGE_KEY]: 'fr_FR' })).language).toBe('es_ES');
  });

  it('keeps the chosen language under `locale`', async () => {
    const storage = memoryStorage();
    await createI18n(storage).changeLanguage('it_IT');
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBe('it_IT');
  });

  it.each([
    ['it_IT', itIT],
    ['de_DE', deDE],
  ] as const)('shows the English text for every key %s lacks', async (language, partial) => {
    const i18n = createI18n(memoryStorage());
    await i18n.changeLanguage(language);
    const present = new Set(keysOf(partial));
    // Keys are computed here, outside the typed key union.
    const t = i18n.t as unknown as (key: string) => string;
    const english = i18n.getFixedT('en_GB') as unknown as (key: string) => string;
    for (const key of keysOf(enGB).filter((candidate) => !present.has(candidate))) {
      expect(t(key)).toBe(english(key));
    }
    expect(i18n.t('menu.explorerEvolution')).not.toBe(enGB.menu.explorerEvolution);
  });

  it('has Spanish texts for every English key', () => {
    const i18n = createI18n(memoryStorage());
    const spanish = i18n.getResourceBundle('es_ES', 'translation') as Translation;
    expect(keysOf(spanish).sort()).toEqual(keysOf(enGB).sort());
  });

  it('makes dayjs weeks start on Monday in Spanish and on Sunday in English', async () => {
    const i18n = createI18n(memoryStorage());
    const wednesday = new Date(2024, 2, 13);
    expect(dayjs.locale()).toBe('es');
    expect(dayjs(wednesday).startOf('week').date()).toBe(11);
    await i18n.changeLanguage('en_GB');
    expect(dayjs(wednesday).startOf('week').date()).toBe(10);
  });

  it.each(['it_IT', 'de_DE'] as const)('makes dayjs weeks start on Sunday in %s', async (language) => {
    const i18n = createI18n(memoryStorage());
    await i18n.changeLanguage(language);
    expect(
      dayjs(new Date(2024, 2, 13))
        .startOf('week')
        .date(),
    ).toBe(10);
  });

  it('gives the date picker a Sunday-first calendar in English and Spanish texts in Spanish', () => {
    expect(ANTD_LOCALES.en_GB.DatePicker?.lang.locale).toBe('en_US');
    expect(ANTD_LOCALES.en_GB.DatePicker?.lang.placeholder).toBe('Select date');
    expect(ANTD_LOCALES.es_ES.locale).toBe('es');
  });
});
