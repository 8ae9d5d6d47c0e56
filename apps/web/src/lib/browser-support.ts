// What the app needs from the browser beyond what its bundle's syntax already demands (a browser that
// cannot parse the bundle never runs it; index.html's `nomodule` script covers those). Each entry is
// a feature a screen uses without a fallback: charts and tables resize on ResizeObserver, every call
// is a fetch that can be aborted, and code relies on ES2022 library methods.
const REQUIRED_FEATURES: { name: string; present: (scope: typeof globalThis) => boolean }[] = [
  { name: 'fetch', present: (scope) => typeof scope.fetch === 'function' },
  { name: 'AbortController', present: (scope) => typeof scope.AbortController === 'function' },
  { name: 'ResizeObserver', present: (scope) => typeof scope.ResizeObserver === 'function' },
  {
    name: 'localStorage',
    present: (scope) => typeof scope.localStorage === 'object' && scope.localStorage !== null,
  },
  {
    name: 'Array.prototype.at (ES2022)',
    present: (scope) => typeof scope.Array?.prototype.at === 'function',
  },
  { name: 'Object.hasOwn (ES2022)', present: (scope) => typeof scope.Object?.hasOwn === 'function' },
  { name: 'Intl.DateTimeFormat', present: (scope) => typeof scope.Intl?.DateTimeFormat === 'function' },
];

/** The names of the required features the browser lacks; empty when it is supported. */
export function missingBrowserFeatures(scope: typeof globalThis = globalThis): string[] {
  return REQUIRED_FEATURES.filter(({ present }) => !present(scope)).map(({ name }) => name);
}
