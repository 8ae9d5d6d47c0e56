import { GlobalOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGES, toLanguage, type Language } from '../config/languages';
import { useEscapeKey } from '../lib/use-escape-key';
import { useWebSettings } from '../lib/web-settings';

// The two languages of the toggle: the default and the first fallback (es_ES and en_GB).
const TOGGLE_LANGUAGES: [Language, Language] = [DEFAULT_LANGUAGE, FALLBACK_LANGUAGES[0] ?? 'en_GB'];

// Spec part 1 §2: a dropdown when the deployment configures a language list, a two-language toggle otherwise.
export function LanguageSwitcher() {
  const { languageList } = useWebSettings().site;
  return languageList ? <LanguageDropdown languages={languageList} /> : <LanguageToggle />;
}

function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const [first, second] = TOGGLE_LANGUAGES;
  const other = toLanguage(i18n.language) === first ? second : first;
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      title={t('language.switchTo', { language: t(`language.${other}`) })}
      onClick={() => void i18n.changeLanguage(other)}
    >
      {t(`language.${other}`)}
    </Button>
  );
}

function LanguageDropdown({ languages }: { languages: readonly Language[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  // Escape closes the open list wherever the focus went (spec part 1 §2 "Escape closes navs").
  useEscapeKey(() => setOpen(false), open);
  return (
    <Select<Language>
      aria-label={t('language.label')}
      prefix={<GlobalOutlined />}
      open={open}
      onOpenChange={setOpen}
      value={toLanguage(i18n.language)}
      onChange={(language) => void i18n.changeLanguage(language)}
      options={languages.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      style={{ width: 150 }}
    />
  );
}
