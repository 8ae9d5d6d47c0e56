import { act, renderHook } from '@testing-library/react';
import { useDelayedFlag } from './use-delayed-flag';

describe('useDelayedFlag', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stays false for requests shorter than the delay', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 500), {
      initialProps: { active: true },
    });
    act(() => jest.advanceTimersByTime(499));
    expect(result.current).toBe(false);
    rerender({ active: false });
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
  });

  it('turns true once active for the whole delay, and false as soon as it ends', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 500), {
      initialProps: { active: true },
    });
    act(() => jest.advanceTimersByTime(500));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });
});
