import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage, type Language } from '../config/languages';
import { useEscapeKey } from '../lib/use-escape-key';

export function LanguageSwitcher() {
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
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      style={{ width: 150 }}
    />
  );
}
