import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

// A table-row icon that opens a screen, or a greyed icon when the row does not allow it.
export function IconLink({
  to,
  icon,
  label,
  disabled,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  disabled?: boolean;
}) {
  const button = <Button type="text" icon={icon} aria-label={label} disabled={disabled} />;
  return disabled ? button : <Link to={to}>{button}</Link>;
}
