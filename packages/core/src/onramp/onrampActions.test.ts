// The on-ramp actions against the real Foyer server: its app (PGlite, one deployed anvil on 19542 — the on-ramp
// server range) listening on a loopback port, reached over HTTP as a site reaches it; webhooks signed as the
// sandbox provider signs them.
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { loadConfig, parseDevnetFile } from '@foyer/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signOnrampWebhook } from '../../../../apps/server/src/onramp/webhookSignature.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../../../../apps/server/src/test/backends.ts'
import { createApiClient } from '../api/apiClient.ts'
import { ClientNotSetError } from '../errors/errors.ts'
import { enBuy } from '../locale/enBuy.ts'
import { es } from '../locale/es.ts'
import { listenTestServer } from '../test/listenTestServer.ts'
import { createOnrampUrl } from './createOnrampUrl.ts'
import { fetchOnrampOptions } from './fetchOnrampOptions.ts'
import { fetchOnrampProviders } from './fetchOnrampProviders.ts'
import { fetchOnrampPurchase } from './fetchOnrampPurchase.ts'
import { fetchOnrampQuote } from './fetchOnrampQuote.ts'
import {
  OnrampOptionsError,
  OnrampProvidersError,
  OnrampPurchaseError,
  OnrampQuoteError,
  OnrampUrlError,
} from './onrampErrors.ts'

const SECRET = 'core-test-sandbox-secret-0123'
let devnet: RunningDevnet
let database: TestDatabase
let server: Awaited<ReturnType<typeof listenTestServer>> | undefined
let apiUrl = ''

beforeAll(async () => {
  ;[devnet, database] = await Promise.all([
    startDevnet({
      chains: [{ id: 31337, name: 'Foyer Local', port: 19542, portEnv: 'TEST' }],
      devnetFile: null,
      seedHistory: false,
    }),
    openTestPGlite(),
  ])
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_ONRAMP_PROVIDERS: JSON.stringify([{ id: 'sandbox', url: 'http://127.0.0.1:19549', webhookSecret: SECRET }]),
      FOYER_PROJECTS: JSON.stringify([{ id: 'no-onramp', allowedOrigins: [], features: { onramp: false } }]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = parseDevnetFile(JSON.stringify(devnet.info), [])!.chains
  server = await listenTestServer(database.database, config)
  apiUrl = server.apiUrl
}, BACKEND_TIMEOUT_MS)

afterAll(async () => {
  await server?.close()
  await Promise.all([devnet?.stop(), database?.cleanup()])
}, BACKEND_TIMEOUT_MS)

const client = (projectId = 'foyer-demo') => ({ api: createApiClient({ apiUrl, projectId }) })
const ADDRESS = '0x00000000000000000000000000000000000a1c3e'

/** What the sandbox does after a payment: a signed webhook. */
async function webhook(event: Record<string, unknown>) {
  const raw = JSON.stringify(event)
  const res = await fetch(`${apiUrl}/v1/onramp/webhook/sandbox`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-foyer-signature': signOnrampWebhook(SECRET, raw, Math.floor(Date.now() / 1000)),
    },
    body: raw,
  })
  expect(res.status).toBe(200)
}

describe('on-ramp actions', () => {
  it('providers, options, quote, checkout URL and the purchase’s status as the webhook moves it', async () => {
    const { providers, restrictedTimezones } = await fetchOnrampProviders(client())
    expect(providers.map((p) => [p.id, p.sandbox])).toEqual([['sandbox', true]])
    expect(restrictedTimezones.length).toBeGreaterThan(0)

    const options = await fetchOnrampOptions(client(), { provider: 'sandbox' })
    expect(options.purchaseCurrencies.map((c) => c.id)).toEqual(['ETH', 'fUSD'])
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])

    const quote = await fetchOnrampQuote(client(), {
      purchaseCurrency: 'fUSD',
      paymentCurrency: 'USD',
      amount: '100.00',
      network: 'eip155:31337',
    })
    expect(quote).toMatchObject({
      total: '100.00',
      subtotal: '97.41',
      purchaseAmount: { amount: '97.41', currency: 'fUSD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
    })

    const { url, purchaseId } = await createOnrampUrl(client(), {
      destinationWallets: [{ address: ADDRESS, blockchains: ['eip155:31337'], assets: ['fUSD'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: ADDRESS,
      defaultExperience: 'buy',
      quoteId: quote.quoteId,
    })
    expect(url).toContain(`purchase=${purchaseId}`)
    expect(await fetchOnrampPurchase(client(), { id: purchaseId })).toMatchObject({
      status: 'created',
      purchaseAmount: '97.41',
      address: ADDRESS,
    })
    const txHash = `0x${'12'.repeat(32)}`
    await webhook({ eventId: 'core-1', purchaseId, status: 'paid' })
    expect((await fetchOnrampPurchase(client(), { id: purchaseId })).status).toBe('paid')
    await webhook({ eventId: 'core-2', purchaseId, status: 'completed', txHash })
    expect(await fetchOnrampPurchase(client(), { id: purchaseId })).toMatchObject({ status: 'completed', txHash })
  })

  it('typed errors carry the server’s reason and status', async () => {
    const below = await fetchOnrampQuote(client(), {
      purchaseCurrency: 'fUSD',
      paymentCurrency: 'USD',
      amount: '9.99',
      network: 'eip155:31337',
    }).catch((e: unknown) => e)
    expect(below).toBeInstanceOf(OnrampQuoteError)
    expect(below).toMatchObject({
      reason: 'amount_below_minimum',
      status: 400,
      messageKey: 'snackbar.errorFetchingOnrampQuote',
    })
    const network = await fetchOnrampQuote(client(), {
      purchaseCurrency: 'fUSD',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'eip155:1',
    }).catch((e: unknown) => e)
    expect(network).toMatchObject({ reason: 'unknown_network' })
    const missing = await fetchOnrampPurchase(client(), { id: '00000000-0000-4000-8000-000000000000' }).catch(
      (e: unknown) => e,
    )
    expect(missing).toBeInstanceOf(OnrampPurchaseError)
    expect(missing).toMatchObject({ reason: 'purchase_not_found', status: 404 })
    const off = await fetchOnrampProviders(client('no-onramp')).catch((e: unknown) => e)
    expect(off).toBeInstanceOf(OnrampProvidersError)
    expect(off).toMatchObject({ reason: 'feature_disabled', status: 403 })
    const options = await fetchOnrampOptions(client(), { provider: 'moonpay' }).catch((e: unknown) => e)
    expect(options).toBeInstanceOf(OnrampOptionsError)
    expect(options).toMatchObject({ reason: 'unknown_provider' })
    const url = await createOnrampUrl(client(), {
      destinationWallets: [{ address: ADDRESS, blockchains: ['eip155:31337'] }],
      quoteId: '00000000-0000-4000-8000-000000000000',
    }).catch((e: unknown) => e)
    expect(url).toBeInstanceOf(OnrampUrlError)
    expect(url).toMatchObject({ reason: 'quote_not_found', status: 404 })
    await expect(fetchOnrampProviders({})).rejects.toBeInstanceOf(ClientNotSetError)
    // Every message key is in the catalogue, in English and Spanish.
    for (const error of [below, missing, off, options, url])
      for (const catalogue of [enBuy, es] as Record<string, string>[])
        expect(catalogue[(error as { messageKey: string }).messageKey]).toBeTruthy()
  })
})
