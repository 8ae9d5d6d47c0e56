import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage, type Language } from '../config/languages';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Select<Language>
      aria-label={t('language.label')}
      prefix={<GlobalOutlined />}
      value={toLanguage(i18n.language)}
      onChange={(language) => void i18n.changeLanguage(language)}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      style={{ width: 150 }}
    />
  );
}
