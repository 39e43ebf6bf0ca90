/**
 * The routes measured under load, as plain request descriptions (the bench feeds them to autocannon, the soak to
 * fetch), each with the one answer it must get; any other answer is an error.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { DevnetInfo } from '@foyer/devnet'

export interface LoadRoute {
  name: string
  /** What the row says in the docs. */
  label: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  /** A fresh body for each request (POST routes). */
  body?: () => string
  /** The status every answer must have. */
  expect: number
}

const PROJECT = 'foyer-demo'
/** The demo project's site origin (analytics is accepted from the project's allowed origins only). */
const SITE_ORIGIN = 'http://127.0.0.1:5173'
const ADDRESSES_PER_CLIENT = 20

/**
 * Client addresses for X-Forwarded-For: a new address every 20 requests, so each one stays far below the per-client
 * caps (600 requests a minute on the data API, 30 code checks in 15 minutes) while every request still counts against
 * its address's counter — the limiter is exercised, never refusing. `offset` keeps two runs' addresses apart.
 */
export function clientAddresses(offset = 0) {
  let request = 0
  return () => {
    const client = offset + Math.floor(request++ / ADDRESSES_PER_CLIENT)
    return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`
  }
}

function analyticsBatch(): string {
  const now = Date.now()
  return JSON.stringify(
    Array.from({ length: 5 }, (_, i) => ({
      eventId: randomUUID(),
      url: `${SITE_ORIGIN}/`,
      domain: '127.0.0.1',
      timestamp: now + i,
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    })),
  )
}

/** A wrong code from a device that holds no code: the answer a guesser gets (400 `invalid_code`). */
function wrongCode(): string {
  return JSON.stringify({
    email: `guess-${randomBytes(4).toString('hex')}@example.com`,
    deviceId: randomBytes(32).toString('hex'),
    otp: String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0'),
  })
}

const projectHeaders = { 'x-project-id': PROJECT, 'x-sdk-type': 'foyer', 'x-sdk-version': '0.1.0' }
const json = { 'content-type': 'application/json' }

/** Routes that need no chain: the catalogue, analytics and the code check. */
export function chainlessRoutes(): LoadRoute[] {
  return [
    {
      name: 'getWallets',
      label: '`GET /getWallets` (a list page of 40)',
      method: 'GET',
      path: '/getWallets?page=2&entries=40',
      headers: projectHeaders,
      expect: 200,
    },
    {
      name: 'analytics',
      label: '`POST /e` (a batch of 5 events)',
      method: 'POST',
      path: `/e?projectId=${PROJECT}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE_ORIGIN },
      body: analyticsBatch,
      expect: 202,
    },
    {
      name: 'wrongCode',
      label: '`POST /v1/embedded/email/verify`, a wrong code',
      method: 'POST',
      path: '/v1/embedded/email/verify',
      headers: { ...projectHeaders, ...json },
      body: wrongCode,
      expect: 400,
    },
  ]
}

/** Every route measured: the chainless ones and those that read the devnet's chain (balance, history, a quote). */
export function loadRoutes(devnet: DevnetInfo): LoadRoute[] {
  const chain = devnet.chains[0]!
  const { usd } = chain.contracts as Record<string, string>
  const account = devnet.accounts[3]!.address
  const user = devnet.accounts[0]!.address
  const caip = (address: string) => `eip155:${chain.id}:${address}`
  const [getWallets, analytics, code] = chainlessRoutes() as [LoadRoute, LoadRoute, LoadRoute]
  return [
    getWallets,
    {
      name: 'balance',
      label: '`GET /v1/account/{a}/balance` (live RPC reads)',
      method: 'GET',
      path: `/v1/account/${account}/balance?currency=usd&chainId=${chain.id}`,
      headers: projectHeaders,
      expect: 200,
    },
    {
      name: 'history',
      label: '`GET /v1/account/{a}/history` (first page)',
      method: 'GET',
      path: `/v1/account/${account}/history?chainId=${chain.id}`,
      headers: projectHeaders,
      expect: 200,
    },
    {
      name: 'quote',
      label: '`GET /v1/convert/quotes` (ETH → fUSD)',
      method: 'GET',
      path: `/v1/convert/quotes?projectId=${PROJECT}&amount=${10n ** 17n}&from=${caip('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')}&to=${caip(usd!)}&userAddress=${caip(user)}`,
      headers: {},
      expect: 200,
    },
    analytics,
    code,
  ]
}

/** What became of a request: its answer's status, or none within the time (`timeout`) or at all (`no answer`: refused, reset). */
export type Outcome = number | 'timeout' | 'no answer'

/** One request of `route` from `client`, by fetch. */
export async function send(base: string, route: LoadRoute, client: string, timeoutMs: number): Promise<Outcome> {
  try {
    const response = await fetch(`${base}${route.path}`, {
      method: route.method,
      headers: { ...route.headers, 'x-forwarded-for': client },
      body: route.body?.(),
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.arrayBuffer()
    return response.status
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? 'timeout' : 'no answer'
  }
}
