import { WarningOutlined } from '@ant-design/icons';
import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';

export interface SampledVariable {
  label: string;
  /** width of one summary column, when the server says (epoch ms) */
  bucketMs?: number;
}

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;

// The warning icon beside the chart listing the variables the server reduced (spec part 2 §2).
export function SampledWarning({ variables }: { variables: SampledVariable[] }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  if (variables.length === 0) return null;
  const locale = LANGUAGE_TAGS[toLanguage(i18n.language)];
  const title = (
    <>
      {t('explorer.evolution.sampled')}
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {variables.map(({ label, bucketMs }) => (
          <li key={label}>
            {bucketMs
              ? t('explorer.evolution.sampledEvery', { label, duration: formatDuration(bucketMs, locale) })
              : label}
          </li>
        ))}
      </ul>
    </>
  );
  return (
    <Tooltip title={title}>
      <WarningOutlined
        role="img"
        aria-label={t('explorer.evolution.sampledIcon')}
        tabIndex={0}
        style={{ color: token.colorWarning, fontSize: 18 }}
      />
    </Tooltip>
  );
}

// "10 min", "1 h": in the largest unit that measures the duration whole, else in seconds.
export function formatDuration(ms: number, locale: string): string {
  const [unit, size] = UNITS.find(([, unitMs]) => ms % unitMs === 0) ?? ['second', 1000];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 3,
  }).format(ms / size);
}
