import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** How we know a child is up: an HTTP URL answers 200, or a line of its output matches. */
export type Readiness = { url: string } | { line: RegExp }

export interface ChildSpec {
  /** Short name used as output prefix and in errors, e.g. "server". */
  name: string
  command: string
  args: string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Omit for a child that only has to run to completion (see runChild). */
  ready?: Readiness
  /** Print the child's output prefixed with its name. It is collected either way. */
  echo: boolean
  /** How long to wait for readiness (or completion). */
  timeoutMs: number
  /** Called when the child exits on its own after it was ready (not when we stop it). */
  onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null) => void
}

export interface RunningChild {
  name: string
  pid: number
  /** Last lines of the child's stdout and stderr, oldest first. */
  tail(): string[]
  /** Kills the child's whole process group; safe to call more than once. */
  stop(): Promise<void>
}

/** Raised when a child fails to start; the message ends with the child's last lines of output. */
export class ChildStartError extends Error {
  override name = 'ChildStartError'
}

const TAIL_LINES = 40
const STOP_GRACE_MS = 4000

// Every child is its own process-group leader (detached), so a terminal Ctrl-C does not hit it before we decide,
// and killing the group also reaches grandchildren (npx, workers). If this process dies without stopping them,
// the exit hook below still takes them down so no anvil or vite is left holding a port.
const liveGroups = new Set<number>()
let exitHookInstalled = false
function trackGroup(pid: number) {
  liveGroups.add(pid)
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const group of liveGroups) signalGroup(group, 'SIGKILL')
  })
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false // group already gone
  }
}

/**
 * Whether any process of the group still runs. Zombies do not count: an orphaned grandchild that already died
 * waits for PID 1 to reap it, which some container inits never do, and signal 0 still "finds" it.
 */
function groupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false // signal 0 only checks existence
  if (process.platform !== 'linux') return true
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // After "pid (comm) ": state, ppid, pgrp, …  (comm may contain spaces, hence lastIndexOf)
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(pgrp) === pgid && state !== 'Z') return true
    } catch {
      // process ended while we looked
    }
  }
  return false
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Resolves `onTimeout` after ms unless `work` settles first; the timer is cleared so it never holds the process open. */
async function withDeadline<T, U>(work: Promise<T>, ms: number, onTimeout: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<U>((resolve) => (timer = setTimeout(() => resolve(onTimeout), ms)))
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Stops every child this process started that is still running: SIGTERM to each group, SIGKILL to what is left
 * after a grace period. For a Ctrl-C that arrives while the stack is still starting.
 */
export async function stopAllChildren(graceMs = 3000): Promise<void> {
  const groups = [...liveGroups]
  for (const group of groups) signalGroup(group, 'SIGTERM')
  for (let waited = 0; waited < graceMs && groups.some(groupAlive); waited += 50) await sleep(50)
  for (const group of groups) signalGroup(group, 'SIGKILL')
  liveGroups.clear()
}

function prefixFor(name: string): string {
  const label = `[${name}]`
  return process.stdout.isTTY ? `\x1b[2m${label}\x1b[0m ` : `${label} `
}

function spawnGroup(spec: ChildSpec) {
  const child: ChildProcess = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const prefix = prefixFor(spec.name)
  const lineListeners = new Set<(line: string) => void>()
  const collect = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return
    let partial = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split(/\r?\n/)
      partial = parts.pop() ?? ''
      for (const line of parts) onLine(line)
    })
    stream.on('end', () => {
      if (partial) onLine(partial)
      partial = ''
    })
  }
  const onLine = (line: string) => {
    lines.push(line)
    if (lines.length > TAIL_LINES) lines.shift()
    if (spec.echo) process.stdout.write(`${prefix}${line}\n`)
    for (const listener of lineListeners) listener(line)
  }
  collect(child.stdout)
  collect(child.stderr)

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
    child.once('error', () => resolve({ code: null, signal: null })) // e.g. ENOENT; reported via spawnError
  })
  let spawnError: Error | undefined
  child.once('error', (err) => (spawnError = err))
  if (child.pid) trackGroup(child.pid)
  return { child, lines, lineListeners, exited, getSpawnError: () => spawnError }
}

function failure(spec: ChildSpec, what: string, lines: string[]): ChildStartError {
  const tail = lines.length ? `\n--- last output of ${spec.name} ---\n${lines.join('\n')}` : ''
  return new ChildStartError(`${spec.name} ${what}${tail}`)
}

function describeExit(code: number | null, signal: NodeJS.Signals | null) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`
}

async function waitForUrl(url: string, isStopped: () => boolean): Promise<void> {
  while (!isStopped()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await res.body?.cancel()
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    await sleep(150)
  }
}

/** Starts a long-running child and resolves once it is ready; on failure it is stopped and the error shows its output. */
export async function startChild(spec: ChildSpec): Promise<RunningChild> {
  const { child, lines, lineListeners, exited, getSpawnError } = spawnGroup(spec)
  const pid = child.pid

  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      if (!pid) return
      signalGroup(pid, 'SIGTERM')
      const done = await withDeadline(
        exited.then(() => true),
        STOP_GRACE_MS,
        false,
      )
      if (!done) signalGroup(pid, 'SIGKILL')
      // The leader may be gone while grandchildren linger a moment; give them a short grace, then SIGKILL.
      for (let i = 0; i < 20 && groupAlive(pid); i++) await sleep(50)
      if (groupAlive(pid)) signalGroup(pid, 'SIGKILL')
      await exited
      liveGroups.delete(pid)
    })())

  const running: RunningChild = { name: spec.name, pid: pid ?? -1, tail: () => [...lines], stop }
  let ready = false
  let readyWaitOver = false

  const readiness = new Promise<void>((resolve) => {
    if (!spec.ready) return resolve()
    if ('url' in spec.ready) {
      waitForUrl(spec.ready.url, () => readyWaitOver).then(resolve)
    } else {
      const pattern = spec.ready.line
      if (lines.some((l) => pattern.test(l))) return resolve()
      lineListeners.add((line) => pattern.test(line) && resolve())
    }
  })

  const outcome = await withDeadline(
    Promise.race([readiness.then(() => 'ready' as const), exited.then(() => 'exited' as const)]),
    spec.timeoutMs,
    'timeout' as const,
  )
  readyWaitOver = true

  if (outcome === 'ready') {
    ready = true
    exited.then(({ code, signal }) => {
      if (ready && !stopping) {
        if (pid) liveGroups.delete(pid)
        spec.onUnexpectedExit?.(code, signal)
      }
    })
    return running
  }

  if (outcome === 'exited') {
    const { code, signal } = await exited
    await stop()
    const spawnError = getSpawnError()
    if (spawnError) throw failure(spec, `could not be started: ${spawnError.message}`, lines)
    throw failure(spec, `${describeExit(code, signal)} before it was ready`, lines)
  }
  await stop()
  const target = spec.ready && 'url' in spec.ready ? ` (${spec.ready.url} did not answer 200)` : ''
  throw failure(spec, `was not ready after ${Math.round(spec.timeoutMs / 1000)} s${target}`, lines)
}

/** Runs a child to completion (e.g. a build step); throws with its last output if it fails or times out. */
export async function runChild(spec: Omit<ChildSpec, 'ready' | 'onUnexpectedExit'>): Promise<void> {
  const { child, lines, exited, getSpawnError } = spawnGroup(spec)
  const outcome = await withDeadline(exited, spec.timeoutMs, 'timeout' as const)
  if (child.pid) {
    if (outcome === 'timeout') signalGroup(child.pid, 'SIGKILL')
    liveGroups.delete(child.pid)
  }
  if (outcome === 'timeout') throw failure(spec, `did not finish within ${Math.round(spec.timeoutMs / 1000)} s`, lines)
  const spawnError = getSpawnError()
  if (spawnError) throw failure(spec, `could not be started: ${spawnError.message}`, lines)
  if (outcome.code !== 0) throw failure(spec, describeExit(outcome.code, outcome.signal), lines)
}
