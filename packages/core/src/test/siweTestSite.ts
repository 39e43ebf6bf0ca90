import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import type { AdapterController, ChainAdapter } from '../adapter/adapter.ts'
import type { SiweConfig, SiweSession } from '../siwe/siweTypes.ts'

/**
 * For tests of sign-in with Ethereum in the client: a wallet behind the adapter interface that really signs with
 * anvil's dev keys, and a site's own sign-in backend in memory (the `siwe: { getNonce, verifyMessage, … }` option).
 * The Foyer server's sign-in is tested against the real server (siweController.server.test.ts).
 */
// anvil's dev accounts 0 and 1 (public test keys)
export const ACCOUNT_0 = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
export const ACCOUNT_1 = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
export const PAGE = { host: 'shop.example:5173', origin: 'http://shop.example:5173' }

/** A wallet behind the adapter interface that really signs (EIP-191) with a dev key, or declines. */
export function signingAdapter() {
  let controller!: AdapterController
  let account = ACCOUNT_0
  const adapter: ChainAdapter & {
    controller: () => AdapterController
    messages: string[]
    decline: boolean
    calls: string[]
    useAccount(next: typeof ACCOUNT_0): void
  } = {
    namespace: 'eip155',
    messages: [],
    calls: [],
    decline: false,
    controller: () => controller,
    useAccount(next) {
      account = next
    },
    mount(c) {
      controller = c
      c.setConnectors([{ id: 'test', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155' }])
    },
    async connect({ connectorId, network }) {
      return { address: account.address, networkId: network!.id, connectorId }
    },
    async disconnect() {
      adapter.calls.push('disconnect')
    },
    async switchNetwork() {},
    async getBalance() {
      return { value: 0n, decimals: 18, symbol: 'ETH' }
    },
    async signMessage({ message }) {
      adapter.messages.push(message)
      if (adapter.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return account.signMessage({ message })
    },
  }
  return adapter
}

/** A site's own sign-in backend, in memory: nonces used once, the signature checked with viem. */
export function siteBackend(flags: Partial<SiweConfig> = {}) {
  const nonces = new Set<string>()
  let session: SiweSession | null = null
  const calls: string[] = []
  const config: SiweConfig = {
    async getNonce() {
      const nonce = generateSiweNonce()
      nonces.add(nonce)
      return nonce
    },
    async verifyMessage({ message, signature }) {
      calls.push('verify')
      const fields = parseSiweMessage(message)
      if (!fields.nonce || !nonces.delete(fields.nonce)) return false
      if (!validateSiweMessage({ message: fields, domain: PAGE.host })) return false
      const valid = await verifyMessage({ address: fields.address!, message, signature: signature as `0x${string}` })
      if (valid) session = { address: fields.address!, chainId: fields.chainId! }
      return valid
    },
    async getSession() {
      return session
    },
    async signOut() {
      calls.push('signOut')
      session = null
    },
    ...flags,
  }
  return {
    config,
    calls,
    setSession(next: SiweSession | null) {
      session = next
    },
  }
}
