import type { Translation } from './en-gb';

// Typed keys: t('a.missing.key') fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation };
  }
}
