import { DatePicker, Flex } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isFutureDay, type DateRange } from '../../lib/date-ranges';

// Spec part 2 §9: dates show as DD MMMM YYYY / HH:mm:ss.
const DATE_TIME_FORMAT = 'DD MMMM YYYY / HH:mm:ss';

interface FromToFilterProps {
  value: DateRange;
  onChange: (value: DateRange) => void;
}

// The From and To filters above the chart. They edit a draft that Explore applies; a date after now is
// moved back to now, since dates cannot be in the future.
export function FromToFilter({ value, onChange }: FromToFilterProps) {
  const { t } = useTranslation();
  const now = dayjs();
  const picker = (label: string, epochMs: number, set: (epochMs: number) => DateRange) => (
    <DatePicker
      aria-label={label}
      placeholder={label}
      showTime
      format={DATE_TIME_FORMAT}
      allowClear={false}
      style={{ width: 250 }}
      value={dayjs(epochMs)}
      disabledDate={(day: Dayjs) => isFutureDay(day, now)}
      onChange={(date: Dayjs | null) => date && onChange(set(Math.min(date.valueOf(), Date.now())))}
    />
  );
  return (
    <Flex gap={8} wrap align="center">
      {picker(t('dateRange.from'), value.startDate, (startDate) => ({ ...value, startDate }))}
      {picker(t('dateRange.to'), value.endDate, (endDate) => ({ ...value, endDate }))}
    </Flex>
  );
}
