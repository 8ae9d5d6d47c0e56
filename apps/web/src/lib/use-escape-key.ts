import { useEffect, useEffectEvent } from 'react';

// Where Escape already has a job: a dialog cancels (spec part 1 §4), an open drop-down list closes.
const HANDLES_ESCAPE = '[role="dialog"], [role="combobox"][aria-expanded="true"]';

// Anything open on the page that closes on Escape: a select's list, a dropdown menu, a date picker, a
// popover or pop-confirm, a modal, a drawer. Ant Design keeps closed overlays in the page with a
// `-hidden` class (modals hidden by style), so only open ones match.
const OPEN_OVERLAY = [
  '[role="combobox"][aria-expanded="true"]',
  '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  '.ant-dropdown:not(.ant-dropdown-hidden)',
  '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
  '.ant-popover:not(.ant-popover-hidden)',
  '.ant-modal-wrap:not([style*="display: none"])',
  '.ant-drawer-open',
].join(', ');

function hasOpenOverlay(): boolean {
  return document.querySelector(OPEN_OVERLAY) !== null;
}

interface EscapeKeyOptions {
  /** only when nothing else on the page is open: Escape closes that first (the side menu's case) */
  last?: boolean;
}

// Calls `onEscape` when Escape is pressed anywhere on the page while `active`, unless the focus is in an
// element that handles Escape itself: one press closes one thing.
export function useEscapeKey(onEscape: () => void, active: boolean, { last = false }: EscapeKeyOptions = {}) {
  const handleEscape = useEffectEvent(onEscape);
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest(HANDLES_ESCAPE)) return;
      if (last && hasOpenOverlay()) return;
      handleEscape();
    };
    // Capture: the page is seen as it was before any handler reacted (a list still open).
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [active, last]);
}
