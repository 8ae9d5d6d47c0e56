import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ALERT_DURATION_SECONDS } from '../config/ui';

/** Router state of a screen that hands the next one a success alert to show (spec part 1 §2). */
export interface ArrivalState {
  successAlert?: string;
}

// The success alert the previous screen passed, shown for 2 s (spec part 1 §8). It is taken out of the
// history entry at once, so going back or reloading does not show it again.
export function ArrivalAlert() {
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as ArrivalState | null)?.successAlert;
  const [text, setText] = useState(passed);

  useEffect(() => {
    if (passed)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [passed, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => setText(undefined), ALERT_DURATION_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [text]);

  return text ? <Alert type="success" showIcon title={text} style={{ marginBottom: 16 }} /> : null;
}
