/**
 * The devnet's sandbox on-ramp provider: a checkout page on its own port that takes test cards (or a simulated
 * bank transfer), pays the purchase out for real on the local chain from its treasury, and tells the Foyer server
 * through the signed webhook, as a real provider would.
 *
 * The routes are in routes.ts, the payment flow (webhooks, payouts, one payment per purchase) in payments.ts, the
 * request parsing and validation in request.ts, the checkout page in page.ts.
 *
 * Local development and tests only: test money, public keys, loopback.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from 'viem'
import type { DevAccount } from '../accounts.ts'
import type { DevnetInfo } from '../devnet-file.ts'
import { portFromEnv } from '../ports.ts'
import { sendJson } from './http.ts'
import type { PaymentView } from './page.ts'
import { createPaymentFlow, type Payment } from './payments.ts'
import { createHandler } from './routes.ts'
import { fundTreasury, treasuryAccount } from './treasury.ts'

export { TEST_CARDS } from './page.ts'
export { SANDBOX_PROVIDER_ID } from './payments.ts'
export { luhnValid } from './request.ts'
export { TREASURY_ACCOUNT_INDEX, treasuryAccount } from './treasury.ts'

export const DEFAULT_SANDBOX_PORT = 8795
/** How long the slow test card stays `pending` before it pays. */
export const SLOW_CARD_MS = 4000

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
  treasury?: DevAccount
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

  const payments = new Map<string, Payment>()
  let stopping: Promise<void> | undefined
  const flow = createPaymentFlow({
    chains,
    treasury,
    serverUrl,
    webhookSecret,
    defaultProjectId,
    slowMs,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    payments,
  })
  const handle = createHandler({
    webhookSecret,
    chains,
    defaultProjectId,
    respondWithinMs,
    payments,
    flow,
    stopping: () => stopping !== undefined,
  })

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal', message: 'The sandbox failed' } })
      else res.end()
    })
  })

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

/** A fresh random id, the form the Foyer server gives purchases (tests use it for purchases that do not exist). */
export const newPurchaseId = (): string => randomUUID()
