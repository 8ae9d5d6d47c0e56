import { useTranslation } from 'react-i18next';
import { ReducedDataWarning } from '../../../components/reduced-data-warning';

// The sampled-variables icon of the correlation charts: the pairs whose points are bucket means.
export function AveragedWarning({ pairs }: { pairs: string[] }) {
  const { t } = useTranslation();
  return (
    <ReducedDataWarning
      iconLabel={t('correlation.chart.sampledIcon')}
      explanation={t('correlation.chart.sampled')}
      items={pairs.map((pair) => ({ key: pair, text: pair }))}
    />
  );
}
