import { useTranslation } from 'react-i18next';
import { ReducedDataWarning } from '../../../components/reduced-data-warning';
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
  const locale = LANGUAGE_TAGS[toLanguage(i18n.language)];
  return (
    <ReducedDataWarning
      iconLabel={t('explorer.evolution.sampledIcon')}
      explanation={t('explorer.evolution.sampled')}
      items={variables.map(({ label, bucketMs }) => ({
        key: label,
        text: bucketMs
          ? t('explorer.evolution.sampledEvery', { label, duration: formatDuration(bucketMs, locale) })
          : label,
      }))}
    />
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
