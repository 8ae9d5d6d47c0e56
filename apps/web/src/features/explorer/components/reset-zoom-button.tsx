import { ZoomOutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { DateRange } from '../../../lib/date-ranges';

// A zoom is a new address (and history entry) whose state remembers the range the first zoom started from;
// a pasted link or a change of dates has none, so the button shows only while the user is zoomed in.
export interface ZoomHistoryState {
  zoomedFrom: DateRange;
}

export function zoomedFrom(state: unknown): DateRange | null {
  const range = (state as Partial<ZoomHistoryState> | null)?.zoomedFrom;
  return range && Number.isFinite(range.startDate) && Number.isFinite(range.endDate) ? range : null;
}

interface ResetZoomButtonProps {
  /** called with the range shown before the first zoom */
  onReset: (range: DateRange) => void;
}

export function ResetZoomButton({ onReset }: ResetZoomButtonProps) {
  const { t } = useTranslation();
  const origin = zoomedFrom(useLocation().state);
  if (!origin) return null;
  return (
    <Button icon={<ZoomOutOutlined />} onClick={() => onReset(origin)}>
      {t('explorer.evolution.resetZoom')}
    </Button>
  );
}
