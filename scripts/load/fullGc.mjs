// Preloaded into a server under soak with `--full-gc` (node --expose-gc --import): a full garbage collection every
// FOYER_SOAK_GC_SECONDS (default 5), so the process's RSS follows its live memory instead of V8's lazy heap growth.
const seconds = Number(process.env.FOYER_SOAK_GC_SECONDS ?? 5)
if (typeof globalThis.gc !== 'function') throw new Error('fullGc.mjs: start node with --expose-gc')
setInterval(() => globalThis.gc(), seconds * 1000).unref()
