import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A page's first visit in a test file loads its chunk (antd's table, forms…), then fetches from a real
// server: on a busy machine that takes seconds, far beyond the default 1 s wait.
configure({ asyncUtilTimeout: 15_000 });

// jsdom measures no layout: elements observed for their width never report one, and no media query matches.
class NoLayoutResizeObserver {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver;
// Some suites run in Node (`@jest-environment node`), without a window.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// Highcharts asks CSS.supports about the browser when it loads; jsdom's CSS object lacks it.
if (typeof window !== 'undefined' && window.CSS && typeof window.CSS.supports !== 'function') {
  window.CSS.supports = () => false;
}
// With a <base> element (TestApiServer adds one) Highcharts hit-tests a clip path once per page; jsdom
// has no layout, so no element is ever at a point.
if (typeof document !== 'undefined' && typeof document.elementFromPoint !== 'function') {
  document.elementFromPoint = () => null;
}
// Highcharts reads the computed style of every SVG element it lays out, and jsdom answers each call by
// matching every CSS rule of the page against it (antd's are many): a correlation page test spent 75 of its
// 93 s there. SVG elements get their inline style instead; jsdom lays nothing out either way.
if (typeof window !== 'undefined') {
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element, pseudoElement) =>
    element instanceof window.SVGElement && !pseudoElement
      ? element.style
      : computedStyle(element, pseudoElement);
}
