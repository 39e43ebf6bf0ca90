// Test-only (not shipped: package.json leaves src/test out): a real chain for the swap and send tests. anvil on the
// caller's port (one port per test file: vitest runs files in parallel), deployed and seeded by the devnet code the
// stack uses, with viem clients over it.
import { type AddressInfo, createServer } from 'node:net'
import { type DevAccount, type RunningDevnet, startDevnet } from '@foyer/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import type { CaipNetwork } from '../networks/networks.ts'

export const CHAIN_ID = 31337
const routerAbi = parseAbi(['function getAmountsOut(uint amountIn, address[] path) view returns (uint[] amounts)'])

/** A transaction as built by the swap API (or by hand), for a dev account to send. */
export type BuiltTransaction = { to: string; data: Hex; value: bigint; gas: bigint; gasPrice: bigint }

export type TestChain = Awaited<ReturnType<typeof startTestChain>>

/** A loopback port nobody listens on right now: anvil must be told its port, it cannot take 0 and report back. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * anvil with the devnet's contracts and liquidity (no history seeded), and the tools the tests read it with. Port 0
 * picks a free one.
 */
export async function startTestChain({ port }: { port: number }) {
  const devnet = await startDevnet({
    chains: [{ id: CHAIN_ID, name: 'Foyer Local', port: port || (await freePort()), portEnv: 'FOYER_TEST_PORT' }],
    devnetFile: null,
    seedHistory: false,
  })
  return { devnet, ...chainTools(devnet), stop: () => devnet.stop() }
}

/** The chain side: viem clients over the devnet's anvil, the deployed contracts and reads the tests compare with. */
export function chainTools(devnet: RunningDevnet) {
  const info = devnet.info.chains[0]!
  const chain = defineChain({
    id: CHAIN_ID,
    name: info.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [info.rpcUrl] } },
  })
  const network: CaipNetwork = {
    id: `eip155:${CHAIN_ID}`,
    chainNamespace: 'eip155',
    chainId: CHAIN_ID,
    name: info.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrl: info.rpcUrl,
  }
  const contracts = info.contracts as Record<'weth' | 'usd' | 'token' | 'router' | 'factory', Address>
  const accounts = devnet.info.accounts as DevAccount[]
  const publicClient = createPublicClient({ chain, transport: http() })
  const walletClient = (index: number) =>
    createWalletClient({ account: privateKeyToAccount(accounts[index]!.privateKey as Hex), chain, transport: http() })
  /** CAIP-10 id of a token on the chain. */
  const caip = (address: string) => `${network.id}:${address}`
  return {
    chain,
    network,
    contracts,
    accounts,
    publicClient,
    walletClient,
    caip,
    native: caip(NATIVE_TOKEN_ADDRESS_EVM),
    /** What the router itself quotes for the path. */
    amountsOut: (amount: bigint, path: Address[]) =>
      publicClient.readContract({
        address: contracts.router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [amount, path],
      }),
    balanceOf: (token: Address, owner: Address) =>
      publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    allowanceOf: (token: Address, owner: Address) =>
      publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, contracts.router],
      }),
    /** A new address holding only what dev account `from` gives it: fUSD (base units) and wei. */
    async newHolder(from: number, { usd = 0n, wei = 0n }: { usd?: bigint; wei?: bigint }): Promise<Address> {
      const holder = privateKeyToAccount(generatePrivateKey()).address
      const giver = walletClient(from)
      if (usd) {
        const hash = await giver.writeContract({
          address: contracts.usd,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [holder, usd],
        })
        await publicClient.waitForTransactionReceipt({ hash })
      }
      if (wei)
        await publicClient.waitForTransactionReceipt({ hash: await giver.sendTransaction({ to: holder, value: wei }) })
      return holder
    },
    /** Sends a built transaction from dev account `index` with a plain viem wallet client, and waits for it. */
    async sendBuilt(index: number, transaction: BuiltTransaction) {
      const hash = await walletClient(index).sendTransaction({
        to: transaction.to as Address,
        data: transaction.data,
        value: transaction.value,
        gas: transaction.gas,
        gasPrice: transaction.gasPrice,
      })
      return publicClient.waitForTransactionReceipt({ hash })
    },
  }
}
