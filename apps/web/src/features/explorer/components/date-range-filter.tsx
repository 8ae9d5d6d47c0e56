import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RANGE_PRESETS, normalizeRange, presetRange } from '../date-ranges';
import type { DateRange } from '../explorer-query';

interface DateRangeFilterProps {
  range: DateRange;
  onChange: (range: DateRange) => void;
}

export function DateRangeFilter({ range, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const now = dayjs();
  const presets = RANGE_PRESETS.map((preset) => {
    const { startDate, endDate } = presetRange(preset, now);
    return {
      label: t(`explorer.range.${preset}`),
      value: [dayjs(startDate), dayjs(endDate)] as [Dayjs, Dayjs],
    };
  });

  return (
    <DatePicker.RangePicker
      aria-label={t('explorer.range.label')}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      allowClear={false}
      value={[dayjs(range.startDate), dayjs(range.endDate)]}
      presets={presets}
      disabledDate={(date) => date.isAfter(now, 'day')}
      onChange={(dates) => {
        const next =
          dates?.[0] && dates[1] && normalizeRange(dates[0].valueOf(), dates[1].valueOf(), Date.now());
        if (next) onChange(next);
      }}
    />
  );
}
