/**
 * The page half of the test wallet, injected with `addInitScript` into every frame. It is kept as plain
 * JavaScript text so no TypeScript or bundler transform can slip helpers into it.
 *
 * It builds an EIP-1193 provider whose `request` goes through the exposed binding to Node, announces it per
 * EIP-6963 (now and on every `eip6963:requestProvider`), optionally sets `window.ethereum`, and keeps a
 * handle under `Symbol.for('foyer.testWallet.<uuid>')` that Node uses to deliver events.
 */

export interface PageScriptConfig {
  uuid: string
  name: string
  icon: string
  rdns: string
  /** Name of the binding exposed on window by `exposeBinding`. */
  binding: string
  injectWindowEthereum: boolean
}

export const handleKey = (uuid: string) => `foyer.testWallet.${uuid}`

// biome-ignore lint/complexity/noUselessStringRaw: the injected script's source: String.raw keeps any backslash it gains later literal
const source = String.raw`
(function foyerTestWallet(cfg) {
  var KEY = Symbol.for('foyer.testWallet.' + cfg.uuid);
  if (window[KEY]) return;

  class ProviderRpcError extends Error {
    constructor(code, message, data) {
      super(message);
      this.name = 'ProviderRpcError';
      this.code = code;
      if (data !== undefined) this.data = data;
    }
  }

  var listeners = new Map();
  function listenersOf(event) {
    var list = listeners.get(event);
    if (!list) { list = []; listeners.set(event, list); }
    return list;
  }
  function emit(event, payload) {
    if (event === 'chainChanged') provider.chainId = payload;
    var list = listeners.get(event);
    if (!list || !list.length) return false;
    list.slice().forEach(function (fn) {
      try { fn.call(provider, payload); } catch (err) { setTimeout(function () { throw err; }); }
    });
    return true;
  }
  function call(message) {
    var binding = window[cfg.binding];
    if (typeof binding !== 'function')
      return Promise.reject(new ProviderRpcError(4900, 'Foyer test wallet: the test runner side is not reachable'));
    return binding(message);
  }

  var provider = {
    isFoyerTestWallet: true,
    chainId: null,
    request: function (args) {
      if (!args || typeof args !== 'object' || Array.isArray(args) || typeof args.method !== 'string' || !args.method)
        return Promise.reject(new ProviderRpcError(-32600, 'Invalid request: expected { method: string, params? }'));
      var params = args.params === undefined ? [] : args.params;
      if (params === null || typeof params !== 'object')
        return Promise.reject(new ProviderRpcError(-32602, 'Invalid params: params must be an array or an object'));
      return call({ type: 'request', method: args.method, params: params }).then(function (res) {
        if (res && res.error) throw new ProviderRpcError(res.error.code, res.error.message, res.error.data);
        return res ? res.result : null;
      }, function (err) {
        if (err instanceof ProviderRpcError) throw err;
        throw new ProviderRpcError(4900, 'Foyer test wallet: ' + (err && err.message ? err.message : String(err)));
      });
    },
    on: function (event, fn) { listenersOf(event).push(fn); return provider; },
    addListener: function (event, fn) { return provider.on(event, fn); },
    once: function (event, fn) {
      function wrapped(payload) { provider.removeListener(event, wrapped); fn.call(provider, payload); }
      wrapped.listener = fn;
      return provider.on(event, wrapped);
    },
    removeListener: function (event, fn) {
      var list = listeners.get(event);
      if (!list) return provider;
      for (var i = list.length - 1; i >= 0; i--) {
        if (list[i] === fn || list[i].listener === fn) { list.splice(i, 1); break; }
      }
      return provider;
    },
    off: function (event, fn) { return provider.removeListener(event, fn); },
    removeAllListeners: function (event) {
      if (event === undefined) listeners.clear(); else listeners.delete(event);
      return provider;
    },
    listenerCount: function (event) { var l = listeners.get(event); return l ? l.length : 0; },
    isConnected: function () { return true; },
    enable: function () { return provider.request({ method: 'eth_requestAccounts' }); },
  };

  var info = Object.freeze({ uuid: cfg.uuid, name: cfg.name, icon: cfg.icon, rdns: cfg.rdns });
  var detail = Object.freeze({ info: info, provider: provider });
  function announce() {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: detail }));
  }

  Object.defineProperty(window, KEY, {
    value: Object.freeze({ emit: emit, provider: provider, info: info }),
    enumerable: false,
    configurable: false,
    writable: false,
  });

  if (cfg.injectWindowEthereum) {
    try {
      Object.defineProperty(window, 'ethereum', { value: provider, configurable: true, writable: true, enumerable: true });
      window.dispatchEvent(new Event('ethereum#initialized'));
    } catch (err) { /* another script owns window.ethereum */ }
  }

  window.addEventListener('eip6963:requestProvider', announce);
  announce();

  call({ type: 'hello' }).then(function (res) {
    if (res && res.chainId) {
      provider.chainId = res.chainId;
      emit('connect', { chainId: res.chainId });
    }
  }, function () {});
})`

/** The init script text for one wallet. */
export function pageScript(config: PageScriptConfig): string {
  return `${source}(${JSON.stringify(config)});`
}
