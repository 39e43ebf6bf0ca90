// A deliberate leak, for the soak's own test only (scripts/load/soak.test.ts): preloaded into a server (node
// --import), it keeps FOYER_SOAK_LEAK_KIB (default 512) KiB of JavaScript heap alive for every request to
// FOYER_SOAK_LEAK_PATH, so the soak's memory verdict has a server that must fail it.
import http from 'node:http'

const path = process.env.FOYER_SOAK_LEAK_PATH ?? '/v1/leak'
const doubles = (Number(process.env.FOYER_SOAK_LEAK_KIB ?? 512) * 1024) / 8
const kept = []
const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (event, request, ...rest) {
  if (event === 'request' && request?.url?.startsWith(path))
    kept.push(Array.from({ length: doubles }, (_, i) => i + 0.5))
  return emit.call(this, event, request, ...rest)
}
