// jsdom with the web platform classes it lacks, taken from Node (the same standards): react-router's data
// router builds Requests and encodes text, RTK Query fetches.
// AbortController and AbortSignal come along because Node's Request accepts only its own signals.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

// getComputedStyle (testing-library's role and name queries call it on every element they look at)
// matches the element against every rule of the page's style sheets, one nwsapi call per rule; antd's
// style sheets hold some 2,400 distinct selectors. nwsapi is loaded here, before jsdom requires it, with
// two changes that keep every answer the same:
// - its cache of compiled selectors holds 100,000 instead of 1,000: getComputedStyle's cyclic walk over
//   more selectors than the cache held missed every time and recompiled all of them on each call;
// - the instance jsdom matches style rules with (the one that never throws) first checks the classes the
//   rightmost part of the selector requires (`.ant-btn` in `:where(.css-x).ant-btn:hover`), so most rules
//   are refused without running the selector.
function loadNwsapiForStyleMatching() {
  const filename = require.resolve('nwsapi', { paths: [require.resolve('jsdom')] });
  const source = fs.readFileSync(filename, 'utf8');
  const limit = 'CACHE_LIMIT = 1000,';
  if (!source.includes(limit)) throw new Error(`nwsapi changed: no "${limit}" in ${filename}`);
  const loaded = new Module(filename, module);
  loaded.filename = filename;
  loaded.paths = Module._nodeModulePaths(path.dirname(filename));
  loaded._compile(source.replace(limit, 'CACHE_LIMIT = 100000,'), filename);
  loaded.loaded = true;
  const createEngine = loaded.exports;
  loaded.exports = (...args) => withClassPrefilter(createEngine(...args));
  require.cache[filename] = loaded;
}

function withClassPrefilter(engine) {
  const { configure, match } = engine;
  engine.configure = (option, clear) => {
    // jsdom's style matching instance is the one configured not to report errors.
    if (option && option.VERBOSITY === false) {
      engine.match = (selectors, element, callback) =>
        callback === undefined && mayMatch(selectors, element) === false
          ? false
          : match(selectors, element, callback);
    }
    return configure(option, clear);
  };
  return engine;
}

const requiredClassesBySelector = new Map();
const classSets = new Map();

// false only when no alternative of the selector can match the element for want of a class.
function mayMatch(selectors, element) {
  let alternatives = requiredClassesBySelector.get(selectors);
  if (alternatives === undefined) {
    alternatives = requiredClasses(selectors);
    requiredClassesBySelector.set(selectors, alternatives);
  }
  if (alternatives === null || element.ownerDocument.compatMode !== 'CSS1Compat') return true;
  const attribute = element.getAttribute('class') ?? '';
  let classes = classSets.get(attribute);
  if (!classes) {
    classes = new Set(attribute.split(/[\t\n\f\r ]+/));
    classSets.set(attribute, classes);
  }
  return alternatives.some((required) => required.every((name) => classes.has(name)));
}

// For each comma-separated alternative, the class names of its rightmost compound selector outside any
// parentheses (what :not(), :where() or :has() hold is left out); null when the selector is not plain
// enough to tell: no selector, escapes, strings, attribute selectors, non-ASCII names, or an alternative without a class.
function requiredClasses(selectors) {
  // At-rules such as @font-face reach here without a selector.
  if (typeof selectors !== 'string') return null;
  if (/[\\"'[|&]|[^ -~\s]/.test(selectors)) return null;
  let outside = selectors;
  for (let previous; previous !== outside;) {
    previous = outside;
    outside = outside.replace(/\([^()]*\)/g, '');
  }
  if (/[()]/.test(outside)) return null;
  const alternatives = [];
  for (const alternative of outside.split(',')) {
    const compounds = alternative.trim().split(/\s*[\s>+~]\s*/);
    const classes = compounds[compounds.length - 1].match(/\.[_a-zA-Z-][\w-]*/g);
    if (!classes) return null;
    alternatives.push(classes.map((name) => name.slice(1)));
  }
  return alternatives;
}
loadNwsapiForStyleMatching();

const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
];

function accessor(object, name) {
  for (let proto = object; proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return descriptor;
  }
  throw new Error(`no ${name} on ${object}`);
}

// Node's MessageChannel (React's scheduler and antd's forms use one), whose ports never keep jest from
// exiting: listening to a port references it again, so it is unreferenced after every listener change.
class UnrefMessageChannel extends MessageChannel {
  constructor() {
    super();
    for (const port of [this.port1, this.port2]) {
      const { get, set } = accessor(port, 'onmessage');
      Object.defineProperty(port, 'onmessage', {
        get: () => get.call(port),
        set: (listener) => {
          set.call(port, listener);
          port.unref();
        },
      });
      port.unref();
    }
  }
}

module.exports = class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    this.global.MessageChannel = UnrefMessageChannel;
    // fetch and Request come from Node too, resolving a relative address ('/api/…') against the
    // document's base URL as a browser does: a test serves the app's API from a real HTTP server by
    // pointing <base href> at it.
    const { document } = this.global;
    const resolve = (input) => (typeof input === 'string' ? new URL(input, document.baseURI).href : input);
    this.global.Request = class extends Request {
      constructor(input, init) {
        super(resolve(input), init);
      }
    };
    this.global.fetch = (input, init) => fetch(resolve(input), init);
  }
};
