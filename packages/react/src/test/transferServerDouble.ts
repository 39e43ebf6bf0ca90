// Test-only: what the send and swap views' sponsored-gas tests talk to. The real endpoints are tested in apps/server
// against anvil, the rule against the real server in packages/core (project/, send/, swap/), and the frame's
// sponsored user operations in apps/frame against the bundler and the paymaster.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AdapterTokenCall, AdapterTransaction, EmbeddedAccountType } from '@foyer/core/internal'
import { DEFAULT_FEATURES } from '@foyer/core/protocol'
import { embeddedConnector, embeddedWalletStandIn } from './embeddedWalletStandIn.ts'
import { ADDRESS, fakeAdapter, testWallet } from './fakeAdapter.ts'

export const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
export const FUSD = `0x${'1'.padStart(40, '0')}`
export const FOY = `0x${'2'.padStart(40, '0')}`
/** The double's swap router: what its approvals name as spender and its tokens' answer names. */
export const ROUTER = `0x${'3'.padStart(40, '0')}`
/** A project whose policy names the tokens only, not the router. */
export const TOKENS_ONLY_PROJECT = 'sponsoring-tokens'
/** The chain the project sponsors; 31338 it does not. */
export const SPONSORED_CHAIN = 31337

const tokens = [
  { address: NATIVE, name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000 },
  { address: FUSD, name: 'Foyer USD', symbol: 'fUSD', decimals: 6, price: 1 },
  { address: FOY, name: 'Foyer Token', symbol: 'FOY', decimals: 18, price: 0.5 },
]

/**
 * Test double of the Foyer server on loopback, answering the documented shapes for one project that sponsors gas on
 * chain 31337 for calls to fUSD, FOY and the router (`TOKENS_ONLY_PROJECT`: the tokens only): the project's settings, an account holding 0 ETH and 25 fUSD on every chain, the swap API's tokens,
 * gas price (1 gwei), quotes (2 FOY per fUSD), no allowance yet and its approval, and prices. `requests` lists the
 * paths asked.
 */
export function transferServerDouble() {
  const requests: string[] = []
  const json = (res: import('node:http').ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    res.end(JSON.stringify(body))
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    requests.push(url.pathname)
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET, POST',
      })
      return res.end()
    }
    const chain = url.searchParams.get('chainId') ?? `eip155:${SPONSORED_CHAIN}`
    switch (true) {
      case url.pathname === '/v1/project':
        return json(res, {
          id: 'sponsoring',
          name: 'Sponsoring',
          features: { ...DEFAULT_FEATURES, onramp: false, history: false },
          sponsorship: {
            chains: [SPONSORED_CHAIN],
            contracts: url.searchParams.get('projectId') === TOKENS_ONLY_PROJECT ? [FUSD, FOY] : [FUSD, FOY, ROUTER],
          },
        })
      case url.pathname === '/getAnalyticsConfig':
        return json(res, { isAnalyticsEnabled: false })
      case url.pathname.endsWith('/balance'):
        return json(res, {
          balances: [
            { ...holding(tokens[0]!, chain, '0', 0n), address: undefined },
            holding(tokens[1]!, chain, '25', 25_000_000n),
          ],
        })
      case url.pathname.startsWith('/v1/identity/'):
        return json(res, { name: null, avatar: null })
      case url.pathname === '/v1/convert/tokens':
        return json(res, {
          tokens: tokens.map(({ price: _, ...token }) => ({
            ...token,
            address: `${chain}:${token.address}`,
            logoUri: null,
          })),
          router: ROUTER,
        })
      case url.pathname === '/v1/convert/gas-price':
        return json(res, { standard: '1000000000', fast: '1500000000', instant: '2000000000' })
      case url.pathname === '/v1/convert/quotes': {
        const amount = BigInt(url.searchParams.get('amount')!)
        const from = url.searchParams.get('from')!
        const to = url.searchParams.get('to')!
        // fUSD (6 decimals) → FOY (18): 2 FOY per fUSD.
        return json(res, {
          quotes: [
            {
              fromAmount: String(amount),
              fromAccount: from,
              toAmount: String(amount * 2n * 10n ** 12n),
              toAccount: to,
              path: [from, to],
              priceImpact: 0.1,
            },
          ],
        })
      }
      case url.pathname === '/v1/convert/allowance':
        return json(res, { allowance: '0' })
      case url.pathname === '/v1/convert/build-approve': {
        const token = url.searchParams.get('from')!.split(':').at(-1)!
        const spender = ROUTER.slice(2)
        const amount = BigInt(url.searchParams.get('amount')!).toString(16).padStart(64, '0')
        return json(res, {
          tx: {
            chainId: chain,
            from: url.searchParams.get('userAddress')!,
            to: token,
            data: `0x095ea7b3${spender.padStart(64, '0')}${amount}`,
            value: '0',
            eip155: { gas: '60000', gasPrice: '1000000000' },
          },
        })
      }
      case url.pathname === '/v1/fungible/price': {
        let body = ''
        req.on('data', (chunk) => {
          body += chunk
        })
        req.on('end', () => {
          const { addresses } = JSON.parse(body) as { addresses: string[] }
          json(res, {
            fungibles: addresses.map((id) => {
              const token = tokens.find((t) => id.toLowerCase().endsWith(t.address))
              return {
                address: id,
                chainId: id.split(':').slice(0, 2).join(':'),
                name: token?.name ?? null,
                symbol: token?.symbol ?? null,
                decimals: token?.decimals ?? null,
                price: token?.price ?? null,
                iconUrl: null,
              }
            }),
          })
        })
        return
      }
      default:
        return json(res, { error: { code: 'not_found', message: `No route ${url.pathname}` } }, 404)
    }
  })
  return {
    requests,
    listen: () =>
      new Promise<string>((ok) =>
        server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}

function holding(token: (typeof tokens)[number], chain: string, numeric: string, raw: bigint) {
  return {
    name: token.name,
    symbol: token.symbol,
    chainId: chain,
    address: `${chain}:${token.address}`,
    decimals: token.decimals,
    quantity: { decimals: String(token.decimals), numeric },
    raw: String(raw),
    price: token.price,
    priced: true,
    value: Number(numeric) * token.price,
    iconUrl: null,
  }
}

/**
 * Test double for the embedded wallet behind its frame, on the in-memory adapter: it reports `type` as the frame's
 * account type and records what it is asked to send (`asked`).
 */
export function embeddedSendingAdapter(type: 'eoa' | 'smartAccount') {
  const accountType: EmbeddedAccountType = {
    preferredAccountType: type,
    smartAccountDeployed: type === 'smartAccount',
    accounts: [{ address: ADDRESS, type }],
  }
  const wallet = embeddedWalletStandIn({
    getEmail: () => 'ana@example.com',
    readAccountType: async () => accountType,
  })
  const asked: (AdapterTransaction | AdapterTokenCall)[] = []
  const adapter = Object.assign(fakeAdapter([testWallet, embeddedConnector]), {
    embeddedWallet: wallet,
    async sendTransaction(transaction: AdapterTransaction) {
      asked.push(transaction)
      return `0x${'ab'.repeat(32)}`
    },
    async writeContract(call: AdapterTokenCall) {
      asked.push(call)
      return `0x${'cd'.repeat(32)}`
    },
    async waitForReceipt(hash: string) {
      return { status: 'success' as const, transactionHash: hash }
    },
    async getGasPrice() {
      return 1_000_000_000n
    },
  })
  return { adapter, asked }
}
