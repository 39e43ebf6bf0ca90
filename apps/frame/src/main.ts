/**
 * The secure frame. It accepts messages only from the parent origin named in its URL, and only after checking
 * that the parent really is that origin (location.ancestorOrigins / referrer) and that the project allows it.
 * Anything else is ignored and counted in `data-ignored-messages` (tests read it).
 */

import type { EmbeddedConfigResponse, EmbeddedUser } from '@foyer/core/protocol'
import { createFrameHost, type FrameHandlers, FrameHostError } from '@foyer/embedded/host'
import { type Chain, defineChain } from 'viem'
import { approvalChanged } from './approval/approvalScreen.ts'
import { createApprovals } from './approval/approvals.ts'
import { keyVault, type StoredSession, type WalletAccount } from './keyVault.ts'
import { createAccountFlows } from './login/accountFlows.ts'
import { cancelFlowScreen } from './login/flowScreen.ts'
import type { SignedIn } from './login/signIn.ts'
import { createSocialFlow } from './login/socialSignIn.ts'
import { createRpc } from './rpc/rpc.ts'
import { applyTheme, cancelScreen, installStyles, setFrameLocale } from './screens.ts'
import { createServerApi } from './serverApi.ts'
import { smartAccountState } from './smart-account/accountState.ts'
import { accountTypes } from './smart-account/accountType.ts'

const params = new URLSearchParams(location.search)
const projectId = params.get('projectId') ?? ''
const parentOrigin = params.get('parentOrigin') ?? ''
let ignored = 0
const countIgnored = () => {
  ignored++
  document.body.dataset.ignoredMessages = String(ignored)
}

function refuse(reason: string) {
  document.body.dataset.state = 'refused'
  document.body.dataset.reason = reason
  // Keep counting what arrives: nothing is ever answered.
  window.addEventListener('message', countIgnored)
}

const ancestorOrigins = () => (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins

/** The parent's real origin, as the browser reports it. */
function actualParentOrigin(): string | undefined {
  const ancestors = ancestorOrigins()
  if (ancestors?.length) return ancestors[0]
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

async function boot() {
  installStyles()
  if (window.parent === window) return refuse('not-embedded')
  // Framed once, by the top window: a page that frames an allowed site which frames us could stack its own UI
  // over ours. frame-ancestors (the frame host's CSP) stops other origins; this stops any nesting at all.
  if (window.parent !== window.top || (ancestorOrigins() !== undefined && ancestorOrigins()!.length !== 1))
    return refuse('nested-frame')
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(projectId) || !/^https?:\/\/[^/]+$/.test(parentOrigin))
    return refuse('bad-parameters')
  if (actualParentOrigin() !== parentOrigin) return refuse('parent-origin-mismatch')
  const api = createServerApi(projectId)
  let config: EmbeddedConfigResponse
  try {
    config = await api.config()
  } catch {
    return refuse('server-refused')
  }
  if (!config.allowedOrigins.includes(parentOrigin)) return refuse('origin-not-allowed')
  startWallet(api, config)
}

function startWallet(api: ReturnType<typeof createServerApi>, config: EmbeddedConfigResponse) {
  const chains: Chain[] = config.chains.map((c) =>
    defineChain({
      id: c.id,
      name: c.name,
      nativeCurrency: { name: c.nativeSymbol, symbol: c.nativeSymbol, decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    }),
  )
  // Everything this frame stores is this project's alone: another project's frame here reads none of it.
  const vault = keyVault(projectId)
  const chainKey = `foyer.frame[${projectId}].chainId`
  const storedChain = Number(localStorage.getItem(chainKey))
  let chain: Chain | undefined = chains.find((c) => c.id === storedChain) ?? chains[0]
  let session: StoredSession | undefined
  let user: EmbeddedUser | undefined
  let account: WalletAccount | undefined
  let restoring: Promise<void> | undefined
  // Smart accounts where the server names a bundler; the person's choice (else the site's) per project and user.
  const types = accountTypes(projectId)
  const smartAccount = smartAccountState(config.chains, types)

  const requireChain = () => {
    if (!chain) throw new FrameHostError('rpc_error', 'No network is configured on the Foyer server', { rpcCode: 4901 })
    return chain
  }

  function requireAccount(): WalletAccount {
    if (!account) throw new FrameHostError('unauthorized', 'Sign in first')
    return account
  }

  /** A reload: the stored session and this device's share rebuild the key. */
  function restore(): Promise<void> {
    restoring ??= (async () => {
      const stored = vault.readSession()
      if (!stored) return
      try {
        const { user: current } = await api.session(stored.token)
        if (current.address && current.authShare) {
          const restored = await vault.restoreKey(current.id, current.authShare, current.address)
          if (!restored) return // this device has no share any more: sign in again with the recovery code
          session = stored
          user = current
          account = restored
        }
      } catch (error) {
        if (error instanceof FrameHostError && error.code === 'unauthorized') vault.writeSession(undefined)
      }
    })().finally(() => {
      restoring = undefined
    })
    return restoring
  }

  /** `recovery`: the person must keep what is shown (the site's modal then refuses to close). */
  async function withFrameShown<result>(
    task: () => Promise<result>,
    reason: 'approval' | 'recovery' = 'approval',
  ): Promise<result> {
    host.emit('FRAME_VISIBILITY', { visible: true, reason })
    try {
      return await task()
    } finally {
      host.emit('FRAME_VISIBILITY', { visible: false })
    }
  }

  async function userOut() {
    const current = requireAccount()
    const onChain = requireChain()
    const login = user!.login
    const userName = login?.username ?? login?.displayName ?? undefined
    return {
      email: user!.email,
      ...(login ? { loginProvider: login.provider } : {}),
      ...(userName ? { userName: userName.slice(0, 100) } : {}),
      ...(login?.avatarUrl && /^https?:\/\/\S{1,2040}$/.test(login.avatarUrl) ? { userAvatar: login.avatarUrl } : {}),
      ...(login?.fid ? { fid: login.fid } : {}),
      address: current.address,
      chainId: onChain.id,
      solanaAddress: current.solana.address,
      ...(await smartAccount.userFields(onChain, current.address, user!.id)),
    }
  }

  // Not-safe requests wait in line (apps/frame/src/approval); the site shows the frame while any is open or waiting.
  const approvals = createApprovals({
    onBusyChange: (busy) =>
      host.emit('FRAME_VISIBILITY', busy ? { visible: true, reason: 'approval' } : { visible: false }),
  })

  async function signedIn(): Promise<void> {
    await restore()
    requireAccount()
  }

  const rpc = createRpc({
    site: parentOrigin,
    signedIn,
    account: requireAccount,
    chain: requireChain,
    approve: (details) => approvals.approve(details),
    chains: () => chains,
    smartAccount: (on) => smartAccount.activeOn(on.id, user?.id),
    sponsor: () => (session ? api.paymaster(session.token) : undefined),
    solanaKey: () => requireAccount().solana,
    // The server's Solana chain (the local one): its RPC to send on and read token accounts, its mints by name.
    solanaChains: () => config.solanaChains ?? [],
  })

  function applySignIn(next: SignedIn) {
    session = next.session
    user = next.user
    account = next.account
    host.emit('ACCOUNT_CHANGED', { address: next.account.address })
  }

  const accountFlows = createAccountFlows({
    api,
    vault,
    signedIn,
    current: () => ({ session, user }),
    signInDone: applySignIn,
    userChanged(nextSession, nextUser) {
      session = nextSession
      user = nextUser
    },
    signedOut() {
      session = undefined
      user = undefined
      account = undefined
      host.emit('ACCOUNT_CHANGED', { address: null })
    },
    keepShown: withFrameShown,
  })

  const socialFlow = createSocialFlow({
    api,
    vault,
    keepShown: withFrameShown,
    origin: parentOrigin,
    // The link question and the recovery code entry are drawn here: the site shows the frame meanwhile.
    showFrame: (visible) =>
      host.emit('FRAME_VISIBILITY', visible ? { visible: true, reason: 'signIn' } : { visible: false }),
  })

  const handlers: FrameHandlers = {
    CONNECT_EMAIL: ({ email }) => accountFlows.startEmail(email),
    /** The code is typed in the frame's own screen (the site never sees it); the key is made or rebuilt here. */
    async CONNECT_OTP() {
      await accountFlows.verifyEmail()
      return { user: await userOut() }
    },
    CONNECT_SOCIAL: ({ provider }) => socialFlow.start(provider),
    CONNECT_FARCASTER: () => socialFlow.start('farcaster'),
    /** Waits for the sign-in started with CONNECT_SOCIAL / CONNECT_FARCASTER; the key is made or rebuilt here. */
    async AWAIT_SOCIAL() {
      const state = await socialFlow.wait()
      vault.writeSession(state.session)
      applySignIn(state)
      return { user: await userOut() }
    },
    CANCEL_SOCIAL() {
      socialFlow.cancel('closed')
      return {}
    },
    async GET_USER({ chainId }) {
      await signedIn()
      if (chainId !== undefined && chainId !== chain?.id && chains.some((c) => c.id === chainId)) {
        approvals.assertNetworkMayChange()
        chain = chains.find((c) => c.id === chainId)
        localStorage.setItem(chainKey, String(chainId))
      }
      return { user: await userOut() }
    },
    async IS_CONNECTED() {
      await restore()
      return { isConnected: Boolean(account) }
    },
    SIGN_OUT: () => accountFlows.signOut(),
    GET_CHAIN_ID: () => ({ chainId: requireChain().id }),
    SWITCH_NETWORK({ chainId }) {
      const next = chains.find((c) => c.id === chainId)
      if (!next)
        throw new FrameHostError('rpc_error', `Chain ${chainId} is not available in this wallet`, { rpcCode: 4902 })
      if (next.id !== chain?.id) approvals.assertNetworkMayChange()
      chain = next
      localStorage.setItem(chainKey, String(chainId))
      host.emit('CHAIN_CHANGED', { chainId })
      return { chainId }
    },
    async RPC_REQUEST({ method, params }) {
      return { result: (await rpc(method, params)) as never }
    },
    UPDATE_EMAIL: ({ email }) => accountFlows.changeEmail(email),
    SHOW_DEVICES: () => accountFlows.devices(),
    SYNC_THEME({ themeMode, themeVariables }) {
      applyTheme(themeMode, themeVariables)
      approvalChanged() // what the person sees changed: Approve counts again
      return {}
    },
    async SYNC_DAPP_DATA({ locale, defaultAccountType }) {
      if (defaultAccountType) types.setSiteDefault(defaultAccountType)
      await setFrameLocale(locale)
      return {}
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: smartAccount.enabledNetworks }),
    async SET_PREFERRED_ACCOUNT({ type }) {
      await signedIn()
      return { type: smartAccount.setPreferred(user!.id, type) }
    },
    ABORT_PENDING() {
      approvals.abortAll()
      socialFlow.cancel('aborted')
      cancelFlowScreen()
      cancelScreen()
      return {}
    },
  }

  const host = createFrameHost({
    parentOrigin,
    parentWindow: window.parent,
    handlers,
    onIgnored: countIgnored,
    // Never the payload: it may hold codes or signatures. Only which request failed.
    onUnexpectedError: (type) => console.error(`[foyer frame] ${type} failed`),
  })
  document.body.dataset.state = 'ready'
  host.emit('FRAME_READY', {})
}

void boot()
