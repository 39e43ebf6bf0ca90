/**
 * The console's project endpoints on PGlite and on Postgres (where the concurrent cases really race): the sub-app is
 * mounted on its own (the operator guard is the mounting app's), the database checked after every refusal.
 */
import { DEFAULT_FEATURES } from '@foyer/core/protocol'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { createLogger } from '../../log.ts'
import { ProjectStore } from '../../projects/store.ts'
import { describeEachBackend } from '../../test/eachBackend.ts'
import type { ConsoleProject } from '../contract.ts'
import { createConsoleProjectRoutes } from './consoleProjectRoutes.ts'

const SECRET = 'console-test-client-secret'
const GOOGLE = { clientId: 'google-client', clientSecret: SECRET, issuer: 'https://accounts.google.com' }
const GITHUB = {
  clientId: 'github-client',
  authorizationEndpoint: 'https://github.com/login/oauth/authorize',
  tokenEndpoint: 'https://github.com/login/oauth/access_token',
  userinfoEndpoint: 'https://api.github.com/user',
}

const SPONSORSHIP = {
  chains: [8453],
  contracts: ['0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'],
  maxOperationsPerAccountPerDay: 20,
  maxGasWeiPerAccountPerDay: '50000000000000000',
}

await describeEachBackend('consoleProjectRoutes.test.ts', (t) => {
  const routes = () => {
    const projects = new ProjectStore(t.database.kysely)
    const logged: string[] = []
    const app = createConsoleProjectRoutes({ projects, logger: createLogger('debug', (line) => logged.push(line)) })
    const send = async (method: string, path: string, body?: unknown): Promise<Response> =>
      app.request(path, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      })
    return { projects, app, send, logged }
  }
  const rows = async () =>
    (await sql<Record<string, unknown>>`select * from projects order by id`.execute(t.database.kysely)).rows
  const storedSocial = async (id: string) =>
    (await sql<{ social_login: any }>`select social_login from projects where id = ${id}`.execute(t.database.kysely))
      .rows[0]?.social_login

  it('creates a project (name defaulting to the id, origins normalised) and lists it; an id taken is 409', async () => {
    const { send } = routes()
    const res = await send('POST', '/projects', {
      id: 'shop',
      allowedOrigins: ['HTTPS://Shop.Example:443/', 'https://shop.example'],
    })
    expect(res.status).toBe(201)
    const created = (await res.json()) as ConsoleProject
    expect(created).toMatchObject({
      id: 'shop',
      name: 'shop',
      allowedOrigins: ['https://shop.example'],
      features: DEFAULT_FEATURES,
      socialLogin: {},
    })
    expect(Date.parse(created.createdAt)).toBeGreaterThan(0)

    const before = await rows()
    const again = await send('POST', '/projects', { id: 'shop', name: 'Another shop' })
    expect(again.status).toBe(409)
    expect((await again.json()).error.code).toBe('project_exists')
    expect(await rows()).toEqual(before)

    const list = (await (await send('GET', '/projects')).json()) as { projects: ConsoleProject[] }
    expect(list.projects.map((p) => p.id)).toContain('shop')
    expect(list.projects.find((p) => p.id === 'shop')).toEqual(created)
  })

  it('renames, replaces the origins and merges the features switch by switch', async () => {
    const { send, projects } = routes()
    await send('POST', '/projects', { id: 'edit-me', name: 'Edit me' })
    await projects.get('edit-me') // cached: a change must clear it
    const renamed = await send('PATCH', '/projects/edit-me', {
      name: '  Renamed  ',
      allowedOrigins: ['http://LOCALHOST:3000'],
    })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ name: 'Renamed', allowedOrigins: ['http://localhost:3000'] })
    expect((await projects.get('edit-me'))?.name).toBe('Renamed')

    await send('PATCH', '/projects/edit-me', { features: { swaps: false, socials: ['google', 'github'] } })
    const merged = (await (
      await send('PATCH', '/projects/edit-me', { features: { history: false, socials: ['github'] } })
    ).json()) as ConsoleProject
    expect(merged.features).toEqual({ ...DEFAULT_FEATURES, swaps: false, history: false, socials: ['github'] })
    expect(merged.name).toBe('Renamed')
    expect((await projects.get('edit-me'))?.features).toEqual({ swaps: false, history: false, socials: ['github'] })

    const unchanged = await send('PATCH', '/projects/edit-me', {})
    expect(((await unchanged.json()) as ConsoleProject).features).toEqual(merged.features)

    const missing = await send('PATCH', '/projects/nobody', { name: 'x' })
    expect(missing.status).toBe(404)
    expect((await missing.json()).error.code).toBe('unknown_project')
  })

  it('sets social credentials write-only: the secret never answered, kept when a PUT omits it, gone on DELETE', async () => {
    const { send, logged } = routes()
    await send('POST', '/projects', { id: 'with-social' })
    const set = await send('PUT', '/projects/with-social/social/google', GOOGLE)
    const text = await set.text()
    expect(set.status).toBe(200)
    expect(text).not.toContain(SECRET)
    expect(JSON.parse(text).socialLogin).toEqual({
      google: { clientId: 'google-client', issuer: 'https://accounts.google.com', hasClientSecret: true },
    })

    // The form saved again without the secret, with a new client id and scopes: the secret stays.
    const replaced = await send('PUT', '/projects/with-social/social/google', {
      clientId: 'google-client-2',
      issuer: 'https://accounts.google.com',
      scopes: ['openid', 'email'],
    })
    expect(((await replaced.json()) as ConsoleProject).socialLogin.google).toEqual({
      clientId: 'google-client-2',
      issuer: 'https://accounts.google.com',
      scopes: ['openid', 'email'],
      hasClientSecret: true,
    })
    expect((await storedSocial('with-social')).google).toEqual({
      clientId: 'google-client-2',
      clientSecret: SECRET,
      issuer: 'https://accounts.google.com',
      scopes: ['openid', 'email'],
    })
    // A new secret replaces it; a public client (no secret ever) says so.
    await send('PUT', '/projects/with-social/social/google', { ...GOOGLE, clientSecret: 'rotated-secret' })
    expect((await storedSocial('with-social')).google.clientSecret).toBe('rotated-secret')
    const github = (await (await send('PUT', '/projects/with-social/social/github', GITHUB)).json()) as ConsoleProject
    expect(github.socialLogin.github).toEqual({ ...GITHUB, hasClientSecret: false })
    expect(github.socialLogin.google?.hasClientSecret).toBe(true)

    const removed = (await (await send('DELETE', '/projects/with-social/social/google')).json()) as ConsoleProject
    expect(Object.keys(removed.socialLogin)).toEqual(['github'])
    await send('DELETE', '/projects/with-social/social/github')
    expect(await storedSocial('with-social')).toBeNull()
    // Set again after a DELETE: the old secret is gone with it.
    await send('PUT', '/projects/with-social/social/google', { clientId: 'c', issuer: 'https://accounts.google.com' })
    expect((await storedSocial('with-social')).google).toEqual({ clientId: 'c', issuer: 'https://accounts.google.com' })

    // Each change is logged, never with a secret.
    expect(logged.filter((line) => line.includes('socialLogin.google set'))).toHaveLength(4)
    expect(logged.join('\n')).not.toContain(SECRET)
    expect(logged.join('\n')).not.toContain('rotated-secret')

    for (const method of ['PUT', 'DELETE']) {
      const res = await send(method, '/projects/nobody/social/google', method === 'PUT' ? GOOGLE : undefined)
      expect(res.status).toBe(404)
      expect((await res.json()).error.code).toBe('unknown_project')
    }
  })

  it('sets the gas sponsorship policy whole, answers it, and removes it with null', async () => {
    const { send } = routes()
    await send('POST', '/projects', { id: 'sponsoring' })
    const set = await send('PATCH', '/projects/sponsoring', {
      sponsorship: { ...SPONSORSHIP, contracts: [SPONSORSHIP.contracts[0]!.toUpperCase().replace('0X', '0x')] },
    })
    expect(set.status).toBe(200)
    expect(((await set.json()) as ConsoleProject).sponsorship).toEqual(SPONSORSHIP)
    const listed = (await (await send('GET', '/projects')).json()) as { projects: ConsoleProject[] }
    expect(listed.projects.find((p) => p.id === 'sponsoring')?.sponsorship).toEqual(SPONSORSHIP)
    const renamed = await send('PATCH', '/projects/sponsoring', { name: 'Still sponsoring' })
    expect(((await renamed.json()) as ConsoleProject).sponsorship).toEqual(SPONSORSHIP)
    const removed = await send('PATCH', '/projects/sponsoring', { sponsorship: null })
    expect(((await removed.json()) as ConsoleProject).sponsorship).toBeNull()
  })

  it('refuses bad input with 400 invalid_request and writes nothing', async () => {
    const { send } = routes()
    await send('POST', '/projects', { id: 'guarded', allowedOrigins: ['https://guarded.example'] })
    await send('PUT', '/projects/guarded/social/google', GOOGLE)
    const before = await rows()
    const refusals: [string, string, unknown, string][] = [
      ['POST', '/projects', { id: 'bad id!' }, 'id'],
      ['POST', '/projects', { id: '' }, 'id'],
      ['POST', '/projects', { id: 'fine', allowedOrigins: ['https://x.example/path'] }, 'allowedOrigins[0]'],
      ['POST', '/projects', { id: 'fine', features: { swaps: false } }, 'features'],
      ['PATCH', '/projects/guarded', { allowedOrigins: ['ftp://guarded.example'] }, 'allowedOrigins[0]'],
      ['PATCH', '/projects/guarded', { features: { teleport: true } }, 'features.teleport'],
      ['PATCH', '/projects/guarded', { features: { swaps: 'no' } }, 'features.swaps'],
      ['PATCH', '/projects/guarded', { name: '   ' }, 'name'],
      ['PATCH', '/projects/guarded', { name: 'ok', owner: 'me' }, 'owner'],
      ['PATCH', '/projects/bad%20id', { name: 'ok' }, 'id'],
      ['PATCH', '/projects/guarded', { sponsorship: { ...SPONSORSHIP, chains: [0] } }, 'sponsorship.chains[0]'],
      [
        'PATCH',
        '/projects/guarded',
        { sponsorship: { ...SPONSORSHIP, contracts: ['0x1'] } },
        'sponsorship.contracts[0]',
      ],
      [
        'PATCH',
        '/projects/guarded',
        { sponsorship: { ...SPONSORSHIP, maxGasWeiPerAccountPerDay: '1e18' } },
        'sponsorship.maxGasWeiPerAccountPerDay',
      ],
      ['PUT', '/projects/guarded/social/myspace', GOOGLE, 'provider'],
      ['DELETE', '/projects/guarded/social/myspace', undefined, 'provider'],
      ['PUT', '/projects/guarded/social/google', { ...GOOGLE, issuer: 'http://evil.example' }, 'issuer'],
      ['PUT', '/projects/guarded/social/google', { ...GOOGLE, issuer: 'not a url' }, 'issuer'],
      [
        'PUT',
        '/projects/guarded/social/github',
        { ...GITHUB, tokenEndpoint: 'https://u:p@github.com/x' },
        'tokenEndpoint',
      ],
      [
        'PUT',
        '/projects/guarded/social/google',
        { clientSecret: 'x', issuer: 'https://accounts.google.com' },
        'clientId',
      ],
    ]
    for (const [method, path, body, where] of refusals) {
      const res = await send(method, path, body)
      const answer = await res.json()
      expect({ method, path, status: res.status, code: answer.error.code }).toEqual({
        method,
        path,
        status: 400,
        code: 'invalid_request',
      })
      expect(answer.error.details.issues.map((i: { path: string }) => i.path)).toContain(where)
      expect(JSON.stringify(answer)).not.toContain(SECRET)
    }
    const notJson = await send('PATCH', '/projects/guarded', undefined)
    expect(notJson.status).toBe(415)
    expect(await rows()).toEqual(before)
  })

  it('100 concurrent creates of one id: one 201, the rest 409', async () => {
    const { send } = routes()
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        send('POST', '/projects', { id: 'race', name: `Racer ${i}` }).then((r) => r.status),
      ),
    )
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(99)
    const [row] = (
      await sql<{ n: string }>`select count(*) as n from projects where id = 'race'`.execute(t.database.kysely)
    ).rows
    expect(Number(row?.n)).toBe(1)
  })

  it('100 concurrent PATCHes of different switches, names and providers all land', async () => {
    const { send } = routes()
    await send('POST', '/projects', { id: 'busy' })
    const switches = ['swaps', 'onramp', 'analytics', 'names', 'history', 'email'] as const
    const providers = ['google', 'apple', 'discord', 'x', 'facebook'] as const
    // Every switch starts on (its default) and is turned off by several requests; one request sets the socials, and
    // each provider's credentials are written alongside. A read-then-write would put some switch back on.
    const requests = Array.from({ length: 100 }, (_, i) => {
      if (i === 0) return send('PATCH', '/projects/busy', { features: { socials: ['github'] } })
      if (i <= providers.length)
        return send('PUT', `/projects/busy/social/${providers[i - 1]}`, { ...GOOGLE, clientId: `client-${i}` })
      return send('PATCH', '/projects/busy', { features: { [switches[i % switches.length]!]: false } })
    })
    expect((await Promise.all(requests)).map((r) => r.status)).toEqual(Array(100).fill(200))
    const project = (await (await send('GET', '/projects')).json()).projects.find(
      (p: ConsoleProject) => p.id === 'busy',
    )
    expect(project.features).toEqual({
      ...Object.fromEntries(switches.map((s) => [s, false])),
      socials: ['github'],
    })
    expect(Object.keys(project.socialLogin).sort()).toEqual([...providers].sort())
  })

  it('another instance answers the change within its cache time (5 s); this one at once', async () => {
    const config = loadConfig({ PORT: '0' }, { repoRoot: '/nonexistent' })
    config.chains = []
    const storeA = new ProjectStore(t.database.kysely)
    const storeB = new ProjectStore(t.database.kysely)
    const consoleRoutes = createConsoleProjectRoutes({ projects: storeA })
    const appA = createApp({ db: t.database, config, projects: storeA })
    const appB = createApp({ db: t.database, config, projects: storeB })
    const swapsOf = async (app: typeof appA) => {
      const res = await app.request('/v1/project?projectId=two-instances')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      return ((await res.json()) as { features: { swaps: boolean } }).features.swaps
    }
    await consoleRoutes.request('/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'two-instances' }),
    })
    expect(await swapsOf(appA)).toBe(true)
    expect(await swapsOf(appB)).toBe(true) // B caches the project now
    const changedAt = Date.now()
    const res = await consoleRoutes.request('/projects/two-instances', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ features: { swaps: false } }),
    })
    expect(res.status).toBe(200)
    expect(await swapsOf(appA)).toBe(false)
    while ((await swapsOf(appB)) && Date.now() - changedAt < 8_000) await new Promise((r) => setTimeout(r, 100))
    const seenAfter = Date.now() - changedAt
    expect(await swapsOf(appB)).toBe(false)
    expect(seenAfter).toBeLessThanOrEqual(5_500)
  }, 15_000)
})
