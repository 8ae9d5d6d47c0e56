import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetIncidenceRulesQuery } from '../api';

const NO_RULES: never[] = [];

// A multiple-choice filter over the tags of the incidence rules (rules carry free tag names; the filter
// offers every tag some rule the user reads carries).
export function TagFilter({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const { t } = useTranslation();
  const rules = useGetIncidenceRulesQuery('').data ?? NO_RULES;
  const tags = [...new Set([...rules.flatMap((rule) => rule.tags), ...value])].sort((a, b) =>
    a.localeCompare(b),
  );
  return (
    <Select
      mode="multiple"
      allowClear
      aria-label={t('incidences.filters.tags')}
      placeholder={t('incidences.filters.tags')}
      style={{ minWidth: 220 }}
      value={value}
      options={tags.map((tag) => ({ value: tag, label: tag }))}
      onChange={onChange}
    />
  );
}
