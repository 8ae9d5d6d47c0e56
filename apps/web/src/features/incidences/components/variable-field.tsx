import type { VariableMinimalDto } from '@plantlens/contracts';
import { VariableSelect } from '../../../components/variable-pickers/variable-select';

interface VariableFieldProps {
  /** given by the surrounding Form.Item */
  value?: VariableMinimalDto | null;
  onChange?: (variable: VariableMinimalDto) => void;
  takenIds: readonly number[];
  'aria-label': string;
}

// The explorer's variable picker as a form control of the rule forms (one picker for the whole app).
export function VariableField({ value, onChange, takenIds, 'aria-label': ariaLabel }: VariableFieldProps) {
  return (
    <VariableSelect
      value={value ?? null}
      takenIds={takenIds}
      onChange={(variable) => onChange?.(variable)}
      aria-label={ariaLabel}
    />
  );
}
