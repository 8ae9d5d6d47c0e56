import { WarningOutlined } from '@ant-design/icons';
import { Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';

interface ReducedDataWarningProps {
  /** names the icon for screen readers */
  iconLabel: string;
  /** what was reduced and how to see every point */
  explanation: string;
  /** one line per reduced series; nothing shows without any */
  items: readonly { key: string; text: ReactNode }[];
}

// The warning icon beside a chart whose data the server reduced (spec part 2 §2): its tooltip lists the
// series concerned.
export function ReducedDataWarning({ iconLabel, explanation, items }: ReducedDataWarningProps) {
  const { token } = theme.useToken();
  if (items.length === 0) return null;
  const title = (
    <>
      {explanation}
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {items.map(({ key, text }) => (
          <li key={key}>{text}</li>
        ))}
      </ul>
    </>
  );
  return (
    <Tooltip title={title}>
      <WarningOutlined
        role="img"
        aria-label={iconLabel}
        tabIndex={0}
        style={{ color: token.colorWarning, fontSize: 18 }}
      />
    </Tooltip>
  );
}
