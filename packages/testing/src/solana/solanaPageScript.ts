/**
 * The page half of the Solana test wallet, injected with `addInitScript` into every frame. Plain JavaScript text, so
 * no TypeScript or bundler transform can slip helpers into it.
 *
 * It builds a Wallet Standard wallet (`standard:connect`, `standard:disconnect`, `standard:events`,
 * `solana:signMessage`, `solana:signTransaction`, `solana:signAndSendTransaction`) whose feature calls cross the
 * exposed binding to Node, registers it by the Wallet Standard's window protocol (it dispatches
 * `wallet-standard:register-wallet` and answers `wallet-standard:app-ready`), and keeps a handle under
 * `Symbol.for('foyer.solanaTestWallet.<name>')` that Node uses to deliver account changes. Bytes cross the binding
 * as `{ $bytes: <base64> }`.
 */

export interface SolanaPageScriptConfig {
  name: string
  icon: string
  chains: readonly string[]
  /** Name of the binding exposed on window by `exposeBinding`. */
  binding: string
}

export const solanaHandleKey = (name: string) => `foyer.solanaTestWallet.${name}`

// biome-ignore lint/complexity/noUselessStringRaw: the injected script's source: String.raw keeps any backslash it gains later literal
const source = String.raw`
(function foyerSolanaTestWallet(cfg) {
  var KEY = Symbol.for('foyer.solanaTestWallet.' + cfg.name);
  if (window[KEY]) return;

  function toWire(value) {
    if (value instanceof Uint8Array) {
      var s = '';
      for (var i = 0; i < value.length; i++) s += String.fromCharCode(value[i]);
      return { $bytes: btoa(s) };
    }
    if (Array.isArray(value)) return value.map(toWire);
    if (value && typeof value === 'object') {
      var out = {};
      Object.keys(value).forEach(function (k) { out[k] = toWire(value[k]); });
      return out;
    }
    return value;
  }
  function fromWire(value) {
    if (Array.isArray(value)) return value.map(fromWire);
    if (value && typeof value === 'object') {
      if (typeof value.$bytes === 'string') {
        var s = atob(value.$bytes);
        var bytes = new Uint8Array(s.length);
        for (var i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
        return bytes;
      }
      var out = {};
      Object.keys(value).forEach(function (k) { out[k] = fromWire(value[k]); });
      return out;
    }
    return value;
  }

  // One object per account address, as a wallet hands out the same account until it changes.
  var knownAccounts = new Map();
  function toAccount(wire) {
    var a = fromWire(wire);
    var known = knownAccounts.get(a.address);
    if (known) return known;
    var account = Object.freeze({
      address: a.address,
      publicKey: a.publicKey,
      chains: Object.freeze(a.chains.slice()),
      features: Object.freeze(a.features.slice()),
      label: a.label,
    });
    knownAccounts.set(a.address, account);
    return account;
  }

  var accounts = [];
  var listeners = [];
  function setAccounts(wireAccounts) {
    accounts = Object.freeze((wireAccounts || []).map(toAccount));
    listeners.slice().forEach(function (fn) {
      try { fn({ accounts: accounts }); } catch (err) { setTimeout(function () { throw err; }); }
    });
  }

  function call(method, params) {
    var binding = window[cfg.binding];
    if (typeof binding !== 'function')
      return Promise.reject(new Error('Foyer Solana test wallet: the test runner side is not reachable'));
    return binding({ type: 'request', method: method, params: toWire(params) }).then(function (res) {
      if (res && res.error) {
        var err = new Error(res.error.message);
        err.name = res.error.name;
        if (res.error.code !== undefined) err.code = res.error.code;
        throw err;
      }
      return res ? fromWire(res.result) : undefined;
    });
  }
  // A signing input names its account; only the address crosses (Node holds the account).
  function inputs(list) {
    return list.map(function (input) {
      var copy = Object.assign({}, input);
      if (input && input.account) copy.account = { address: input.account.address };
      return copy;
    });
  }

  var versions = ['legacy', 0];
  var wallet = Object.freeze({
    version: '1.0.0',
    name: cfg.name,
    icon: cfg.icon,
    chains: Object.freeze(cfg.chains.slice()),
    get accounts() { return accounts; },
    features: Object.freeze({
      'standard:connect': {
        version: '1.0.0',
        connect: function (input) {
          return call('standard:connect', input || {}).then(function (out) {
            var list = out.accounts.map(toAccount);
            if (list.length) accounts = Object.freeze(list);
            return { accounts: list };
          });
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: function () {
          return call('standard:disconnect', null).then(function () { accounts = Object.freeze([]); });
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: function (event, listener) {
          if (event !== 'change') return function () {};
          listeners.push(listener);
          return function () { listeners = listeners.filter(function (l) { return l !== listener; }); };
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: function () { return call('solana:signMessage', inputs([].slice.call(arguments))); },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: versions,
        signTransaction: function () { return call('solana:signTransaction', inputs([].slice.call(arguments))); },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: versions,
        signAndSendTransaction: function () {
          return call('solana:signAndSendTransaction', inputs([].slice.call(arguments)));
        },
      },
    }),
  });

  Object.defineProperty(window, KEY, {
    value: Object.freeze({ change: setAccounts, wallet: wallet }),
    enumerable: false,
    configurable: false,
    writable: false,
  });

  // The Wallet Standard's register protocol: the app may have started before or after this script.
  function register(api) { api.register(wallet); }
  window.addEventListener('wallet-standard:app-ready', function (event) { register(event.detail); });
  try {
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  } catch (err) { /* no CustomEvent: nothing to register with */ }

  // A site the user connected before sees its account at once, as after a reload in a real wallet.
  var binding = window[cfg.binding];
  if (typeof binding === 'function')
    binding({ type: 'hello' }).then(function (res) { if (res && res.accounts && res.accounts.length) setAccounts(res.accounts); }, function () {});
})`

/** The init script text for one wallet. */
export function solanaPageScript(config: SolanaPageScriptConfig): string {
  return `${source}(${JSON.stringify(config)});`
}
