/**
 * The devnet's sandbox on-ramp provider: a checkout page on its own port that takes test cards (or a simulated
 * bank transfer), pays the purchase out for real on the local chain from its treasury, and tells the Foyer server
 * through the signed webhook, as a real provider would.
 *
 *   GET  /checkout?purchase=<id>[&projectId=<id>][&lang=es]  → the checkout page (HTML)
 *   POST /checkout/pay  {purchase, method: 'card'|'bank_account', card?, projectId?}  (JSON or a form post)
 *                        → the payment's state (JSON), or a redirect back to the page for a form post
 *   GET  /checkout/status?purchase=<id>                       → the payment's state (JSON)
 *   GET  /health
 *
 * A payment: webhook `pending`, (the slow card waits a few seconds), webhook `paid`, the transfer of exactly
 * `purchaseAmount` of the token from the treasury to the purchase's address, webhook `completed` with the txHash.
 * The declining card sends `failed` and moves nothing. One payment per purchase, however often pay is pressed:
 * the first request starts it, every other one (also concurrent ones) joins it.
 *
 * Local development and tests only: test money, public keys, loopback.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hash,
  http,
  isAddress,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { DevnetChain, DevnetInfo } from '../devnet-file.ts'
import { portFromEnv } from '../ports.ts'
import {
  type CheckoutPurchase,
  contentSecurityPolicy,
  type PaymentView,
  pickLang,
  renderCheckout,
  renderMessage,
  type SandboxLang,
  sandboxStrings,
  TEST_CARDS,
} from './page.ts'
import { fundTreasury, type TreasuryAccount, treasuryAccount } from './treasury.ts'
import { deliverWebhook, type WebhookStatus, webhookEvent } from './webhook.ts'

export { TEST_CARDS } from './page.ts'
export { TREASURY_ACCOUNT_INDEX, treasuryAccount } from './treasury.ts'

/** The provider id the Foyer server knows the sandbox by (its webhook is /v1/onramp/webhook/sandbox). */
export const SANDBOX_PROVIDER_ID = 'sandbox'
export const DEFAULT_SANDBOX_PORT = 8795
/** How long the slow test card stays `pending` before it pays. */
export const SLOW_CARD_MS = 4000
const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const PROJECT_ID = /^[A-Za-z0-9._-]{1,64}$/
const MAX_BODY_BYTES = 10_000

/** FOYER_ONRAMP_SANDBOX_PORT, default 8795. */
export function onrampSandboxPort(env: NodeJS.ProcessEnv = process.env): number {
  return portFromEnv(env, 'FOYER_ONRAMP_SANDBOX_PORT', DEFAULT_SANDBOX_PORT)
}

export interface OnrampSandboxOptions {
  devnet: Pick<DevnetInfo, 'chains'>
  /** The Foyer server: where the purchases are read and the webhook is called. */
  serverUrl: string
  host?: string
  /** Default FOYER_ONRAMP_SANDBOX_PORT or 8795; 0 for any free port. */
  port?: number
  /** Default: 32 random bytes, hex, new on every start. */
  webhookSecret?: string
  /** The project whose purchases the page reads when the link names none. Default `foyer-demo`. */
  defaultProjectId?: string
  /** Give the treasury its ETH, fUSD and FOY on every chain at start. Default true. */
  fundTreasury?: boolean
  treasury?: TreasuryAccount
  /** How long the slow card stays pending. Default SLOW_CARD_MS. */
  slowMs?: number
  /** How long a pay request waits for the payment to settle before it answers with the state so far. Default 15 s. */
  respondWithinMs?: number
  /** Waits between webhook attempts. Default [200, 1000]. */
  webhookRetryDelaysMs?: number[]
}

export interface OnrampSandbox {
  url: string
  port: number
  /** Written to the devnet file (`onramp.sandbox.webhookSecret`) for the server. */
  webhookSecret: string
  treasury: Address
  /** The sandbox's own record of the payments, newest last. */
  payments(): PaymentView[]
  stop(): Promise<void>
}

type Refusal = { status: number; code: string; message: string }

interface Payment {
  view: PaymentView
  /** Set when the payment never started (unknown purchase, server down, already paid). */
  refusal?: Refusal
  /** Resolves once there is something to answer: a final state, or the slow card's `pending`. */
  answerable: Promise<void>
  done: Promise<void>
}

interface PayInput {
  purchase: string
  method: 'card' | 'bank_account'
  card?: string
  projectId?: string
  lang?: SandboxLang
}

type Payout =
  | { chain: DevnetChain; to: Address; amount: bigint; token: 'native' | Address; symbol: string }
  | { failure: string }

export async function startOnrampSandbox(options: OnrampSandboxOptions): Promise<OnrampSandbox> {
  const host = options.host ?? '127.0.0.1'
  const serverUrl = options.serverUrl.replace(/\/+$/, '')
  const webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex')
  const defaultProjectId = options.defaultProjectId ?? 'foyer-demo'
  const slowMs = options.slowMs ?? SLOW_CARD_MS
  const respondWithinMs = options.respondWithinMs ?? 15_000
  const treasury = options.treasury ?? treasuryAccount()
  const chains = options.devnet.chains
  if (options.fundTreasury !== false) await Promise.all(chains.map((c) => fundTreasury(c, treasury.address)))

  const account = privateKeyToAccount(treasury.privateKey)
  const clients = new Map(
    chains.map((c) => {
      const chain = defineChain({
        id: c.id,
        name: c.name,
        nativeCurrency: { name: 'Ether', symbol: c.nativeSymbol, decimals: 18 },
        rpcUrls: { default: { http: [c.rpcUrl] } },
      })
      const client = {
        wallet: createWalletClient({ account, chain, transport: http(c.rpcUrl) }),
        reader: createPublicClient({ chain, transport: http(c.rpcUrl), pollingInterval: 50 }),
        /** One payer per chain: transfers go one after the other so nonces never clash. */
        queue: Promise.resolve() as Promise<unknown>,
      }
      return [c.id, client] as [number, typeof client]
    }),
  )

  const payments = new Map<string, Payment>()
  let stopping: Promise<void> | undefined

  async function transfer(payout: Exclude<Payout, { failure: string }>): Promise<Hash> {
    const client = clients.get(payout.chain.id)!
    const run = client.queue.then(async () => {
      const hash =
        payout.token === 'native'
          ? await client.wallet.sendTransaction({ to: payout.to, value: payout.amount })
          : await client.wallet.writeContract({
              address: payout.token,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [payout.to, payout.amount],
            })
      const receipt = await client.reader.waitForTransactionReceipt({ hash, timeout: 30_000 })
      if (receipt.status !== 'success') throw new Error(`The payout ${hash} reverted`)
      return hash
    })
    client.queue = run.catch(() => undefined)
    return run
  }

  function resolvePayout(purchase: CheckoutPurchase): Payout {
    const chainId = /^eip155:(\d+)$/.exec(purchase.network)?.[1]
    const chain = chainId ? chains.find((c) => c.id === Number(chainId)) : undefined
    if (!chain) return { failure: 'unsupported_network' }
    if (!isAddress(purchase.address)) return { failure: 'invalid_destination' }
    const currency = purchase.purchaseCurrency.trim().toLowerCase()
    const last = currency.split(':').pop() ?? currency
    let token: 'native' | Address
    let decimals: number
    let symbol: string
    if (['eth', 'native', chain.nativeSymbol.toLowerCase(), NATIVE_TOKEN_ADDRESS].includes(last)) {
      token = 'native'
      decimals = 18
      symbol = chain.nativeSymbol
    } else {
      // Only what the treasury is funded with: fUSD and FOY (not WETH).
      const paid = [chain.contracts.usd, chain.contracts.token].map((a) => a.toLowerCase())
      const found = chain.tokens.find(
        (t) =>
          paid.includes(t.address.toLowerCase()) &&
          (t.symbol.toLowerCase() === last || t.address.toLowerCase() === last),
      )
      if (!found) return { failure: 'unsupported_currency' }
      token = found.address
      decimals = found.decimals
      symbol = found.symbol
    }
    const match = /^(\d+)(?:\.(\d+))?$/.exec(purchase.purchaseAmount)
    if (!match || (match[2]?.length ?? 0) > decimals) return { failure: 'invalid_amount' }
    const amount = parseUnits(purchase.purchaseAmount, decimals)
    if (amount <= 0n) return { failure: 'invalid_amount' }
    return { chain, to: purchase.address as Address, amount, token, symbol }
  }

  type Fetched = { purchase: CheckoutPurchase } | { refusal: Refusal }

  async function fetchPurchase(id: string, projectId: string, lang: SandboxLang): Promise<Fetched> {
    const t = sandboxStrings(lang)
    let response: Response
    try {
      response = await fetch(`${serverUrl}/v1/onramp/purchases/${encodeURIComponent(id)}`, {
        headers: { accept: 'application/json', 'x-project-id': projectId },
        signal: AbortSignal.timeout(10_000),
      })
    } catch {
      return { refusal: { status: 502, code: 'server_unavailable', message: t.unavailable } }
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (response.status === 404) return { refusal: { status: 404, code: 'purchase_not_found', message: t.notFound } }
    const purchase = response.ok ? parsePurchase(body) : undefined
    if (!purchase) return { refusal: { status: 502, code: 'server_unavailable', message: t.unavailable } }
    return { purchase }
  }

  function startPayment(input: PayInput): Payment {
    let answer!: () => void
    const payment: Payment = {
      view: { purchaseId: input.purchase, status: 'processing' },
      answerable: new Promise<void>((resolve) => {
        answer = resolve
      }),
      done: Promise.resolve(),
    }
    const set = (view: Partial<PaymentView>) => {
      payment.view = { ...payment.view, ...view }
    }
    const lang = input.lang ?? 'en'
    const projectId = input.projectId ?? defaultProjectId
    const notify = (status: WebhookStatus, extra: { txHash?: string; failureReason?: string } = {}) =>
      deliverWebhook(webhookEvent({ purchaseId: input.purchase, status, ...extra }), {
        url: `${serverUrl}/v1/onramp/webhook/${SANDBOX_PROVIDER_ID}`,
        secret: webhookSecret,
        projectId,
        retryDelaysMs: options.webhookRetryDelaysMs,
      })
    const fail = async (failureReason: string) => {
      await notify('failed', { failureReason })
      set({ status: 'failed', failureReason })
    }

    const run = async () => {
      const fetched = await fetchPurchase(input.purchase, projectId, lang)
      if ('refusal' in fetched) {
        payment.refusal = fetched.refusal
        payments.delete(input.purchase) // nothing happened: a later attempt may start afresh
        return
      }
      const { purchase } = fetched
      if (purchase.status !== 'created') {
        payment.refusal = {
          status: 409,
          code: 'purchase_not_payable',
          message: sandboxStrings(lang).alreadyDone.replace('{status}', purchase.status),
        }
        payments.delete(input.purchase)
        return
      }
      if (input.method === 'card' && input.card === TEST_CARDS.declined) return fail('card_declined')
      const payout = resolvePayout(purchase)
      if ('failure' in payout) return fail(payout.failure)

      await notify('pending')
      set({ status: 'pending' })
      if (input.method === 'card' && input.card === TEST_CARDS.slow) {
        answer()
        await new Promise((resolve) => setTimeout(resolve, slowMs))
      }
      await notify('paid')
      set({ status: 'paid' })
      let txHash: Hash
      try {
        txHash = await transfer(payout)
      } catch {
        return fail('payout_failed')
      }
      set({ txHash })
      await notify('completed', { txHash })
      set({ status: 'completed' })
    }

    payment.done = run()
      .catch((error: unknown) => set({ status: 'error', message: (error as Error).message }))
      .finally(() => answer())
    return payment
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal', message: 'The sandbox failed' } })
      else res.end()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox')
    const lang = pickLang(url.searchParams.get('lang'), req.headers['accept-language'])
    const t = sandboxStrings(lang)
    if (url.pathname === '/health' && req.method === 'GET') return sendJson(res, 200, { ok: true })

    if (url.pathname === '/checkout' && (req.method === 'GET' || req.method === 'HEAD')) {
      const id = url.searchParams.get('purchase') ?? ''
      const projectParam = url.searchParams.get('projectId') ?? url.searchParams.get('project') ?? undefined
      if (!UUID.test(id) || (projectParam !== undefined && !PROJECT_ID.test(projectParam)))
        return sendHtml(res, 400, (nonce) => renderMessage(lang, nonce, t.title, t.badRequest))
      const fetched = await fetchPurchase(id, projectParam ?? defaultProjectId, lang)
      if ('refusal' in fetched) {
        const heading = fetched.refusal.status === 404 ? t.notFoundTitle : t.title
        return sendHtml(res, fetched.refusal.status, (nonce) =>
          renderMessage(lang, nonce, heading, fetched.refusal.message),
        )
      }
      const chainId = /^eip155:(\d+)$/.exec(fetched.purchase.network)?.[1]
      const networkName = chains.find((c) => c.id === Number(chainId))?.name
      return sendHtml(res, 200, (nonce) =>
        renderCheckout({
          lang,
          nonce,
          purchase: fetched.purchase,
          networkName,
          projectId: projectParam,
          payment: payments.get(id)?.view,
        }),
      )
    }

    if (url.pathname === '/checkout/status' && req.method === 'GET') {
      const id = url.searchParams.get('purchase') ?? ''
      if (!UUID.test(id)) return sendError(res, 400, 'invalid_purchase', 'purchase must be a purchase id')
      const payment = payments.get(id)
      if (!payment || payment.refusal) return sendError(res, 404, 'payment_not_found', 'No payment for this purchase')
      return sendJson(res, 200, payment.view)
    }

    if (url.pathname === '/checkout/pay') {
      if (req.method !== 'POST') return sendError(res, 405, 'method_not_allowed', 'POST /checkout/pay')
      if (stopping) return sendError(res, 503, 'stopping', 'The sandbox is stopping')
      // Only the checkout page itself may pay: a cross-site form post is refused.
      const origin = req.headers.origin
      if (
        req.headers['sec-fetch-site'] === 'cross-site' ||
        (origin !== undefined && origin !== `http://${req.headers.host}`)
      )
        return sendError(res, 403, 'forbidden_origin', 'Pay from the sandbox checkout page')
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      const form = type === 'application/x-www-form-urlencoded'
      if (type !== 'application/json' && !form)
        return sendError(res, 415, 'unsupported_media_type', 'Send application/json or a form')
      const text = await readBody(req)
      if (text === undefined) return sendError(res, 413, 'too_large', 'The request body is too large')
      let raw: unknown
      try {
        raw = form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text)
      } catch {
        return sendError(res, 400, 'invalid_json', 'The body is not valid JSON')
      }
      const parsed = parsePayInput(raw)
      if ('error' in parsed) return sendError(res, 400, parsed.error.code, parsed.error.message)
      const input = { ...parsed, lang: parsed.lang ?? lang }
      let payment = payments.get(input.purchase)
      if (!payment) {
        payment = startPayment(input)
        payments.set(input.purchase, payment)
      }
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        payment.answerable,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, respondWithinMs)
        }),
      ])
      clearTimeout(timer)
      if (form) {
        if (payment.refusal)
          return sendHtml(res, payment.refusal.status, (nonce) =>
            renderMessage(input.lang, nonce, t.title, payment.refusal!.message),
          )
        const back = new URLSearchParams({ purchase: input.purchase, lang: input.lang })
        if (input.projectId) back.set('projectId', input.projectId)
        res.writeHead(303, { location: `/checkout?${back}`, 'cache-control': 'no-store' })
        return res.end()
      }
      if (payment.refusal) return sendError(res, payment.refusal.status, payment.refusal.code, payment.refusal.message)
      const final = ['completed', 'failed', 'error'].includes(payment.view.status)
      return sendJson(res, final ? 200 : 202, payment.view)
    }

    return sendError(res, 404, 'not_found', 'Open /checkout?purchase=<id>')
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? onrampSandboxPort(), host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host
  return {
    url: `http://${urlHost}:${port}`,
    port,
    webhookSecret,
    treasury: treasury.address,
    payments: () => [...payments.values()].filter((p) => !p.refusal).map((p) => p.view),
    stop: () =>
      (stopping ??= (async () => {
        // Let payments under way finish (they are short), then close.
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          Promise.allSettled([...payments.values()].map((p) => p.done)),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, 10_000)
          }),
        ])
        clearTimeout(timer)
        server.closeAllConnections?.()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      })()),
  }
}

function parsePurchase(body: Record<string, unknown> | undefined): CheckoutPurchase | undefined {
  if (!body || typeof body !== 'object') return undefined
  const fields = [
    'id',
    'status',
    'address',
    'network',
    'purchaseCurrency',
    'purchaseAmount',
    'paymentCurrency',
    'paymentMethod',
    'total',
  ] as const
  for (const field of fields) if (typeof body[field] !== 'string') return undefined
  return Object.fromEntries(fields.map((f) => [f, body[f]])) as unknown as CheckoutPurchase
}

/** Luhn's check digit: every real card number (and every test card) passes it. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

function parsePayInput(raw: unknown): PayInput | { error: { code: string; message: string } } {
  const bad = (code: string, message: string) => ({ error: { code, message } })
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return bad('invalid_request', 'Send an object')
  const body = raw as Record<string, unknown>
  if (typeof body.purchase !== 'string' || !UUID.test(body.purchase))
    return bad('invalid_purchase', 'purchase must be a purchase id')
  const method = body.method ?? 'card'
  if (method !== 'card' && method !== 'bank_account')
    return bad('invalid_method', 'method must be "card" or "bank_account"')
  if (
    body.projectId !== undefined &&
    body.projectId !== '' &&
    (typeof body.projectId !== 'string' || !PROJECT_ID.test(body.projectId))
  )
    return bad('invalid_project', 'projectId is not a project id')
  const lang = body.lang === 'es' || body.lang === 'en' ? body.lang : undefined
  const projectId = typeof body.projectId === 'string' && body.projectId !== '' ? body.projectId : undefined
  if (method === 'bank_account') return { purchase: body.purchase.toLowerCase(), method, projectId, lang }
  if (typeof body.card !== 'string') return bad('invalid_card', 'Enter a card number')
  const card = body.card.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(card) || !luhnValid(card)) return bad('invalid_card', 'That is not a valid card number')
  if (!Object.values(TEST_CARDS).includes(card as (typeof TEST_CARDS)[keyof typeof TEST_CARDS]))
    return bad(
      'unknown_test_card',
      'The sandbox takes test cards only: 4242 4242 4242 4242, 4000 0000 0000 0002 or 4000 0000 0000 0077',
    )
  return { purchase: body.purchase.toLowerCase(), method, card, projectId, lang }
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let text = ''
    let tooLarge = false
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      if (tooLarge) return
      text += chunk
      if (text.length > MAX_BODY_BYTES) tooLarge = true
    })
    req.on('end', () => resolve(tooLarge ? undefined : text))
    req.on('error', reject)
  })
}

const COMMON_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  sendJson(res, status, { error: { code, message } })
}

function sendHtml(res: ServerResponse, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64')
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy(nonce),
    'x-frame-options': 'DENY',
  })
  res.end(render(nonce))
}

/** A fresh random id, the form the Foyer server gives purchases (tests use it for purchases that do not exist). */
export const newPurchaseId = (): string => randomUUID()
