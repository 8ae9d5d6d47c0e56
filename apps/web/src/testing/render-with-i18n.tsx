import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../app/i18n';

// Components render with the real texts (English unless a test asks for another language), so tests read
// what users read.
export function renderWithI18n(ui: ReactElement, language: 'en_GB' | 'es_ES' = 'en_GB') {
  const storage = new Map<string, string>();
  const i18n = createI18n({
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
  });
  void i18n.changeLanguage(language);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
