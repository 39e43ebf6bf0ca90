/** FOYER_FRAME_DIR turns the frame host on; bad values are configuration errors naming the variable. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, type ServerConfig } from '../config.ts'
import { silentLogger } from '../log.ts'
import type { ProjectStore } from '../projects/store.ts'
import { loadFrameHostSettings, startFrameHost } from './frameServer.ts'

describe('frame host settings', () => {
  const build = mkdtempSync(path.join(tmpdir(), 'foyer-frame-settings-'))
  writeFileSync(path.join(build, 'index.html'), '<!doctype html>')
  afterAll(() => rmSync(build, { recursive: true, force: true }))

  it('is off without FOYER_FRAME_DIR, on with it (port 5174 and the server host by default)', () => {
    expect(loadFrameHostSettings({}, { host: '127.0.0.1' })).toBeUndefined()
    expect(loadFrameHostSettings({ FOYER_FRAME_DIR: build }, { host: '0.0.0.0' })).toEqual({
      distDir: build,
      host: '0.0.0.0',
      port: 5174,
    })
    expect(
      loadFrameHostSettings(
        { FOYER_FRAME_DIR: build, FOYER_FRAME_PORT: '6000', FOYER_FRAME_HOST: '::1' },
        { host: '127.0.0.1' },
      ),
    ).toEqual({ distDir: build, host: '::1', port: 6000 })
  })

  it('names each wrong variable', () => {
    const issues = (env: Record<string, string>) => {
      try {
        loadFrameHostSettings(env, { host: '127.0.0.1' })
        return []
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError)
        return (e as ConfigError).issues.map((i) => i.path)
      }
    }
    expect(issues({ FOYER_FRAME_DIR: path.join(build, 'missing') })).toEqual(['FOYER_FRAME_DIR'])
    expect(issues({ FOYER_FRAME_DIR: build, FOYER_FRAME_PORT: '70000' })).toEqual(['FOYER_FRAME_PORT'])
    expect(issues({ FOYER_FRAME_DIR: build, FOYER_FRAME_PORT: 'http' })).toEqual(['FOYER_FRAME_PORT'])
    expect(issues({ FOYER_FRAME_DIR: build, FOYER_FRAME_HOST: 'a b;c' })).toEqual(['FOYER_FRAME_HOST'])
  })
})

describe('frame host listening', () => {
  it('answers over real HTTP on its own port with the headers, GET and HEAD, and closes', async () => {
    const build = mkdtempSync(path.join(tmpdir(), 'foyer-frame-listen-'))
    writeFileSync(path.join(build, 'index.html'), '<!doctype html><title>frame</title>')
    const config: ServerConfig = loadConfig(
      { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data' },
      { repoRoot: '/nonexistent' },
    )
    const projects = {
      get: async (id: string) => (id === 'p' ? { allowedOrigins: ['https://site.example'] } : undefined),
    } as unknown as ProjectStore
    const host = await startFrameHost({
      settings: { distDir: build, host: '127.0.0.1', port: 0 },
      config,
      projects,
      logger: silentLogger,
    })
    try {
      const page = await fetch(`${host.url}/?projectId=p`)
      expect(await page.text()).toContain('<title>frame</title>')
      expect(page.headers.get('content-security-policy')).toContain('frame-ancestors https://site.example')
      const head = await fetch(`${host.url}/?projectId=nope`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    } finally {
      await host.close()
      rmSync(build, { recursive: true, force: true })
    }
    await expect(fetch(`${host.url}/`)).rejects.toThrow()
  })
})
