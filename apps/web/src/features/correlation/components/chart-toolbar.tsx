import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { DateRangeFilter } from '../../explorer/components/date-range-filter';
import type { DateRange } from '../../explorer/explorer-query';
import type { useCorrelationCharts } from '../hooks/use-correlation-charts';
import { AveragedWarning } from './averaged-warning';
import { PairChoiceModal } from './pair-choice-modal';
import { SettingsMenu } from './settings-menu';

interface ChartToolbarProps {
  title: string;
  back: string;
  queryName: string | null;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  view: ReturnType<typeof useCorrelationCharts>;
  /** the page's options menu (and, in the multiple correlation, its pair selector) */
  options: ReactNode;
}

// The bar over the correlation charts: way back and title (with the query's name), the averaged-data
// warning, the dates, Explore (reload), the options and the settings menu, whose download asks for the
// pair when there are several.
export function ChartToolbar({
  title,
  back,
  queryName,
  range,
  onRangeChange,
  view,
  options,
}: ChartToolbarProps) {
  const { t } = useTranslation();
  const [choosingPair, setChoosingPair] = useState(false);
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Flex vertical>
        <PageHeading backTo={back} title={title} />
        {queryName && (
          <Typography.Text type="secondary">
            {t('correlation.chart.queryName', { name: queryName })}
          </Typography.Text>
        )}
      </Flex>
      <Flex gap={8} align="center" wrap>
        <AveragedWarning pairs={view.averaged} />
        <DateRangeFilter range={range} onChange={onRangeChange} />
        <Button type="primary" icon={<ReloadOutlined />} onClick={view.refetch}>
          {t('correlation.explore')}
        </Button>
        {options}
        <SettingsMenu
          downloadDisabled={!view.hasData}
          onDownloadCsv={() => (view.titles.length > 1 ? setChoosingPair(true) : view.downloadCsv(0))}
        />
      </Flex>
      {choosingPair && (
        <PairChoiceModal
          open
          pairs={view.titles}
          onChoose={(index) => {
            setChoosingPair(false);
            view.downloadCsv(index);
          }}
          onClose={() => setChoosingPair(false)}
        />
      )}
    </Flex>
  );
}
