/**
 * A WalletConnect wallet that runs in Node, for end-to-end tests of dapps that pair over WalletConnect (the
 * Foyer modal's QR view, or any dapp): the real `@walletconnect/sign-client` as the wallet side, signing and
 * sending with the same `TestWalletCore` the EIP-6963 test wallet uses (viem, real transactions on the chain),
 * EIP-5792 call batches included.
 */
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import type { Hex } from 'viem'
import type { SolanaTestWallet } from '../solana/solanaTestWallet.ts'
import { type TestWalletChain, TestWalletCore, type TestWalletRequest, toWalletRpcError } from '../wallet-core/index.ts'
import { MemoryKeyValueStorage } from './memoryStorage.ts'
import {
  createWalletConnectSolanaSide,
  WalletConnectSolanaRequestError,
  type WalletConnectTestWalletSolanaOptions,
} from './walletConnectSolana.ts'

/** EIP-5792 call batches, offered unless the `callBatches` option is off. */
const CALL_BATCH_METHODS = ['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus'] as const

/** The methods the wallet approves when a proposal asks for them (without the call batch ones when `callBatches` is off). */
export const WALLETCONNECT_TEST_WALLET_METHODS = [
  'eth_sendTransaction',
  'eth_signTransaction',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  ...CALL_BATCH_METHODS,
] as const
export const WALLETCONNECT_TEST_WALLET_EVENTS = ['chainChanged', 'accountsChanged'] as const

export type WalletConnectTestWalletOptions = {
  /** e.g. the local relay `ws://127.0.0.1:8790`. */
  relayUrl: string
  /** Any string works with Foyer's relay. Default `foyer-test-wallet`. */
  projectId?: string
  privateKey: Hex
  chains: readonly TestWalletChain[]
  initialChainId?: number
  /** Approve session proposals as they arrive (default true); otherwise call `approve()` / `reject()`. */
  autoApprove?: boolean
  metadata?: SignClientTypes.Metadata
  /**
   * Offer EIP-5792 call batches (`wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`) in the
   * sessions it approves (default true). Off, it is a wallet from before EIP-5792: a dapp that asks for them still
   * connects, without them.
   */
  callBatches?: boolean
  /**
   * Run call batches atomically (EIP-7702 delegation, as the core's `atomicBatch`), and report the `atomic`
   * capability as `supported` (default false: `wallet_getCapabilities` answers `{}`).
   */
  atomicBatch?: boolean
  /**
   * Also put the capabilities in each session it approves (CAIP-25 `scopedProperties`, per chain:
   * `{ 'eip155:<id>': { atomic: { status: 'supported' } } }`), as wallets do so that dapps need not ask. The session
   * keeps what was true at approval. Default false.
   */
  capabilitiesInSession?: boolean
  /**
   * Also hold a Solana key (the Solana test wallet's Node half) and approve the proposal's `solana` namespace on
   * these clusters, answering `solana_signMessage`, `solana_signTransaction` and `solana_signAndSendTransaction`.
   */
  solana?: WalletConnectTestWalletSolanaOptions
}

export type PendingProposal = SignClientTypes.EventArguments['session_proposal']

export type WalletConnectTestWallet = {
  readonly address: `0x${string}`
  readonly chainId: number
  readonly core: TestWalletCore
  /** The Solana side when the `solana` option is given: its address and its own request log (`solana.requests`). */
  readonly solana: SolanaTestWallet | undefined
  readonly client: InstanceType<typeof SignClient>
  /** Every request the dapp sent over a session: `{ method, params, origin, at, result?, error? }`. */
  readonly requests: TestWalletRequest[]
  /** Pairs with a `wc:` URI (what the dapp shows as a QR code). Resolves once the pairing is made. */
  pair(uri: string): Promise<void>
  /** Resolves with the next session once it is settled (after approval). */
  waitForSession(timeoutMs?: number): Promise<SessionTypes.Struct>
  /** The proposal waiting for a decision when `autoApprove` is off. */
  nextProposal(timeoutMs?: number): Promise<PendingProposal>
  approve(proposal: PendingProposal): Promise<SessionTypes.Struct>
  reject(proposal: PendingProposal): Promise<void>
  /** The user says no to every prompt (proposals and signing) with "User rejected". */
  setRejecting(on: boolean): void
  sessions(): SessionTypes.Struct[]
  /** The user changes network in the wallet: every session gets `chainChanged`. */
  switchChainFromWallet(chainId: number): Promise<void>
  /** The user disconnects every dapp from inside the wallet. */
  disconnectFromWallet(): Promise<void>
  /** Closes the relay connection. */
  close(): Promise<void>
}

let instances = 0

/**
 * Starts a WalletConnect wallet in Node.
 *
 * @example
 * const wallet = await createWalletConnectTestWallet({ relayUrl: 'ws://127.0.0.1:8790', privateKey, chains })
 * await wallet.pair(uriFromTheQrView)
 * await wallet.waitForSession()
 */
export async function createWalletConnectTestWallet(
  options: WalletConnectTestWalletOptions,
): Promise<WalletConnectTestWallet> {
  const core = new TestWalletCore({
    privateKey: options.privateKey,
    chains: options.chains,
    initialChainId: options.initialChainId,
    atomicBatch: options.atomicBatch,
  })
  const solana = options.solana ? await createWalletConnectSolanaSide(options.solana) : undefined
  const methods = WALLETCONNECT_TEST_WALLET_METHODS.filter(
    (method) => options.callBatches !== false || !(CALL_BATCH_METHODS as readonly string[]).includes(method),
  )
  const client = await SignClient.init({
    projectId: options.projectId ?? 'foyer-test-wallet',
    relayUrl: options.relayUrl,
    metadata: options.metadata ?? {
      name: 'Foyer Test Wallet',
      description: 'WalletConnect test wallet',
      url: 'https://wallet.foyer.invalid',
      icons: [],
    },
    // Distinct per instance: two SDK clients in one process must not share storage.
    customStoragePrefix: `foyer-test-wallet-${process.pid}-${++instances}`,
    storage: new MemoryKeyValueStorage() as never,
    telemetryEnabled: false,
    logger: 'silent',
  })
  // Origin verification asks WalletConnect's hosted verify service, which tests cannot reach (and must not).
  client.core.verify.resolve = (async () => undefined) as never

  const autoApprove = options.autoApprove ?? true
  const proposals: PendingProposal[] = []
  const proposalWaiters: ((proposal: PendingProposal) => void)[] = []
  const sessionWaiters: ((session: SessionTypes.Struct) => void)[] = []
  const originOf = (topic: string) => client.session.get(topic).peer.metadata.url || 'walletconnect:unknown'
  const caipChains = () => core.chains.map((c) => `eip155:${c.id}`)

  function namespacesFor(proposal: PendingProposal['params']) {
    return buildApprovedNamespaces({
      proposal,
      supportedNamespaces: {
        eip155: {
          chains: caipChains(),
          methods,
          events: [...WALLETCONNECT_TEST_WALLET_EVENTS],
          accounts: caipChains().map((chain) => `${chain}:${core.address}`),
        },
        ...(solana && { solana: solana.supportedNamespace() }),
      },
    })
  }

  /** The `atomic` capability per chain, for the session (CAIP-25 scoped properties), when the wallet announces it. */
  function scopedPropertiesFor(namespaces: ReturnType<typeof namespacesFor>) {
    const approved = namespaces.eip155
    if (!options.capabilitiesInSession || !core.atomicBatch || !approved?.methods.includes('wallet_sendCalls')) return
    const chains = approved.chains ?? []
    return Object.fromEntries(chains.map((chain) => [chain, { atomic: { status: 'supported' } }]))
  }

  async function approve(proposal: PendingProposal) {
    const namespaces = namespacesFor(proposal.params)
    const scopedProperties = scopedPropertiesFor(namespaces)
    const { acknowledged } = await client.approve({
      id: proposal.id,
      namespaces,
      ...(scopedProperties && { scopedProperties }),
    })
    const session = await acknowledged()
    await core.authorize(session.peer.metadata.url || 'walletconnect:unknown')
    if (solana && session.namespaces.solana)
      await solana.wallet.authorize(session.peer.metadata.url || 'walletconnect:unknown')
    for (const waiter of sessionWaiters.splice(0)) waiter(session)
    return session
  }
  async function reject(proposal: PendingProposal) {
    await client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
  }

  client.on('session_proposal', (proposal) => {
    if (core.rejecting) return void reject(proposal).catch(() => {})
    if (autoApprove) return void approve(proposal).catch(() => {})
    const waiter = proposalWaiters.shift()
    if (waiter) waiter(proposal)
    else proposals.push(proposal)
  })

  // The SDK delivers only requests for methods and chains the session approved (it answers the rest with an error
  // itself), so a session without the call batch methods never reaches `wallet_sendCalls` here.
  client.on('session_request', async ({ id, topic, params }) => {
    const chainId = Number(params.chainId.split(':')[1])
    let response:
      | { id: number; jsonrpc: '2.0'; result: unknown }
      | { id: number; jsonrpc: '2.0'; error: { code: number; message: string } }
    if (params.chainId.startsWith('solana:')) {
      try {
        if (!solana) throw new WalletConnectSolanaRequestError(-32602, 'The wallet holds no Solana key')
        const result = await solana.request(
          originOf(topic),
          params.chainId,
          params.request.method,
          params.request.params,
        )
        response = { id, jsonrpc: '2.0', result }
      } catch (error) {
        const e = error as WalletConnectSolanaRequestError
        response = { id, jsonrpc: '2.0', error: { code: e.code ?? -32000, message: e.message } }
      }
      await client.respond({ topic, response }).catch(() => {})
      return
    }
    try {
      // The dapp names the chain on every request; the wallet acts on it, as multi-chain wallets do.
      if (
        chainId !== core.chainId &&
        core.chains.some((c) => c.id === chainId) &&
        params.request.method !== 'wallet_switchEthereumChain'
      ) {
        await core.switchChain(chainId)
      }
      const result = await core.request(originOf(topic), params.request.method, params.request.params)
      response = { id, jsonrpc: '2.0', result }
    } catch (error) {
      const rpc = toWalletRpcError(error)
      response = { id, jsonrpc: '2.0', error: { code: rpc.code, message: rpc.message } }
    }
    await client.respond({ topic, response }).catch(() => {})
  })

  // Wallet-side events go to every session the wallet has.
  core.setEventSink(async (_scope, event, payload) => {
    const name = event === 'chainChanged' ? 'chainChanged' : event === 'accountsChanged' ? 'accountsChanged' : undefined
    if (!name) return
    for (const session of client.session.getAll()) {
      const data = name === 'chainChanged' ? Number(payload) : payload
      await client
        .emit({ topic: session.topic, event: { name, data }, chainId: `eip155:${core.chainId}` })
        .catch(() => {})
    }
  })

  function waitFor<value>(list: ((v: value) => void)[], what: string, timeoutMs: number) {
    return new Promise<value>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`WalletConnect test wallet: no ${what} within ${timeoutMs} ms`)),
        timeoutMs,
      )
      list.push((v) => {
        clearTimeout(timer)
        resolve(v)
      })
    })
  }

  return {
    get address() {
      return core.address
    },
    get chainId() {
      return core.chainId
    },
    core,
    solana: solana?.wallet,
    client,
    requests: core.requests,
    async pair(uri) {
      if (!uri.startsWith('wc:')) throw new TypeError(`Not a WalletConnect URI: ${uri.slice(0, 40)}`)
      await client.core.pairing.pair({ uri })
    },
    waitForSession: (timeoutMs = 15_000) => waitFor(sessionWaiters, 'session', timeoutMs),
    nextProposal(timeoutMs = 15_000) {
      const queued = proposals.shift()
      return queued ? Promise.resolve(queued) : waitFor(proposalWaiters, 'session proposal', timeoutMs)
    },
    approve,
    reject,
    setRejecting: (on) => {
      core.setRejecting(on)
      solana?.wallet.setRejecting(on)
    },
    sessions: () => client.session.getAll(),
    switchChainFromWallet: (chainId) => core.switchChain(chainId),
    async disconnectFromWallet() {
      for (const session of client.session.getAll()) {
        await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
      }
      await core.disconnectAll()
      await solana?.wallet.disconnectAll()
    },
    async close() {
      await client.core.relayer.transportClose().catch(() => {})
    },
  }
}
