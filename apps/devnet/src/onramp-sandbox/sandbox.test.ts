import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Address, createPublicClient, erc20Abi, type Hash, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningDevnet, startDevnet } from '../devnet.ts'
import { luhnValid, type OnrampSandbox, startOnrampSandbox, TEST_CARDS, treasuryAccount } from './sandbox.ts'
import { TREASURY_FUNDING } from './treasury.ts'

// One real anvil in this feature's port range (19550–19559). The Foyer server is a stub of its purchase and webhook
// routes here (the wire of the on-ramp contract): it serves the purchases the test stores, checks every webhook's
// signature with the sandbox's secret as the server does, and moves the status forward as the server would.

type Purchase = {
  id: string
  provider: string
  status: string
  address: string
  network: string
  purchaseCurrency: string
  purchaseAmount: string
  paymentCurrency: string
  paymentMethod: string
  total: string
  txHash?: string
  failureReason?: string
  createdAt: string
  updatedAt: string
}
type Delivery = {
  purchaseId: string
  eventId: string
  status: string
  txHash?: string
  failureReason?: string
  at: number
}

const PROJECT = 'foyer-demo'
/** The checkout token the Foyer server puts in a purchase's checkout URL: HMAC-SHA256(secret, "checkout:<id>"). */
let tokenOf: (id: string) => string = () => ''
const SLOW_MS = 1500

describe('sandbox on-ramp', () => {
  let devnet: RunningDevnet
  let sandbox: OnrampSandbox
  let stub: Server
  let stubUrl: string
  const purchases = new Map<string, Purchase>()
  const deliveries: Delivery[] = []
  const refused: { status: number; reason: string }[] = []
  let failNextWebhooks = 0
  const reader = () => createPublicClient({ transport: http(devnet.info.chains[0]!.rpcUrl) })

  beforeAll(async () => {
    devnet = await startDevnet({
      chains: [{ id: 31337, name: 'Foyer Local', port: 19550, portEnv: 'FOYER_TEST_PORT' }],
      devnetFile: null,
      seedHistory: false,
    })
    stub = createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const url = new URL(req.url ?? '/', 'http://stub')
      const one = /^\/v1\/onramp\/purchases\/([^/]+)$/.exec(url.pathname)
      if (one && req.method === 'GET') {
        if (req.headers['x-project-id'] !== PROJECT) return send(400, { error: { code: 'project_required' } })
        const purchase = purchases.get(one[1]!)
        // As the server: the purchase is read with its checkout token only.
        const readable = purchase && req.headers['x-foyer-checkout-token'] === tokenOf(purchase.id)
        return readable ? send(200, purchase) : send(404, { error: { code: 'purchase_not_found' } })
      }
      if (url.pathname === '/v1/onramp/webhook/sandbox' && req.method === 'POST') {
        let raw = ''
        req.setEncoding('utf8')
        req.on('data', (chunk: string) => {
          raw += chunk
        })
        req.on('end', () => {
          if (failNextWebhooks > 0) {
            failNextWebhooks--
            return send(503, { error: { code: 'unavailable' } })
          }
          const verdict = verify(sandbox.webhookSecret, String(req.headers['x-foyer-signature'] ?? ''), raw)
          if (verdict !== 'ok') {
            refused.push({ status: 401, reason: verdict })
            return send(401, { error: { code: 'invalid_signature' } })
          }
          const event = JSON.parse(raw) as Delivery
          if (deliveries.some((d) => d.eventId === event.eventId)) return send(200, { duplicate: true })
          deliveries.push({ ...event, at: Date.now() })
          const purchase = purchases.get(event.purchaseId)
          if (purchase)
            Object.assign(purchase, { status: event.status, txHash: event.txHash, failureReason: event.failureReason })
          send(200, { ok: true })
        })
        return
      }
      send(404, { error: { code: 'not_found' } })
    })
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
    sandbox = await startOnrampSandbox({
      devnet: devnet.info,
      serverUrl: stubUrl,
      port: 0,
      slowMs: SLOW_MS,
      webhookRetryDelaysMs: [50, 100],
    })
    tokenOf = (id) => createHmac('sha256', sandbox.webhookSecret).update(`checkout:${id}`).digest('base64url')
  }, 60_000)

  afterAll(async () => {
    await sandbox?.stop()
    stub?.closeAllConnections()
    await new Promise<void>((resolve) => (stub ? stub.close(() => resolve()) : resolve()))
    await devnet?.stop()
  })

  const chain = () => devnet.info.chains[0]!
  const usd = () => chain().contracts.usd
  const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
  const usdBalance = (owner: Address) =>
    reader().readContract({ address: usd(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  function addPurchase(fields: Partial<Purchase> = {}): Purchase {
    const now = new Date().toISOString()
    const purchase: Purchase = {
      id: randomUUID(),
      provider: 'sandbox',
      status: 'created',
      address: freshAddress(),
      network: 'eip155:31337',
      purchaseCurrency: 'fUSD',
      purchaseAmount: '23.456789',
      paymentCurrency: 'USD',
      paymentMethod: 'card',
      total: '25.00',
      createdAt: now,
      updatedAt: now,
      ...fields,
    }
    purchases.set(purchase.id, purchase)
    return purchase
  }

  /** A pay request; an object body gets its purchase's checkout token unless it names one (or `token: null`). */
  const pay = (body: unknown, headers: Record<string, string> = {}) => {
    const withToken =
      body && typeof body === 'object' && !('token' in body) && 'purchase' in body
        ? { ...body, token: tokenOf(String((body as { purchase: unknown }).purchase)) }
        : body
    return fetch(`${sandbox.url}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof withToken === 'string' ? withToken : JSON.stringify(withToken),
    })
  }
  const eventsOf = (id: string) => deliveries.filter((d) => d.purchaseId === id)

  it('funds a treasury that no dev account is, with ETH and fUSD', async () => {
    const treasury = treasuryAccount().address
    expect(sandbox.treasury).toBe(treasury)
    expect(devnet.info.accounts.map((a) => a.address)).not.toContain(treasury)
    expect(await reader().getBalance({ address: treasury })).toBe(TREASURY_FUNDING.eth)
    expect(await usdBalance(treasury)).toBe(parseUnits(String(TREASURY_FUNDING.usdWhole), 6))
    expect(sandbox.webhookSecret).toMatch(/^[0-9a-f]{64}$/)
  })

  it('renders the purchase on an accessible page with a strict CSP and nothing external', async () => {
    const purchase = addPurchase({ purchaseAmount: '10.5', total: '12.34' })
    const response = await fetch(
      `${sandbox.url}/checkout?purchase=${purchase.id}&projectId=${PROJECT}&token=${tokenOf(purchase.id)}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    const html = await response.text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('Sandbox: test money only')
    expect(html).toContain('12.34 USD')
    expect(html).toContain('10.5 fUSD')
    expect(html).toContain('Foyer Local (eip155:31337)')
    expect(html).toContain(purchase.address)
    expect(html).toContain('data-testid="onramp-sandbox-pay"')
    expect(html).toContain('data-testid="onramp-sandbox-result"')
    expect(html).toMatch(/<label for="card">Card number<\/label>/)
    expect(html).toContain('value="bank_account"')
    expect(html).toContain('4242 4242 4242 4242')
    // Every script and style carries the nonce (or is a data block); nothing is loaded from anywhere.
    for (const tag of html.match(/<(script|style)[^>]*>/g) ?? [])
      expect(tag.includes(`nonce="${nonce}"`) || tag.includes('application/json')).toBe(true)
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//)

    const spanish = await fetch(
      `${sandbox.url}/checkout?purchase=${purchase.id}&projectId=${PROJECT}&token=${tokenOf(purchase.id)}`,
      {
        headers: { 'accept-language': 'es-ES,es;q=0.9' },
      },
    )
    const es = await spanish.text()
    expect(es).toContain('<html lang="es">')
    expect(es).toContain('Sandbox: solo dinero de prueba')
  })

  it('pays 4242… once: exactly purchaseAmount from the treasury, webhooks pending → paid → completed, signed', async () => {
    const purchase = addPurchase()
    const treasury = sandbox.treasury
    const [treasuryBefore, destinationBefore] = await Promise.all([
      usdBalance(treasury),
      usdBalance(purchase.address as Address),
    ])
    const response = await pay({
      purchase: purchase.id,
      method: 'card',
      card: '4242 4242 4242 4242',
      projectId: PROJECT,
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { status: string; txHash: Hash }
    expect(body.status).toBe('completed')
    const amount = parseUnits(purchase.purchaseAmount, 6)
    expect(await usdBalance(purchase.address as Address)).toBe(destinationBefore + amount)
    expect(await usdBalance(treasury)).toBe(treasuryBefore - amount)
    const receipt = await reader().getTransactionReceipt({ hash: body.txHash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(treasury.toLowerCase())

    const events = eventsOf(purchase.id)
    expect(events.map((e) => e.status)).toEqual(['pending', 'paid', 'completed'])
    expect(events[2]!.txHash).toBe(body.txHash)
    expect(new Set(events.map((e) => e.eventId)).size).toBe(3)
    expect(refused).toEqual([])
    expect(purchases.get(purchase.id)!.status).toBe('completed')

    // A second click: the same answer, no second payment and no new webhook.
    const again = await pay({ purchase: purchase.id, method: 'card', card: '4242424242424242', projectId: PROJECT })
    expect(await again.json()).toMatchObject({ status: 'completed', txHash: body.txHash })
    expect(await usdBalance(purchase.address as Address)).toBe(destinationBefore + amount)
    expect(eventsOf(purchase.id)).toHaveLength(3)

    // Reloading the page shows the result.
    const html = await (
      await fetch(`${sandbox.url}/checkout?purchase=${purchase.id}&projectId=${PROJECT}&token=${tokenOf(purchase.id)}`)
    ).text()
    expect(html).toContain('data-status="completed"')
    expect(html).toContain(body.txHash)
  })

  it('pays ETH on the chain by bank transfer', async () => {
    const purchase = addPurchase({
      purchaseCurrency: 'ETH',
      purchaseAmount: '0.012345678901234567',
      paymentMethod: 'bank_account',
    })
    const response = await pay({ purchase: purchase.id, method: 'bank_account', projectId: PROJECT })
    const body = (await response.json()) as { status: string; txHash: Hash }
    expect(body.status).toBe('completed')
    expect(await reader().getBalance({ address: purchase.address as Address })).toBe(
      parseEther(purchase.purchaseAmount),
    )
    expect(eventsOf(purchase.id).map((e) => e.status)).toEqual(['pending', 'paid', 'completed'])
  })

  it('declines 4000…0002: failed, nothing moves', async () => {
    const purchase = addPurchase()
    const treasuryBefore = await usdBalance(sandbox.treasury)
    const response = await pay({ purchase: purchase.id, method: 'card', card: TEST_CARDS.declined, projectId: PROJECT })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'failed', failureReason: 'card_declined' })
    expect(eventsOf(purchase.id).map((e) => [e.status, e.failureReason])).toEqual([['failed', 'card_declined']])
    expect(await usdBalance(purchase.address as Address)).toBe(0n)
    expect(await usdBalance(sandbox.treasury)).toBe(treasuryBefore)
    // A declined card leaves the purchase payable: the owner's next payment goes through.
    const retry = await pay({ purchase: purchase.id, method: 'card', card: TEST_CARDS.pays, projectId: PROJECT })
    expect(await retry.json()).toMatchObject({ status: 'completed' })
    expect(await usdBalance(purchase.address as Address)).toBe(parseUnits(purchase.purchaseAmount, 6))
    expect(eventsOf(purchase.id).map((e) => e.status)).toEqual(['failed', 'pending', 'paid', 'completed'])
  })

  it('the purchase id alone opens nothing: no page, no payment, no status without its checkout token', async () => {
    const purchase = addPurchase()
    const other = addPurchase()
    const page = (token?: string) =>
      fetch(`${sandbox.url}/checkout?purchase=${purchase.id}&projectId=${PROJECT}${token ? `&token=${token}` : ''}`)
    for (const token of [undefined, 'A'.repeat(43), tokenOf(other.id)]) {
      const response = await page(token)
      expect(response.status).toBe(403)
      expect(await response.text()).not.toContain(purchase.address)
      const paid = await pay({ purchase: purchase.id, method: 'card', card: TEST_CARDS.declined, token: token ?? null })
      expect(paid.status).toBe(403)
      expect(((await paid.json()) as { error: { code: string } }).error.code).toBe('invalid_checkout_token')
    }
    // A stranger's declined card never reached the purchase: no event, still created, and its owner pays.
    expect(eventsOf(purchase.id)).toEqual([])
    expect(purchases.get(purchase.id)!.status).toBe('created')
    expect((await fetch(`${sandbox.url}/checkout/status?purchase=${purchase.id}`)).status).toBe(404)
    expect((await page(tokenOf(purchase.id))).status).toBe(200)
    const owner = await pay({ purchase: purchase.id, method: 'card', card: TEST_CARDS.pays, projectId: PROJECT })
    expect(await owner.json()).toMatchObject({ status: 'completed' })
    expect((await fetch(`${sandbox.url}/checkout/status?purchase=${purchase.id}`)).status).toBe(404)
  })

  it('keeps 4000…0077 pending for a while, then pays', async () => {
    const purchase = addPurchase({ purchaseAmount: '1.5' })
    const response = await pay({ purchase: purchase.id, method: 'card', card: TEST_CARDS.slow, projectId: PROJECT })
    expect(response.status).toBe(202)
    expect(await response.json()).toMatchObject({ status: 'pending' })
    expect(eventsOf(purchase.id).map((e) => e.status)).toEqual(['pending'])
    expect(purchases.get(purchase.id)!.status).toBe('pending')
    const status = await (
      await fetch(`${sandbox.url}/checkout/status?purchase=${purchase.id}&token=${tokenOf(purchase.id)}`)
    ).json()
    expect(status).toMatchObject({ status: 'pending' })
    expect(await usdBalance(purchase.address as Address)).toBe(0n)

    let latest: { status: string } = status
    const until = Date.now() + 10_000
    while (latest.status !== 'completed' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      latest = await (
        await fetch(`${sandbox.url}/checkout/status?purchase=${purchase.id}&token=${tokenOf(purchase.id)}`)
      ).json()
    }
    expect(latest.status).toBe('completed')
    const events = eventsOf(purchase.id)
    expect(events.map((e) => e.status)).toEqual(['pending', 'paid', 'completed'])
    expect(events[1]!.at - events[0]!.at).toBeGreaterThanOrEqual(SLOW_MS - 50)
    expect(await usdBalance(purchase.address as Address)).toBe(parseUnits('1.5', 6))
  })

  it('pays once under 20 concurrent clicks', async () => {
    const purchase = addPurchase({ purchaseAmount: '7.000001' })
    const treasuryBefore = await usdBalance(sandbox.treasury)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay({ purchase: purchase.id, method: 'card', card: TEST_CARDS.pays, projectId: PROJECT }).then(
          async (r) => [r.status, await r.json()] as const,
        ),
      ),
    )
    const hashes = new Set(answers.map(([, body]) => (body as { txHash: string }).txHash))
    expect(
      answers.every(([status, body]) => status === 200 && (body as { status: string }).status === 'completed'),
    ).toBe(true)
    expect(hashes.size).toBe(1)
    const amount = parseUnits('7.000001', 6)
    expect(await usdBalance(purchase.address as Address)).toBe(amount)
    expect(await usdBalance(sandbox.treasury)).toBe(treasuryBefore - amount)
    expect(eventsOf(purchase.id).map((e) => e.status)).toEqual(['pending', 'paid', 'completed'])
  })

  it('retries a webhook the server did not take, with the same event id', async () => {
    const purchase = addPurchase({ purchaseAmount: '2' })
    failNextWebhooks = 1
    const response = await pay({ purchase: purchase.id, method: 'card', card: TEST_CARDS.pays, projectId: PROJECT })
    expect(await response.json()).toMatchObject({ status: 'completed' })
    expect(eventsOf(purchase.id).map((e) => e.status)).toEqual(['pending', 'paid', 'completed'])
  })

  it('works without script: the form posts and the page shows the result', async () => {
    const purchase = addPurchase({ purchaseAmount: '3' })
    const form = new URLSearchParams({
      purchase: purchase.id,
      method: 'card',
      card: '4242424242424242',
      projectId: PROJECT,
      token: tokenOf(purchase.id),
    })
    const response = await fetch(`${sandbox.url}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    const location = response.headers.get('location')!
    expect(location).toContain(`purchase=${purchase.id}`)
    const html = await (await fetch(new URL(location, sandbox.url))).text()
    expect(html).toContain('data-status="completed"')
    expect(html).toContain('Payment complete')
    expect(await usdBalance(purchase.address as Address)).toBe(parseUnits('3', 6))
  })

  it('answers bad input with a 4xx and pays nothing', async () => {
    const purchase = addPurchase()
    const before = deliveries.length
    const good = { purchase: purchase.id, method: 'card', card: TEST_CARDS.pays, projectId: PROJECT }
    const cases: [unknown, number, string][] = [
      [{ ...good, purchase: 'not-a-uuid' }, 400, 'invalid_purchase'],
      [{ ...good, method: 'cash' }, 400, 'invalid_method'],
      [{ ...good, card: '4242424242424241' }, 400, 'invalid_card'],
      [{ ...good, card: 'abcd' }, 400, 'invalid_card'],
      [{ ...good, card: undefined }, 400, 'invalid_card'],
      [{ ...good, card: '5555555555554444' }, 400, 'unknown_test_card'],
      [{ ...good, projectId: 'bad project!' }, 400, 'invalid_project'],
      [[good], 400, 'invalid_request'],
      ['{"purchase":', 400, 'invalid_json'],
      [{ ...good, purchase: randomUUID() }, 404, 'purchase_not_found'],
    ]
    for (const [body, status, code] of cases) {
      const response = await pay(body)
      expect([response.status, ((await response.json()) as { error: { code: string } }).error.code]).toEqual([
        status,
        code,
      ])
    }
    const wrongType = await fetch(`${sandbox.url}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(good),
    })
    expect(wrongType.status).toBe(415)
    expect((await pay(good, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await pay(good, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await pay({ ...good, card: '4'.repeat(20_000) })).status).toBe(413)
    expect((await fetch(`${sandbox.url}/checkout/pay`)).status).toBe(405)
    expect((await fetch(`${sandbox.url}/checkout`)).status).toBe(400)
    const unknown = randomUUID()
    expect(
      (await fetch(`${sandbox.url}/checkout?purchase=${unknown}&projectId=${PROJECT}&token=${tokenOf(unknown)}`))
        .status,
    ).toBe(404)
    expect(
      (await fetch(`${sandbox.url}/checkout?purchase=${purchase.id}&projectId=${encodeURIComponent('<x>')}`)).status,
    ).toBe(400)
    expect(
      (await fetch(`${sandbox.url}/checkout/status?purchase=${purchase.id}&token=${tokenOf(purchase.id)}`)).status,
    ).toBe(404)
    expect((await fetch(`${sandbox.url}/elsewhere`)).status).toBe(404)

    // A purchase the server already settled (say, before the sandbox restarted) is not paid again.
    const settled = addPurchase({ status: 'completed' })
    const response = await pay({ ...good, purchase: settled.id })
    expect(response.status).toBe(409)
    expect(deliveries.length).toBe(before)
    expect(await usdBalance(purchase.address as Address)).toBe(0n)
    expect(await usdBalance(settled.address as Address)).toBe(0n)

    // The refused attempts left nothing behind: the purchase still pays.
    expect(await (await pay(good)).json()).toMatchObject({ status: 'completed' })
  })

  it('fails a purchase it cannot pay out, without moving anything', async () => {
    const purchase = addPurchase({ purchaseCurrency: 'WETH' })
    expect(
      await (await pay({ purchase: purchase.id, method: 'bank_account', projectId: PROJECT })).json(),
    ).toMatchObject({
      status: 'failed',
      failureReason: 'unsupported_currency',
    })
    const tooPrecise = addPurchase({ purchaseAmount: '1.1234567' })
    expect(
      await (await pay({ purchase: tooPrecise.id, method: 'bank_account', projectId: PROJECT })).json(),
    ).toMatchObject({
      status: 'failed',
      failureReason: 'invalid_amount',
    })
    expect(await usdBalance(tooPrecise.address as Address)).toBe(0n)
  })

  it("runs the page's own script: the slow card shows pending, then completion; bank transfer hides the card", async () => {
    const purchase = addPurchase({ purchaseAmount: '4' })
    const window = await openPage(
      `${sandbox.url}/checkout?purchase=${purchase.id}&projectId=${PROJECT}&token=${tokenOf(purchase.id)}`,
    )
    const $ = (selector: string) => window.document.querySelector(selector) as unknown as FakeElement
    const result = $('[data-testid="onramp-sandbox-result"]')
    const button = $('[data-testid="onramp-sandbox-pay"]')
    $('input[value="bank_account"]').click()
    expect($('#card-box').hidden).toBe(true)
    $('input[value="card"]').click()
    expect($('#card-box').hidden).toBe(false)
    $('#card').value = '4000 0000 0000 0077'
    button.click()
    await until(() => result.getAttribute('data-status') === 'pending', 15_000)
    expect(result.textContent).toContain('Payment pending')
    await until(() => result.getAttribute('data-status') === 'completed', 20_000)
    expect(result.textContent).toContain('Payment complete')
    expect(result.textContent).toContain(purchases.get(purchase.id)!.txHash)
    expect(button.disabled).toBe(true)
    expect($('#close').hidden).toBe(false)
    expect(await usdBalance(purchase.address as Address)).toBe(parseUnits('4', 6))

    // A bad card number: the page says why and the button works again.
    const other = addPurchase()
    const second = await openPage(
      `${sandbox.url}/checkout?purchase=${other.id}&projectId=${PROJECT}&token=${tokenOf(other.id)}`,
    )
    const q = (selector: string) => second.document.querySelector(selector) as unknown as FakeElement
    q('#card').value = '1234'
    q('[data-testid="onramp-sandbox-pay"]').click()
    await until(() => q('[data-testid="onramp-sandbox-result"]').getAttribute('data-status') === 'error', 15_000)
    expect(q('[data-testid="onramp-sandbox-result"]').textContent).toContain('not a valid card number')
    expect(q('[data-testid="onramp-sandbox-pay"]').disabled).toBe(false)
    window.close()
    second.close()
    // Its waits are bounded one by one (15 + 20 + 15 s); on a busy machine their sum passes vitest's default 30 s.
  }, 60_000)

  /** The page in jsdom with its inline script running; its fetches go to the sandbox. */
  async function openPage(url: string): Promise<FakeWindow> {
    const html = await (await fetch(url)).text()
    const { JSDOM } = (await import(JSDOM_MODULE)) as {
      JSDOM: new (html: string, options: object) => { window: FakeWindow }
    }
    return new JSDOM(html, {
      url,
      runScripts: 'dangerously',
      beforeParse(window: { fetch: typeof fetch }) {
        window.fetch = (input, init) => fetch(new URL(String(input), url), init)
      },
    }).window
  }

  it('checks card numbers with Luhn', () => {
    for (const card of Object.values(TEST_CARDS)) expect(luhnValid(card)).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
  })
})

// jsdom has no bundled types here: the little of it the page test touches.
const JSDOM_MODULE = 'jsdom'
type FakeElement = {
  click(): void
  value: string
  hidden: boolean
  disabled: boolean
  textContent: string | null
  getAttribute(name: string): string | null
}
type FakeWindow = { document: { querySelector(selector: string): unknown }; close(): void }

async function until(condition: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > end) throw new Error('Timed out waiting for the page')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The server's check, written again here from the wire: t=<seconds>,v1=<hex HMAC-SHA256(secret, t.body)>. */
function verify(secret: string, header: string, raw: string): 'ok' | 'forged' | 'stale' {
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1]
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1]
  if (!t || !v1) return 'forged'
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest()
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'forged'
  return Math.abs(Date.now() / 1000 - Number(t)) > 300 ? 'stale' : 'ok'
}
