import { DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  RANGE_PRESETS,
  isFutureDay,
  normalizeRange,
  resolveRangeSelection,
  type RangeSelection,
} from '../../lib/date-ranges';

interface RangeSelectorProps {
  value: RangeSelection;
  onChange: (value: RangeSelection) => void;
}

// The date range of the parameter selection: a preset, or dates picked in the calendar, which then count as
// "custom" (spec part 2 §4). Weeks start on Monday in Spanish (dayjs locale); no day after today.
export function RangeSelector({ value, onChange }: RangeSelectorProps) {
  const { t } = useTranslation();
  const now = dayjs();
  const shown = resolveRangeSelection(value, now);
  const choices = [...RANGE_PRESETS, 'custom' as const];

  return (
    <Flex gap={8} wrap>
      <Select
        aria-label={t('dateRange.preset')}
        style={{ width: 180 }}
        value={value.choice}
        options={choices.map((choice) => ({ value: choice, label: t(`dateRange.${choice}`) }))}
        onChange={(choice) => onChange(choice === 'custom' ? { choice, range: shown } : { choice })}
      />
      <DatePicker.RangePicker
        aria-label={t('dateRange.label')}
        showTime={{ format: 'HH:mm:ss' }}
        format="YYYY-MM-DD HH:mm:ss"
        allowClear={false}
        value={[dayjs(shown.startDate), dayjs(shown.endDate)]}
        disabledDate={(day: Dayjs) => isFutureDay(day, now)}
        onChange={(dates) => {
          const range =
            dates?.[0] && dates[1] && normalizeRange(dates[0].valueOf(), dates[1].valueOf(), Date.now());
          if (range) onChange({ choice: 'custom', range });
        }}
      />
    </Flex>
  );
}
