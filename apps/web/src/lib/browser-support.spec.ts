import { missingBrowserFeatures } from './browser-support';

describe('missingBrowserFeatures', () => {
  it('finds nothing missing in a browser with everything the app needs', () => {
    expect(missingBrowserFeatures(globalThis)).toEqual([]);
  });

  it('names what an older browser lacks', () => {
    const olderBrowser = {
      ...globalThis,
      fetch: globalThis.fetch,
      AbortController: globalThis.AbortController,
      localStorage: globalThis.localStorage,
      Intl: globalThis.Intl,
      ResizeObserver: undefined,
      Object: { ...Object, hasOwn: undefined },
      Array: { prototype: {} },
    } as unknown as typeof globalThis;
    expect(missingBrowserFeatures(olderBrowser)).toEqual([
      'ResizeObserver',
      'Array.prototype.at (ES2022)',
      'Object.hasOwn (ES2022)',
    ]);
  });
});
