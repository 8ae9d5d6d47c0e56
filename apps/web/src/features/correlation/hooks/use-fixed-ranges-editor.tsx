import { useState } from 'react';
import { FixedRangesModal, type AxisRanges, type RangeAxis } from '../components/fixed-ranges-modal';

const NO_FIXED_RANGES: AxisRanges = { x: null, y: null, z: null };

/**
 * The Fixed ranges option of the correlation charts: `edit` opens the modal; Save hands `apply` the ranges
 * entered, Reset hands it no range on any axis, and both close the modal.
 */
export function useFixedRangesEditor(
  axes: readonly RangeAxis[],
  ranges: AxisRanges,
  apply: (ranges: AxisRanges) => void,
) {
  const [editing, setEditing] = useState(false);
  const close = () => setEditing(false);
  const modal = editing && (
    <FixedRangesModal
      open
      axes={axes}
      ranges={ranges}
      onSave={(entered) => {
        close();
        apply(entered);
      }}
      onReset={() => {
        close();
        apply(NO_FIXED_RANGES);
      }}
      onClose={close}
    />
  );
  return { edit: () => setEditing(true), modal };
}
