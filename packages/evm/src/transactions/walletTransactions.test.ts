// @vitest-environment jsdom
// (wagmi's injected connector looks for its wallet on `window`.)
import { createRequire } from 'node:module'
import { UserRejectedRequestError } from '@foyer/core'
import { createConfig, createStorage, http, injected } from '@wagmi/core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type EIP1193Provider,
  erc20Abi,
  type Hex,
  parseEther,
  http as viemHttp,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter/evmAdapter.ts'
import { toCaipNetwork } from '../networks/evmNetworks.ts'
import { type Anvil, DEV_ACCOUNTS, startAnvil } from '../test/anvil.ts'
import { recordingController } from '../test/recordingController.ts'

const [ALICE, BOB] = DEV_ACCOUNTS
const PORT = 19310
const chain = defineChain({
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${PORT}`] } },
})
const otherChain = defineChain({ ...chain, id: 31338, name: 'Foyer Local 2' })
const network = toCaipNetwork(chain)
const publicClient = createPublicClient({ chain, transport: viemHttp() })

/**
 * Test double only: a browser wallet's EIP-1193 surface over anvil (whose dev accounts are unlocked, so anvil signs).
 * `rejecting` plays the person pressing "Reject" (code 4001) on transaction prompts.
 */
function anvilWallet() {
  const state = { rejecting: false, chainId: chain.id }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ALICE]
      if (method === 'eth_chainId') return `0x${state.chainId.toString(16)}`
      if (method === 'eth_sendTransaction' && state.rejecting)
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const response = await fetch(chain.rpcUrls.default.http[0], {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      })
      const json = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
      if (json.error) throw Object.assign(new Error(json.error.message), { code: json.error.code })
      return json.result
    },
    on() {},
    removeListener() {},
  } as unknown as EIP1193Provider
  return { state, provider }
}

describe('evmAdapter sends through the connected wallet (anvil)', () => {
  let anvil: Anvil
  let token: Address
  const wallet = anvilWallet()
  const wagmiConfig = createConfig({
    chains: [chain, otherChain],
    connectors: [injected({ target: () => ({ id: 'anvil-wallet', name: 'Anvil wallet', provider: wallet.provider }) })],
    transports: { [chain.id]: http(), [otherChain.id]: http('http://127.0.0.1:1') },
    storage: createStorage({ storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} } }),
    multiInjectedProviderDiscovery: false,
  })
  const adapter = evmAdapter({ wagmiConfig, reconnectOnMount: false })

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: chain.id })
    adapter.mount(recordingController([network]).controller)
    await adapter.connect({ connectorId: 'anvil-wallet', network })
    // An ERC-20 (Uniswap's test token, whole supply to Alice) to transfer and approve.
    const artifact = createRequire(import.meta.url)('@uniswap/v2-core/build/ERC20.json') as {
      abi: any
      bytecode: string
    }
    const deployer = createWalletClient({ account: ALICE, chain, transport: viemHttp() })
    const hash = await deployer.deployContract({
      abi: artifact.abi,
      bytecode: `0x${artifact.bytecode}` as Hex,
      args: [parseEther('1000')],
    })
    token = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  it('sends native currency and waits for the receipt', async () => {
    const before = await publicClient.getBalance({ address: BOB })
    const hash = await adapter.sendTransaction({ network, to: BOB, value: parseEther('1.25') })
    const receipt = await adapter.waitForReceipt(hash, network)
    expect(receipt).toMatchObject({ status: 'success', transactionHash: hash })
    expect((await publicClient.getBalance({ address: BOB })) - before).toBe(parseEther('1.25'))
  })

  it('sends with a fixed gas limit and gas price (as the swap API builds them)', async () => {
    const gasPrice = await adapter.getGasPrice(network)
    expect(gasPrice).toBeGreaterThan(0n)
    const gas = await adapter.estimateGas({ network, from: ALICE, to: BOB, value: 1n })
    expect(gas).toBe(21_000n)
    const hash = await adapter.sendTransaction({ network, to: BOB, value: 1n, gas, gasPrice })
    const transaction = await publicClient.getTransaction({ hash: hash as Hex })
    expect(transaction).toMatchObject({ type: 'legacy', gas, gasPrice })
  })

  it('transfers and approves an ERC-20', async () => {
    const transfer = await adapter.writeContract({
      network,
      tokenAddress: token,
      functionName: 'transfer',
      args: [BOB, parseEther('12')],
    })
    expect((await adapter.waitForReceipt(transfer, network)).status).toBe('success')
    expect(
      await publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [BOB] }),
    ).toBe(parseEther('12'))
    const approve = await adapter.writeContract({
      network,
      tokenAddress: token,
      functionName: 'approve',
      args: [BOB, 777n],
    })
    await adapter.waitForReceipt(approve, network)
    expect(
      await publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [ALICE, BOB] }),
    ).toBe(777n)
  })

  it('estimates an ERC-20 transfer by its sender, as viem estimates the same contract call', async () => {
    const call = { network, tokenAddress: token, functionName: 'transfer', args: [BOB, parseEther('1')] } as const
    const estimated = await adapter.estimateTokenCallGas({ ...call, from: ALICE })
    expect(estimated).toBe(
      await publicClient.estimateContractGas({
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [BOB, parseEther('1')],
        account: ALICE,
      }),
    )
    // More than the sender holds: the node refuses to estimate it.
    await expect(
      adapter.estimateTokenCallGas({ ...call, args: [BOB, parseEther('1000000000')], from: ALICE }),
    ).rejects.toThrow()
  })

  it('a decline in the wallet is UserRejectedRequestError, and nothing is sent', async () => {
    const nonce = await publicClient.getTransactionCount({ address: ALICE })
    wallet.state.rejecting = true
    const error = await adapter.sendTransaction({ network, to: BOB, value: 1n }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    await expect(
      adapter.writeContract({ network, tokenAddress: token, functionName: 'transfer', args: [BOB, 1n] }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    wallet.state.rejecting = false
    expect(await publicClient.getTransactionCount({ address: ALICE })).toBe(nonce)
  })

  it('refuses to send on a network the wallet is not on', async () => {
    const nonce = await publicClient.getTransactionCount({ address: ALICE })
    const error = await adapter
      .sendTransaction({ network: toCaipNetwork(otherChain), to: BOB, value: 1n })
      .catch((e: unknown) => e)
    expect((error as { shortMessage?: string }).shortMessage).toMatch(/chain/i)
    expect(await publicClient.getTransactionCount({ address: ALICE })).toBe(nonce)
  })
})
