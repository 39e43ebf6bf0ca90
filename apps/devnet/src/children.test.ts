import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ChildStartError, runChild, startChild } from './children.ts'

const node = process.execPath
/** Running, and not a zombie (an orphan that died may wait long for PID 1 to reap it in containers). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  if (process.platform !== 'linux') return true
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

// A tiny HTTP server that also spawns a grandchild, like `npx vite` does, and prints the grandchild's pid.
const SERVER_WITH_GRANDCHILD = `
  const { spawn } = require('node:child_process')
  const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  console.log('grandchild ' + grandchild.pid)
  require('node:http').createServer((req, res) => res.end('ok')).listen(Number(process.argv[1]), '127.0.0.1')
`

describe('startChild', () => {
  it('waits until the URL answers 200, then stop() takes down the whole process group, once', async () => {
    const child = await startChild({
      name: 'web',
      command: node,
      args: ['-e', SERVER_WITH_GRANDCHILD, '18611'],
      ready: { url: 'http://127.0.0.1:18611/' },
      echo: false,
      timeoutMs: 10_000,
    })
    expect((await fetch('http://127.0.0.1:18611/')).status).toBe(200)
    const grandchild = Number(
      child
        .tail()
        .find((l) => l.startsWith('grandchild '))
        ?.split(' ')[1],
    )
    expect(alive(grandchild)).toBe(true)

    await Promise.all([child.stop(), child.stop()])
    expect(alive(child.pid)).toBe(false)
    expect(alive(grandchild)).toBe(false)
  })

  it('reports a child that exits before it is ready, with its last output', async () => {
    const attempt = startChild({
      name: 'broken',
      command: node,
      args: ['-e', 'console.log("loading config"); console.error("boom: bad config"); process.exit(3)'],
      ready: { url: 'http://127.0.0.1:18612/' },
      echo: false,
      timeoutMs: 10_000,
    })
    await expect(attempt).rejects.toBeInstanceOf(ChildStartError)
    const message = await attempt.catch((e: Error) => e.message)
    expect(message).toMatch(/^broken exited with code 3 before it was ready/)
    expect(message).toContain('boom: bad config')
  })

  it('gives up after the timeout and kills the child', async () => {
    const attempt = startChild({
      name: 'silent',
      command: node,
      args: ['-e', 'console.log("pid " + process.pid); setInterval(() => {}, 1000)'],
      ready: { line: /never printed/ },
      echo: false,
      timeoutMs: 500,
    })
    const message = await attempt.then(
      () => '',
      (e: Error) => e.message,
    )
    expect(message).toMatch(/silent was not ready after/)
    const pid = Number(/pid (\d+)/.exec(message)?.[1])
    expect(alive(pid)).toBe(false)
  })

  it('can be ready on a line of output', async () => {
    const child = await startChild({
      name: 'liner',
      command: node,
      args: ['-e', 'setTimeout(() => console.log("Listening on 1.2.3.4"), 100); setInterval(() => {}, 1000)'],
      ready: { line: /Listening on/ },
      echo: false,
      timeoutMs: 5_000,
    })
    await child.stop()
  })

  it('reports a command that cannot be spawned', async () => {
    const attempt = startChild({
      name: 'ghost',
      command: '/nonexistent/binary',
      args: [],
      ready: { line: /x/ },
      echo: false,
      timeoutMs: 5_000,
    })
    await expect(attempt).rejects.toThrow(/ghost could not be started/)
  })
})

describe('runChild', () => {
  it('resolves when the command succeeds and throws with output when it fails', async () => {
    await runChild({ name: 'ok', command: node, args: ['-e', 'process.exit(0)'], echo: false, timeoutMs: 5_000 })
    await expect(
      runChild({
        name: 'build',
        command: node,
        args: ['-e', 'console.error("syntax error in App.tsx"); process.exit(1)'],
        echo: false,
        timeoutMs: 5_000,
      }),
    ).rejects.toThrow(/build exited with code 1[\s\S]*syntax error in App.tsx/)
  })
})
