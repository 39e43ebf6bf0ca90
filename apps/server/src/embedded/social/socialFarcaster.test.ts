/**
 * Sign in with Farcaster through the social routes, end to end against the devnet's stand-ins: a real anvil chain
 * with the registries at Farcaster's addresses, the Connect relay stand-in, and the dev wallet's side of the
 * sign-in (the message built and signed with the fid's custody key). /social/farcaster/start opens the channel,
 * /social/finish polls it. On PGlite and on Postgres.
 */
import { deployChain, devAccountAt, devAccounts, startChains } from '@foyer/devnet'
import {
  approveSignIn,
  FARCASTER_TEST_USERS,
  type FarcasterRelay,
  readSignInRequest,
  startFarcasterRelay,
} from '@foyer/devnet/farcaster'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { describeEmbedded, deviceId, type EmbeddedKit, newClient } from '../embeddedTestKit.ts'

// Ports of their own, so this runs beside `npm start` and the other Farcaster tests.
const CHAIN_PORT = 18574
const RELAY_PORT = 18799
const SITE = 'http://127.0.0.1:5173'

type Chain = Awaited<ReturnType<typeof startChains>>[number]
let chain: Chain
let relay: FarcasterRelay
/** Filled before the kits start. */
const env: Record<string, string> = {}

beforeAll(async () => {
  ;[chain] = await startChains([{ id: 31337, name: 'Farcaster social test', port: CHAIN_PORT, portEnv: 'TEST' }])
  await deployChain({ rpcUrl: chain.rpcUrl, chainId: 31337, accounts: devAccounts() })
  relay = await startFarcasterRelay({ port: RELAY_PORT, rpcUrl: chain.rpcUrl })
  env.FOYER_FARCASTER_RELAY_URL = relay.url
  env.FOYER_FARCASTER_RPC_URL = chain.rpcUrl
  env.FOYER_PROJECTS = JSON.stringify([
    { id: 'foyer-demo', allowedOrigins: [SITE], features: { email: false, socials: ['farcaster'] } },
    { id: 'other-site', allowedOrigins: ['https://other.example'], features: { socials: ['google'] } },
  ])
}, 120_000)
afterAll(async () => {
  await relay?.stop()
  await chain?.stop()
})

await describeEmbedded('socialFarcaster.test.ts', (k, name) => farcasterTests(k, name), env)

function farcasterTests(k: EmbeddedKit, name: string) {
  const db = () => k.t.database.kysely
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db())).rows[0]!.n)
  const user = (fid: number) => FARCASTER_TEST_USERS.find((u) => u.fid === fid)!
  const start = async (project = 'foyer-demo') => {
    const device = deviceId()
    const res = await k.json(
      await k.call(
        '/v1/embedded/social/farcaster/start',
        { deviceId: device, origin: SITE },
        { 'x-project-id': project },
      ),
    )
    return { device, ...res }
  }
  const finish = async (flow: string, device: string, client?: string) =>
    k.json(
      await k.call(
        '/v1/embedded/social/finish',
        { flow, deviceId: device },
        client ? { 'x-forwarded-for': client } : {},
      ),
    )
  /** The dev wallet answers the sign-in link as `fid` (signed with its custody key, or `privateKey`). */
  const approve = async (url: string, fid: number, privateKey = devAccountAt(user(fid).accountIndex).privateKey) =>
    approveSignIn({
      relayUrl: relay.url,
      request: await readSignInRequest(relay.url, url),
      user: user(fid),
      privateKey,
    })

  beforeEach(async () => {
    await sql`truncate embedded_sessions, embedded_devices, embedded_identities, embedded_social_flows, embedded_users cascade`.execute(
      db(),
    )
  })

  it('start opens a relay channel for the site; finish is pending until the wallet answers, then signs in', async () => {
    const s = await start()
    expect(s.status, JSON.stringify(s.body)).toBe(200)
    expect(s.body.url).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=/)
    const row = (await sql<any>`select * from embedded_social_flows`.execute(db())).rows[0]
    expect(row).toMatchObject({ provider: 'farcaster', site_origin: SITE, state: null, code_verifier: null })
    expect(row.channel_token).toBe(new URL(s.body.url).searchParams.get('channelToken'))
    expect(row.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect((await finish(s.body.flow, s.device)).body).toEqual({ status: 'pending' })

    await approve(s.body.url, 1002)
    const done = await finish(s.body.flow, s.device)
    expect(done.body).toMatchObject({
      status: 'signed_in',
      user: {
        email: null,
        login: {
          provider: 'farcaster',
          fid: 1002,
          username: 'dev1002',
          displayName: 'Dev 1002',
          avatarUrl: `${relay.url}/pfp/1002.svg`,
        },
      },
    })
    const me = await k.json(
      await k.call('/v1/embedded/session', undefined, { authorization: `Bearer ${done.body.sessionToken}` }),
    )
    expect(me.body.user.login).toEqual(done.body.user.login)
    expect(await finish(s.body.flow, s.device)).toMatchObject({ status: 404 })

    // The same fid again: the same user.
    const again = await start()
    await approve(again.body.url, 1002)
    expect((await finish(again.body.flow, again.device)).body).toMatchObject({
      status: 'signed_in',
      user: { id: done.body.user.id },
    })
    expect([await count('embedded_users'), await count('embedded_identities')]).toEqual([1, 1])
  })

  it('a message signed by a key that does not hold the fid fails the flow: login_failed, nothing created', async () => {
    const s = await start()
    await approve(s.body.url, 1003, devAccountAt(14).privateKey) // fid 1004's custody key
    expect(await finish(s.body.flow, s.device)).toMatchObject({
      status: 400,
      body: { error: { code: 'login_failed' } },
    })
    expect(await count('embedded_users')).toBe(0)
  })

  it('20 parallel polls of a verified channel: one reads it, one session in all', async () => {
    const s = await start()
    await approve(s.body.url, 1001)
    const polls = await Promise.all(Array.from({ length: 20 }, () => finish(s.body.flow, s.device, newClient())))
    const last = await finish(s.body.flow, s.device, newClient())
    const all = [...polls, last]
    expect(all.filter((p) => p.status === 200 && p.body.status === 'signed_in')).toHaveLength(1)
    expect(
      all.every((p) => (p.status === 200 && ['pending', 'signed_in'].includes(p.body.status)) || p.status === 404),
    ).toBe(true)
    expect([await count('embedded_users'), await count('embedded_sessions')]).toEqual([1, 1])
    console.info(`[${name}] 20 parallel Farcaster polls → 1 relay read that verified, 1 session`)
  })

  it('another device cannot poll the flow; a project without farcaster cannot start one', async () => {
    const s = await start()
    expect(await finish(s.body.flow, deviceId())).toMatchObject({
      status: 404,
      body: { error: { code: 'login_not_found' } },
    })
    expect(await start('other-site')).toMatchObject({
      status: 403,
      body: { error: { code: 'provider_not_configured' } },
    })
  })
}
