/**
 * The sandbox's payment flow. A payment: webhook `pending`, (the slow card waits a few seconds), webhook `paid`, the
 * transfer of exactly `purchaseAmount` of the token from the treasury to the purchase's address, webhook `completed`
 * with the txHash. The declining card sends `failed` and moves nothing, and leaves the purchase payable: the next
 * attempt starts afresh. Payouts on a chain go one after the other.
 */
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
import type { DevAccount } from '../accounts.ts'
import type { DevnetChain } from '../devnet-file.ts'
import { CHECKOUT_TOKEN_HEADER } from './checkoutToken.ts'
import { type CheckoutPurchase, type PaymentView, type SandboxLang, sandboxStrings, TEST_CARDS } from './page.ts'
import { parsePurchase } from './request.ts'
import { deliverWebhook, type WebhookStatus, webhookEvent } from './webhook.ts'

/** The provider id the Foyer server knows the sandbox by (its webhook is /v1/onramp/webhook/sandbox). */
export const SANDBOX_PROVIDER_ID = 'sandbox'
const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export type Refusal = { status: number; code: string; message: string }

export interface Payment {
  view: PaymentView
  /** Set when the payment never started (unknown purchase, server down, already paid). */
  refusal?: Refusal
  /** Resolves once there is something to answer: a final state, or the slow card's `pending`. */
  answerable: Promise<void>
  done: Promise<void>
}

export interface PayInput {
  purchase: string
  /** The purchase's checkout token (checkoutToken.ts), checked before the payment starts. */
  token: string
  method: 'card' | 'bank_account'
  card?: string
  projectId?: string
  lang?: SandboxLang
}

type Payout =
  | { chain: DevnetChain; to: Address; amount: bigint; token: 'native' | Address; symbol: string }
  | { failure: string }

export type Fetched = { purchase: CheckoutPurchase } | { refusal: Refusal }

export interface PaymentFlowOptions {
  chains: DevnetChain[]
  treasury: DevAccount
  /** The Foyer server, without a trailing slash. */
  serverUrl: string
  webhookSecret: string
  defaultProjectId: string
  slowMs: number
  webhookRetryDelaysMs?: number[]
  /** The sandbox's payments by purchase id: a refused payment removes itself. */
  payments: Map<string, Payment>
}

export interface PaymentFlow {
  fetchPurchase(id: string, token: string, projectId: string, lang: SandboxLang): Promise<Fetched>
  startPayment(input: PayInput): Payment
}

export function createPaymentFlow(options: PaymentFlowOptions): PaymentFlow {
  const { chains, treasury, serverUrl, webhookSecret, defaultProjectId, slowMs, payments } = options
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

  async function fetchPurchase(id: string, token: string, projectId: string, lang: SandboxLang): Promise<Fetched> {
    const t = sandboxStrings(lang)
    let response: Response
    try {
      response = await fetch(`${serverUrl}/v1/onramp/purchases/${encodeURIComponent(id)}`, {
        headers: { accept: 'application/json', 'x-project-id': projectId, [CHECKOUT_TOKEN_HEADER]: token },
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
    /** A declined card: this attempt failed, the purchase stays open for the next one (which starts afresh). */
    const decline = async () => {
      await fail('card_declined')
      payments.delete(input.purchase)
    }

    const run = async () => {
      const fetched = await fetchPurchase(input.purchase, input.token, projectId, lang)
      if ('refusal' in fetched) {
        payment.refusal = fetched.refusal
        payments.delete(input.purchase) // nothing happened: a later attempt may start afresh
        return
      }
      const { purchase } = fetched
      // A purchase whose earlier payment was declined is still payable (a declined card never ends a purchase).
      const payable =
        purchase.status === 'created' || (purchase.status === 'failed' && purchase.failureReason === 'card_declined')
      if (!payable) {
        payment.refusal = {
          status: 409,
          code: 'purchase_not_payable',
          message: sandboxStrings(lang).alreadyDone.replace('{status}', purchase.status),
        }
        payments.delete(input.purchase)
        return
      }
      if (input.method === 'card' && input.card === TEST_CARDS.declined) return decline()
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

  return { fetchPurchase, startPayment }
}
