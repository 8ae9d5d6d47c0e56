import { useEffect, useRef, useState } from 'react';

// `value` once it has stopped changing for `delayMs`.
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

// A stable function that calls the latest `callback` once calls have stopped for `delayMs`; a pending call
// is dropped when the component goes.
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
): (...args: Args) => void {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const [debounced] = useState(() => (...args: Args) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(...args), delayMs);
  });
  return debounced;
}
