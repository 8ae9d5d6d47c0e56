import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadTextFile } from '../../../lib/download-file';
import { useLazyGetRawPointsPageQuery, type TimelineData } from '../api';
import { CSV_FILE_NAME, evolutionCsv, type CsvFormat, type CsvSeries } from '../csv';
import { RAW_DOWNLOAD_MAX_POINTS, TooManyRawPoints, readRawPoints } from '../raw-points';

const MESSAGE_KEY = 'raw-csv-download';

/**
 * The evolution CSV with every stored point of the range: the chart's reduced series (per-pixel summaries)
 * are read again unreduced from raw-points; the others already are every point. Progress and failures show
 * as messages.
 */
export function useRawCsvDownload(format: CsvFormat): (timeline: TimelineData) => Promise<void> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [readPage] = useLazyGetRawPointsPageQuery();
  return async (timeline) => {
    void message.loading({ key: MESSAGE_KEY, content: t('explorer.settings.rawReading'), duration: 0 });
    try {
      let budget = RAW_DOWNLOAD_MAX_POINTS;
      const series: CsvSeries[] = [];
      for (const { metadata, data, sampled } of timeline.variables) {
        const points = sampled
          ? await readRawPoints((query) => readPage(query).unwrap(), metadata.id, timeline, budget)
          : data;
        budget = Math.max(0, budget - points.length);
        series.push({ label: metadata.label, unit: metadata.unit, points });
      }
      downloadTextFile(evolutionCsv(series, format), CSV_FILE_NAME);
      message.destroy(MESSAGE_KEY);
    } catch (error) {
      const content =
        error instanceof TooManyRawPoints
          ? t('explorer.settings.rawTooMany', { max: error.maxPoints.toLocaleString(format.locale) })
          : t('explorer.settings.rawFailed');
      void message.error({ key: MESSAGE_KEY, content });
    }
  };
}
