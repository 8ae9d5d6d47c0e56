import { useEffect, useEffectEvent } from 'react';

// Where Escape already has a job: a dialog cancels (spec part 1 §4), an open drop-down list closes.
const HANDLES_ESCAPE = '[role="dialog"], [role="combobox"][aria-expanded="true"]';

// Calls `onEscape` when Escape is pressed anywhere on the page while `active`, unless the focus is in an
// element that handles Escape itself: one press closes one thing.
export function useEscapeKey(onEscape: () => void, active: boolean): void {
  const handleEscape = useEffectEvent(onEscape);
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest(HANDLES_ESCAPE)) return;
      handleEscape();
    };
    // Capture: the target is seen as it was before its own handlers reacted (a list still open).
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [active]);
}
