import { createHmac } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp, loadConfig, ProjectStore } from '@foyer/server'
import { createAdaptorServer } from '@hono/node-server'
import { type Address, createPublicClient, erc20Abi, type Hash, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedProjects } from '../../../server/src/projects/seed.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite } from '../../../server/src/test/backends.ts'
import { type RunningDevnet, startDevnet } from '../devnet.ts'
import { type OnrampSandbox, startOnrampSandbox, TEST_CARDS } from './sandbox.ts'

// The sandbox against the real Foyer server (createApp on PGlite, the on-ramp routes of apps/server/src/onramp/),
// configured as the devnet configures it: the sandbox's URL and webhook secret. Purchases are made with
// POST /v1/generators/onrampurl, paid on the checkout, and read back with GET /v1/onramp/purchases/{id}.
// anvil on 19551 (this feature's range is 19550–19559).

const PROJECT = 'foyer-demo'
const SLOW_MS = 1000

type Purchase = {
  id: string
  status: string
  purchaseAmount: string
  txHash?: Hash
  failureReason?: string
  address: string
}

describe('sandbox on-ramp with the Foyer server', () => {
  let devnet: RunningDevnet
  let sandbox: OnrampSandbox
  let server: Server
  let apiUrl: string
  let cleanup: () => Promise<void> = async () => {}
  const webhooks: { raw: string; signature: string; answer: number }[] = []

  beforeAll(async () => {
    const [started, database] = await Promise.all([
      startDevnet({
        chains: [{ id: 31337, name: 'Foyer Local', port: 19551, portEnv: 'FOYER_TEST_PORT' }],
        devnetFile: null,
        seedHistory: false,
      }),
      openTestPGlite(),
    ])
    devnet = started
    cleanup = database.cleanup
    // The server listens first (its URL goes to the sandbox), the app is built once the sandbox's URL is known.
    let app: ReturnType<typeof createApp> | undefined
    server = createAdaptorServer({
      fetch: async (request: Request) => {
        if (!app) return new Response('starting', { status: 503 })
        if (!new URL(request.url).pathname.startsWith('/v1/onramp/webhook/')) return app.fetch(request)
        // Webhooks are recorded on their way in, to check their order and signatures here too.
        const raw = await request.clone().text()
        const response = await app.fetch(request)
        webhooks.push({ raw, signature: request.headers.get('x-foyer-signature') ?? '', answer: response.status })
        return response
      },
    }) as Server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    sandbox = await startOnrampSandbox({ devnet: devnet.info, serverUrl: apiUrl, port: 0, slowMs: SLOW_MS })
    const config = loadConfig(
      {
        PORT: '0',
        FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
        FOYER_DATA_DIR: '/nonexistent/data',
        FOYER_ONRAMP_PROVIDERS: JSON.stringify([
          { id: 'sandbox', url: sandbox.url, webhookSecret: sandbox.webhookSecret },
        ]),
      },
      { repoRoot: '/nonexistent' },
    )
    config.chains = devnet.info.chains.map((c) => ({ ...c, tokens: c.tokens.map((t) => ({ ...t })), nfts: [] }))
    const projects = new ProjectStore(database.database.kysely)
    await seedProjects(projects, config)
    app = createApp({ db: database.database, config, projects })
  }, BACKEND_TIMEOUT_MS)

  afterAll(async () => {
    await sandbox?.stop()
    server?.closeAllConnections()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    await Promise.all([devnet?.stop(), cleanup()])
  })

  const reader = () => createPublicClient({ transport: http(devnet.info.chains[0]!.rpcUrl) })
  const usdBalance = (owner: Address) =>
    reader().readContract({
      address: devnet.info.chains[0]!.contracts.usd,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${apiUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-project-id': PROJECT, ...init.headers },
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  /** The purchase secret the server answered for each purchase made here (the modal keeps it the same way). */
  const secrets = new Map<string, string>()
  const readPurchase = async (id: string) =>
    (await api(`/v1/onramp/purchases/${id}`, { headers: { 'x-foyer-purchase-secrets': secrets.get(id) ?? '' } }))
      .body as Purchase
  const tokenOf = (id: string) =>
    createHmac('sha256', sandbox.webhookSecret).update(`checkout:${id}`).digest('base64url')

  /** A purchase through the server, as the modal makes it: its checkout URL and id. */
  async function buy(asset: 'fUSD' | 'ETH', amount = '50.00') {
    const address = privateKeyToAccount(generatePrivateKey()).address
    const { status, body } = await api('/v1/generators/onrampurl', {
      method: 'POST',
      body: JSON.stringify({
        destinationWallets: [{ address, blockchains: ['eip155:31337'], assets: [asset] }],
        defaultNetwork: 'eip155:31337',
        partnerUserId: 'sandbox-test',
        defaultExperience: 'buy',
        presetFiatAmount: amount,
      }),
    })
    expect(status).toBe(200)
    const { url, purchaseId, purchaseSecret } = body as { url: string; purchaseId: string; purchaseSecret: string }
    expect(url.startsWith(`${sandbox.url}/checkout?purchase=${purchaseId}`)).toBe(true)
    // The URL carries the checkout token the sandbox and the server agree on.
    expect(new URL(url).searchParams.get('token')).toBe(tokenOf(purchaseId))
    secrets.set(purchaseId, purchaseSecret)
    return { url, purchaseId, address }
  }
  const pay = (purchase: string, card: string, token: string | null = tokenOf(purchase)) =>
    fetch(`${sandbox.url}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ purchase, token, method: 'card', card, projectId: PROJECT }),
    })

  it('shows the server’s purchase and pays it: exactly purchaseAmount arrives, the server has it completed', async () => {
    const { url, purchaseId, address } = await buy('fUSD')
    const created = await readPurchase(purchaseId)
    expect(created.status).toBe('created')
    const page = await fetch(url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`${created.purchaseAmount} fUSD`)
    expect(html).toContain('50.00 USD')

    const treasuryBefore = await usdBalance(sandbox.treasury)
    const response = await pay(purchaseId, TEST_CARDS.pays)
    const body = (await response.json()) as { status: string; txHash: Hash }
    expect(body.status).toBe('completed')
    const amount = parseUnits(created.purchaseAmount, 6)
    expect(await usdBalance(address)).toBe(amount)
    expect(await usdBalance(sandbox.treasury)).toBe(treasuryBefore - amount)
    expect(await readPurchase(purchaseId)).toMatchObject({ status: 'completed', txHash: body.txHash })
    const delivered = webhooks.filter((w) => JSON.parse(w.raw).purchaseId === purchaseId)
    expect(delivered.map((w) => [JSON.parse(w.raw).status, w.answer])).toEqual([
      ['pending', 200],
      ['paid', 200],
      ['completed', 200],
    ])
    for (const { raw, signature } of delivered) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!
      expect(createHmac('sha256', sandbox.webhookSecret).update(`${t}.${raw}`).digest('hex')).toBe(v1)
    }
    expect(JSON.parse(delivered[2]!.raw).txHash).toBe(body.txHash)

    // Clicking again pays nothing more, and a purchase the server has completed is not paid after a restart either.
    expect(await (await pay(purchaseId, TEST_CARDS.pays)).json()).toMatchObject({ txHash: body.txHash })
    const restarted = await startOnrampSandbox({
      devnet: devnet.info,
      serverUrl: apiUrl,
      port: 0,
      fundTreasury: false,
      webhookSecret: sandbox.webhookSecret,
    })
    try {
      const again = await fetch(`${restarted.url}/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          purchase: purchaseId,
          token: tokenOf(purchaseId),
          method: 'card',
          card: TEST_CARDS.pays,
          projectId: PROJECT,
        }),
      })
      expect(again.status).toBe(409)
    } finally {
      await restarted.stop()
    }
    expect(await usdBalance(address)).toBe(amount)
  })

  it('pays ETH', async () => {
    const { purchaseId, address } = await buy('ETH', '100.00')
    const { purchaseAmount } = await readPurchase(purchaseId)
    expect(await (await pay(purchaseId, TEST_CARDS.pays)).json()).toMatchObject({ status: 'completed' })
    expect(await reader().getBalance({ address: address as Address })).toBe(parseEther(purchaseAmount))
    expect((await readPurchase(purchaseId)).status).toBe('completed')
  })

  it('declines: the server has it failed and nothing moved; the purchase stays payable and its owner pays it', async () => {
    const { purchaseId, address } = await buy('fUSD')
    expect(await (await pay(purchaseId, TEST_CARDS.declined)).json()).toMatchObject({ status: 'failed' })
    expect(await readPurchase(purchaseId)).toMatchObject({ status: 'failed', failureReason: 'card_declined' })
    expect(await usdBalance(address)).toBe(0n)
    expect(await (await pay(purchaseId, TEST_CARDS.pays)).json()).toMatchObject({ status: 'completed' })
    const paid = await readPurchase(purchaseId)
    expect(paid.status).toBe('completed')
    expect(await usdBalance(address)).toBe(parseUnits(paid.purchaseAmount, 6))
  })

  it('a stranger with the purchase id alone can neither read the purchase nor pay it with a declining card', async () => {
    const { purchaseId, address } = await buy('fUSD')
    expect((await api(`/v1/onramp/purchases/${purchaseId}`)).status).toBe(404)
    expect((await fetch(`${sandbox.url}/checkout?purchase=${purchaseId}&projectId=${PROJECT}`)).status).toBe(403)
    expect((await pay(purchaseId, TEST_CARDS.declined, null)).status).toBe(403)
    expect((await readPurchase(purchaseId)).status).toBe('created')
    expect(await (await pay(purchaseId, TEST_CARDS.pays)).json()).toMatchObject({ status: 'completed' })
    const paid = await readPurchase(purchaseId)
    expect(paid.status).toBe('completed')
    expect(await usdBalance(address)).toBe(parseUnits(paid.purchaseAmount, 6))
  })

  it('the slow card is pending on the server first', async () => {
    const { purchaseId, address } = await buy('fUSD')
    const response = await pay(purchaseId, TEST_CARDS.slow)
    expect(response.status).toBe(202)
    expect((await readPurchase(purchaseId)).status).toBe('pending')
    const end = Date.now() + 10_000
    let status = 'pending'
    while (status !== 'completed' && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      status = (await readPurchase(purchaseId)).status
    }
    expect(status).toBe('completed')
    expect(await usdBalance(address)).toBe(parseUnits((await readPurchase(purchaseId)).purchaseAmount, 6))
  })

  it('pays once under 20 concurrent clicks', async () => {
    const { purchaseId, address } = await buy('fUSD', '20.00')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay(purchaseId, TEST_CARDS.pays).then((r) => r.json() as Promise<{ txHash: string }>),
      ),
    )
    expect(new Set(answers.map((a) => a.txHash)).size).toBe(1)
    const purchase = await readPurchase(purchaseId)
    expect(purchase.status).toBe('completed')
    expect(await usdBalance(address)).toBe(parseUnits(purchase.purchaseAmount, 6))
  })

  it('answers a purchase the server does not know with 404', async () => {
    const response = await pay('00000000-0000-4000-8000-000000000000', TEST_CARDS.pays)
    expect(response.status).toBe(404)
    const unknown = '00000000-0000-4000-8000-000000000000'
    const page = await fetch(
      `${sandbox.url}/checkout?purchase=${unknown}&projectId=${PROJECT}&token=${tokenOf(unknown)}`,
    )
    expect(page.status).toBe(404)
  })
})
