/**
 * A project's social-login credentials from FOYER_PROJECTS to the database and back: the settings' checks (and that
 * a client secret never shows in an error), the rule for a FOYER_PROJECTS entry with the demo project's id, and that
 * no answer carries the credentials.
 */
import { demoSocialProject } from '@foyer/devnet'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { describeEachBackend } from '../test/eachBackend.ts'
import { DEMO_PROJECT } from './model.ts'
import { seedProjects } from './seed.ts'
import { ProjectStore } from './store.ts'

const SECRET = 'very-secret-client-secret'
const load = (env: Record<string, string>) =>
  loadConfig(
    { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data', ...env },
    { repoRoot: '/nonexistent' },
  )
const projects = (...entries: unknown[]) => ({ FOYER_PROJECTS: JSON.stringify(entries) })
const issues = (env: Record<string, string>) => {
  try {
    load(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).issues.map((i) => `${i.path}: ${i.message}`)
  }
  throw new Error('expected a ConfigError')
}
const site = (socialLogin: unknown) => ({ id: 'site', allowedOrigins: ['https://site.example'], socialLogin })

it('reads each provider’s client: an OpenID issuer, or the three endpoints', () => {
  const config = load(
    projects(
      site({
        google: { clientId: 'g-id', clientSecret: SECRET, issuer: 'https://accounts.google.com' },
        github: {
          clientId: 'gh-id',
          clientSecret: SECRET,
          authorizationEndpoint: 'https://github.com/login/oauth/authorize',
          tokenEndpoint: 'https://github.com/login/oauth/access_token',
          userinfoEndpoint: 'https://api.github.com/user',
          scopes: ['read:user', 'user:email'],
        },
        apple: { clientId: 'a-id', issuer: 'http://127.0.0.1:8797/apple' },
      }),
    ),
  )
  expect(config.projects[0]!.socialLogin).toEqual({
    google: { clientId: 'g-id', clientSecret: SECRET, issuer: 'https://accounts.google.com' },
    github: expect.objectContaining({ clientId: 'gh-id', scopes: ['read:user', 'user:email'] }),
    apple: { clientId: 'a-id', issuer: 'http://127.0.0.1:8797/apple' },
  })
  expect(load(projects({ id: 'plain', allowedOrigins: [] })).projects[0]!.socialLogin).toBeUndefined()
})

it('refuses a malformed client, and never shows a client secret in the error', () => {
  const refused = [
    site({ myspace: { clientId: 'x', issuer: 'https://a.example' } }), // not a provider
    site({ farcaster: { clientId: 'x', issuer: 'https://a.example' } }), // configured server-wide, not here
    site({ google: { clientId: 'x' } }), // neither issuer nor endpoints
    site({ github: { clientId: 'x', authorizationEndpoint: 'https://a.example/auth' } }), // endpoints incomplete
    site({ google: { clientId: 'x', issuer: 'http://accounts.example' } }), // http off loopback
    site({ google: { clientId: 'x', issuer: 'https://user:pw@a.example' } }),
    site({ google: { clientId: '', issuer: 'https://a.example' } }),
    site({ google: { clientId: 'x', issuer: 'https://a.example', scopes: [] } }),
    site({ google: { clientId: 'x', issuer: 'https://a.example', extra: 1 } }),
    site({ google: { clientId: 'x', issuer: 'https://a.example', clientSecret: `${SECRET} with spaces` } }),
    site({ google: { clientId: 'x', issuer: 'https://a.example', clientSecret: 42 } }),
  ]
  for (const entry of refused) {
    const lines = issues(projects(entry))
    expect(lines, JSON.stringify(entry)).toHaveLength(1)
    expect(lines[0]).toMatch(/^FOYER_PROJECTS\[0\]\.socialLogin/)
    expect(lines.join('\n')).not.toContain(SECRET)
  }
  // A problem elsewhere in an entry that holds a secret: the raw value is not shown either.
  const elsewhere = issues(
    projects({ ...site({ google: { clientId: 'x', clientSecret: SECRET, issuer: 'https://a.example' } }), id: '' }),
  )
  expect(elsewhere.join('\n')).not.toContain(SECRET)
})

await describeEachBackend('socialLogin.test.ts', (t) => {
  const demoEntry = demoSocialProject('http://127.0.0.1:8797')
  const row = async () =>
    (await sql<any>`select * from projects where id = 'foyer-demo'`.execute(t.database.kysely)).rows[0]

  it('a FOYER_PROJECTS entry with the demo’s id is the demo project, whole; without it the built-in one returns', async () => {
    const store = new ProjectStore(t.database.kysely)
    const config = load(projects(demoEntry))
    await seedProjects(store, config)
    const demo = await store.get('foyer-demo')
    expect(demo).toMatchObject({
      allowedOrigins: demoEntry.allowedOrigins,
      features: demoEntry.features,
      socialLogin: demoEntry.socialLogin,
    })
    // The built-in demo is not written first: a second start leaves the row alone.
    const first = await row()
    await seedProjects(new ProjectStore(t.database.kysely), config)
    expect((await row()).updated_at.getTime()).toBe(first.updated_at.getTime())
    // FOYER_SEED_DEMO=false: the entry is still the operator's project.
    await t.database.kysely.deleteFrom('projects').where('id', '=', 'foyer-demo').execute()
    await seedProjects(store, { ...config, seedDemoProject: false })
    expect((await store.get('foyer-demo'))?.socialLogin).toEqual(demoEntry.socialLogin)

    // The entry gone: the built-in demo replaces it, credentials and all.
    await seedProjects(store, load({}))
    expect(await store.get('foyer-demo')).toMatchObject({
      allowedOrigins: DEMO_PROJECT.allowedOrigins,
      features: {},
      socialLogin: {},
    })
    expect((await row()).social_login).toBeNull()
  })

  it('no answer carries the credentials: GET /v1/project has the providers, not their clients', async () => {
    const config = load(projects(demoEntry))
    const store = new ProjectStore(t.database.kysely)
    await seedProjects(store, config)
    const app = createApp({ db: t.database, config, projects: store })
    const response = await app.request('/v1/project?projectId=foyer-demo', {
      headers: { origin: 'http://127.0.0.1:5173' },
    })
    const text = await response.text()
    expect(response.status).toBe(200)
    expect(JSON.parse(text).features.socials).toEqual(demoEntry.features.socials)
    for (const hidden of ['clientSecret', 'clientId', 'foyer-dev-social-secret', 'socialLogin', '8797'])
      expect(text).not.toContain(hidden)
  })
})
