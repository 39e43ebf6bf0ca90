// Preloaded into a server under soak (node --expose-gc --import): every FOYER_SOAK_GC_SECONDS (default 5) a full
// garbage collection, then the process's memory right after it, one JSON line appended to FOYER_SOAK_MEMORY_FILE
// (when set): `{"at": <epoch ms>, "gcMs": <the collection's time>, "rss": <bytes>,
// "heapUsed": <bytes>, "external": <bytes>}`. Memory measured
// there is what the process keeps alive, not the garbage V8 has not collected yet.
import { appendFileSync } from 'node:fs'

const seconds = Number(process.env.FOYER_SOAK_GC_SECONDS ?? 5)
const file = process.env.FOYER_SOAK_MEMORY_FILE
if (typeof globalThis.gc !== 'function') throw new Error('fullGc.mjs: start node with --expose-gc')
setInterval(() => {
  const started = performance.now()
  globalThis.gc()
  const gcMs = Math.round((performance.now() - started) * 10) / 10
  if (!file) return
  const { rss, heapUsed, external } = process.memoryUsage()
  appendFileSync(file, `${JSON.stringify({ at: Date.now(), gcMs, rss, heapUsed, external })}\n`)
}, seconds * 1000).unref()
