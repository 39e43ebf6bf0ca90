/**
 * Child processes of the fault stack: spawned with their output kept (the last lines, bounded), stopped by pid
 * (never by name), and waited for with bounded loops only.
 */
import { type ChildProcess, spawn } from 'node:child_process'

const KEPT_LINES = 400

export interface Child {
  readonly name: string
  readonly proc: ChildProcess
  /** The last lines the process wrote (stdout and stderr). */
  readonly lines: string[]
  /** Resolves with the exit code and signal once the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  running(): boolean
  /** Sends `signal` and waits at most `ms` for the exit; returns how long the exit took (ms), or throws. */
  signal(signal: NodeJS.Signals, ms?: number): Promise<number>
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Child {
  const proc = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  let buffered = ''
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    const parts = buffered.split('\n')
    buffered = parts.pop()!
    lines.push(...parts.filter(Boolean))
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES)
  }
  proc.stdout!.on('data', onData)
  proc.stderr!.on('data', onData)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, signal) => resolve({ code, signal }))
    proc.once('error', (error) => {
      lines.push(`spawn failed: ${error.message}`)
      resolve({ code: -1, signal: null })
    })
  })
  const running = () => proc.exitCode === null && proc.signalCode === null && proc.pid !== undefined
  return {
    name,
    proc,
    lines,
    exited,
    running,
    async signal(signal, ms = 20_000) {
      const started = performance.now()
      if (!running()) return 0
      proc.kill(signal)
      await within(exited, ms, `${name} did not exit within ${ms} ms of ${signal}`)
      return Math.round(performance.now() - started)
    },
  }
}

/** Stops a child if it still runs: SIGTERM, then SIGKILL after `ms`. Never throws (teardown). */
export async function stopChild(child: Child | undefined, ms = 10_000): Promise<void> {
  if (!child?.running()) return
  try {
    await child.signal('SIGTERM', ms)
  } catch {
    child.proc.kill('SIGKILL')
    await within(child.exited, 5_000, '').catch(() => {})
  }
}

export function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

/** Polls `probe` every `everyMs` until it returns a value other than undefined, at most `ms`. */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms: number,
  { everyMs = 50, child }: { everyMs?: number; child?: Child } = {},
): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (child && !child.running())
      throw new Error(`${child.name} exited while waiting for ${what}:\n${child.lines.slice(-30).join('\n')}`)
    if (Date.now() > until)
      throw new Error(
        `timed out after ${ms} ms waiting for ${what}${child ? `\n${child.lines.slice(-30).join('\n')}` : ''}`,
      )
    await sleep(everyMs)
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
