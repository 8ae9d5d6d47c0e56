// jsdom with the web platform classes it lacks, taken from Node (the same standards): react-router's data
// router builds Requests and encodes text, RTK Query fetches.
// AbortController and AbortSignal come along because Node's Request accepts only its own signals.
const fs = require('node:fs');
const Module = require('node:module');

// jsdom matches selectors with nwsapi, which keeps its compiled selectors in an LRU cache of 1000 entries.
// antd's style sheets hold some 2400 distinct selectors, and getComputedStyle tries every rule in order:
// a cyclic walk over more keys than the cache holds misses every time, so each call recompiled all of
// them (a getByRole over an antd form took seconds). nwsapi offers no setting for it: its source is loaded
// here with a cache large enough for every selector, before jsdom requires it.
function loadNwsapiWithLargeCache() {
  const filename = require.resolve('nwsapi', { paths: [require.resolve('jsdom')] });
  const source = fs.readFileSync(filename, 'utf8');
  const limit = 'CACHE_LIMIT = 1000,';
  if (!source.includes(limit)) throw new Error(`nwsapi changed: no "${limit}" in ${filename}`);
  const patched = new Module(filename, module);
  patched.filename = filename;
  patched.paths = Module._nodeModulePaths(require('node:path').dirname(filename));
  patched._compile(source.replace(limit, 'CACHE_LIMIT = 100000,'), filename);
  patched.loaded = true;
  require.cache[filename] = patched;
}
loadNwsapiWithLargeCache();

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
