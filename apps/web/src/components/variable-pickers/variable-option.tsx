import type { VariableMinimalDto } from '@plantlens/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

// Spec part 2 §2: pickers list at most 30 variables, then say how many more match.
export const PICKER_VISIBLE_LIMIT = 30;
// Part 1 §9: tag and variable drop-downs are at most 220 px high.
export const PICKER_LIST_HEIGHT_PX = 220;

// A variable as pickers list it: label, unit, and the client reference engineers know it by.
export function VariableOptionLabel({ variable }: { variable: VariableMinimalDto }) {
  return (
    <span data-testid={`variable-option-${variable.clientReference}`}>
      {variable.label}
      {variable.unit && <Typography.Text type="secondary"> ({variable.unit})</Typography.Text>}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {' · '}
        {variable.clientReference}
      </Typography.Text>
    </span>
  );
}

// "and X more": the matches beyond the ones listed (total rows minus the 30 shown).
export function MoreMatches({ matches }: { matches: readonly VariableMinimalDto[] }) {
  const { t } = useTranslation();
  const more = hiddenMatches(matches);
  if (more <= 0) return null;
  return (
    <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px' }}>
      {t('variablePicker.more', { count: more })}
    </Typography.Text>
  );
}

export function hiddenMatches(matches: readonly VariableMinimalDto[]): number {
  const total = matches[0]?.totalRows ?? matches.length;
  return Math.max(0, total - PICKER_VISIBLE_LIMIT);
}
