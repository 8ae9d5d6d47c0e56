import { useState } from 'react';
import { normalizeRange, type DateRange } from '../../../lib/date-ranges';

const sameRange = (a: DateRange, b: DateRange) => a.startDate === b.startDate && a.endDate === b.endDate;

interface RangeDraftActions {
  /** writes a new range to the address */
  apply: (range: DateRange) => void;
  /** asks the server again for the range already shown */
  reload: () => void;
}

/**
 * The From/To filters over an explorer chart edit a draft of the address's range, which Explore applies
 * (or, unchanged, reloads); a new range in the address (zoom, Back) replaces the draft.
 */
export function useRangeDraft(range: DateRange, { apply, reload }: RangeDraftActions) {
  const [draft, setDraft] = useState(range);
  const [draftOf, setDraftOf] = useState(range);
  if (!sameRange(draftOf, range)) {
    setDraftOf(range);
    setDraft(range);
  }
  const explore = () => {
    const next = normalizeRange(draft.startDate, draft.endDate, Date.now());
    if (!next) return;
    if (sameRange(next, range)) reload();
    else apply(next);
  };
  /** whether the range on screen is the one in the address */
  return { draft, setDraft, explore, applied: sameRange(draft, range) };
}
