import { Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { RangeDraftFilter } from '../../explorer/components/range-draft-filter';
import { PageHeading } from '../../../components/page-heading';
import { useSaveQueryLauncher } from '../../../components/save-query-launcher';
import type { DateRange } from '../../../lib/date-ranges';
import { ExplorerSettingsMenu } from '../../explorer/components/explorer-settings-menu';
import { useCopyUrl } from '../../explorer/hooks/use-copy-url';
import { useRangeDraft } from '../../explorer/hooks/use-range-draft';
import type { useCorrelationCharts } from '../hooks/use-correlation-charts';
import { AveragedWarning } from './averaged-warning';
import { PairChoiceModal } from './pair-choice-modal';

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

// The bar over the correlation charts: way back and title (with the query's name), the From/To filters
// and Explore (spec part 2 §2), the averaged-data warning, the options and the explorers' settings menu,
// whose download asks for the pair when there are several.
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
  const location = useLocation();
  const launchSaveQuery = useSaveQueryLauncher();
  const rangeDraft = useRangeDraft(range, { apply: onRangeChange, reload: view.refetch });
  const copyUrl = useCopyUrl(view.loaded && rangeDraft.applied);
  const [choosingPair, setChoosingPair] = useState(false);
  return (
    <Flex vertical gap={8}>
      <Flex vertical>
        <PageHeading backTo={back} title={title} />
        {queryName && (
          <Typography.Text type="secondary">
            {t('correlation.chart.queryName', { name: queryName })}
          </Typography.Text>
        )}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <RangeDraftFilter rangeDraft={rangeDraft} />
        <Flex gap={8} align="center" wrap>
          <AveragedWarning pairs={view.averaged} />
          {options}
          <ExplorerSettingsMenu
            onCopyUrl={copyUrl}
            onSaveQuery={
              launchSaveQuery
                ? () =>
                    launchSaveQuery({ relativePath: location.pathname + location.search, name: queryName })
                : undefined
            }
            downloadDisabled={!view.hasData}
            onDownloadCsv={() => (view.titles.length > 1 ? setChoosingPair(true) : view.downloadCsv(0))}
          />
        </Flex>
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
