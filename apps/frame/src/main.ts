/**
 * The secure frame. It accepts messages only from the parent origin named in its URL, and only after checking
 * that the parent really is that origin (location.ancestorOrigins / referrer) and that the project allows it.
 * Anything else is ignored and counted in `data-ignored-messages` (tests read it).
 */
import { FrameHostError, type FrameHandlers, classifyRpcMethod, createFrameHost } from '@foyer/embedded/host'
import { http, type Chain, type Hex, type PrivateKeyAccount, createPublicClient, createWalletClient, defineChain, hexToString, isHex } from 'viem'
import { type StoredSession, createKey, deviceId, readSession, recoverKey, restoreKey, writeSession } from './keyVault.ts'
import { applyTheme, askRecoveryCode, cancelScreen, installStyles, setFrameLocale, showApproval, showRecoveryCode } from './screens.ts'
import { type FrameConfig, type ServerUser, createServerApi } from './serverApi.ts'

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

/** The parent's real origin, as the browser reports it. */
function actualParentOrigin(): string | undefined {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors && ancestors.length) return ancestors[0]
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

async function boot() {
  installStyles()
  if (window.parent === window) return refuse('not-embedded')
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(projectId) || !/^https?:\/\/[^/]+$/.test(parentOrigin)) return refuse('bad-parameters')
  if (actualParentOrigin() !== parentOrigin) return refuse('parent-origin-mismatch')
  const api = createServerApi(projectId)
  let config: FrameConfig
  try {
    config = await api.config()
  } catch {
    return refuse('server-refused')
  }
  if (!config.allowedOrigins.includes(parentOrigin)) return refuse('origin-not-allowed')
  startWallet(api, config)
}

function startWallet(api: ReturnType<typeof createServerApi>, config: FrameConfig) {
  const chains: Chain[] = config.chains.map((c) =>
    defineChain({ id: c.id, name: c.name, nativeCurrency: { name: c.nativeSymbol, symbol: c.nativeSymbol, decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  )
  const storedChain = Number(localStorage.getItem('foyer.frame.chainId'))
  let chain: Chain | undefined = chains.find((c) => c.id === storedChain) ?? chains[0]
  let pendingEmail: string | undefined
  let session: StoredSession | undefined
  let user: ServerUser | undefined
  let account: PrivateKeyAccount | undefined
  let restoring: Promise<void> | undefined
  let deviceWait: AbortController | undefined

  const requireChain = () => {
    if (!chain) throw new FrameHostError('rpc_error', 'No network is configured on the Foyer server', { rpcCode: 4901 })
    return chain
  }
  const publicClient = () => createPublicClient({ chain: requireChain(), transport: http() })
  const walletClient = () => createWalletClient({ account: requireAccount(), chain: requireChain(), transport: http() })

  function requireAccount(): PrivateKeyAccount {
    if (!account) throw new FrameHostError('unauthorized', 'Sign in first')
    return account
  }

  /** A reload: the stored session and this device's share rebuild the key. */
  function restore(): Promise<void> {
    return (restoring ??= (async () => {
      const stored = readSession()
      if (!stored) return
      try {
        const { user: current } = await api.session(stored.token)
        if (current.address && current.authShare) {
          const restored = await restoreKey(current.id, current.authShare, current.address)
          if (!restored) return // this device has no share any more: sign in again with the recovery code
          session = stored
          user = current
          account = restored
        }
      } catch (error) {
        if (error instanceof FrameHostError && error.code === 'unauthorized') writeSession(undefined)
      }
    })().finally(() => {
      restoring = undefined
    }))
  }

  /** `recovery`: the person must keep what is shown (the site's modal then refuses to close). */
  async function withFrameShown<result>(task: () => Promise<result>, reason: 'approval' | 'recovery' = 'approval'): Promise<result> {
    host.emit('FRAME_VISIBILITY', { visible: true, reason })
    try {
      return await task()
    } finally {
      host.emit('FRAME_VISIBILITY', { visible: false })
    }
  }

  function userOut() {
    const current = requireAccount()
    return {
      email: user!.email,
      address: current.address,
      chainId: requireChain().id,
      accounts: [{ address: current.address, type: 'eoa' as const }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa' as const,
    }
  }

  async function approve(details: Parameters<typeof showApproval>[0]) {
    let approved: boolean
    try {
      approved = await withFrameShown(() => showApproval(details))
    } catch {
      throw new FrameHostError('aborted', 'Request was aborted')
    }
    if (!approved) throw new FrameHostError('rejected', 'The request was rejected in the wallet')
  }

  async function signedIn(): Promise<void> {
    await restore()
    requireAccount()
  }

  async function rpc(method: string, params: unknown): Promise<unknown> {
    const kind = classifyRpcMethod(method)
    if (kind === 'notAllowed') throw new FrameHostError('not_allowed', 'Requested RPC call is not allowed')
    await signedIn()
    const list = Array.isArray(params) ? params : []
    const site = parentOrigin
    const current = requireAccount()
    if (kind === 'safe') {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [current.address]
        case 'eth_chainId':
          return `0x${requireChain().id.toString(16)}`
        case 'wallet_getCapabilities':
        case 'wallet_getPermissions':
          return method === 'wallet_getPermissions' ? [] : {}
        case 'wallet_getCallsStatus':
        case 'getAccounts':
        case 'getBalance':
        case 'getLatestBlockhash':
          throw new FrameHostError('unsupported', `${method} is not supported by this wallet`)
      }
      return forward(method, list)
    }
    switch (method) {
      case 'personal_sign': {
        const [message, from] = list as [Hex, string]
        if (typeof from === 'string' && from.toLowerCase() !== current.address.toLowerCase()) throw new FrameHostError('rpc_error', 'Unknown account', { rpcCode: 4100 })
        const text = isHex(message) ? safeText(message) : String(message)
        await approve({ title: 'frame.signMessage', site, rows: [['frame.account', current.address]], body: text })
        return current.signMessage({ message: isHex(message) ? { raw: message } : String(message) })
      }
      case 'eth_signTypedData_v4':
      case 'eth_signTypedData': {
        const [from, raw] = list as [string, string | Record<string, unknown>]
        if (typeof from === 'string' && from.toLowerCase() !== current.address.toLowerCase()) throw new FrameHostError('rpc_error', 'Unknown account', { rpcCode: 4100 })
        const typed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Parameters<PrivateKeyAccount['signTypedData']>[0]
        await approve({ title: 'frame.signTypedData', site, rows: [['frame.account', current.address], ['frame.type', String((typed as { primaryType?: string }).primaryType ?? '')]], body: JSON.stringify(typed.message, null, 2) })
        return current.signTypedData(typed)
      }
      case 'eth_sendTransaction':
      case 'eth_signTransaction': {
        const [tx] = list as [{ from?: string; to?: string; value?: Hex; data?: Hex; gas?: Hex }]
        if (!tx || (tx.from && tx.from.toLowerCase() !== current.address.toLowerCase())) throw new FrameHostError('rpc_error', 'Unknown account', { rpcCode: 4100 })
        const rows: Parameters<typeof showApproval>[0]['rows'] = [
          ['frame.network', requireChain().name],
          ['frame.from', current.address],
          ['frame.to', tx.to ?? '—'],
          ['frame.value', `${formatEther(BigInt(tx.value ?? '0x0'))} ${requireChain().nativeCurrency.symbol}`],
        ]
        await approve({ title: method === 'eth_sendTransaction' ? 'frame.sendTransaction' : 'frame.signTransaction', site, rows, body: tx.data && tx.data !== '0x' ? tx.data : undefined })
        const request = {
          to: tx.to as Hex | undefined,
          value: tx.value ? BigInt(tx.value) : undefined,
          data: tx.data,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        }
        try {
          if (method === 'eth_signTransaction') {
            const prepared = await walletClient().prepareTransactionRequest(request)
            return await current.signTransaction(prepared as never)
          }
          return await walletClient().sendTransaction(request)
        } catch (error) {
          throw new FrameHostError('rpc_error', (error as { shortMessage?: string }).shortMessage ?? 'The transaction failed', { rpcCode: -32603 })
        }
      }
      default:
        // Listed as not-safe (Solana signing, wallet_sendCalls, permissions, user operations, eth_sign) but not
        // something this EOA wallet does yet: refuse rather than pretend.
        throw new FrameHostError('unsupported', `${method} is not supported by this wallet yet`)
    }
  }

  async function forward(method: string, params: unknown[]) {
    try {
      return await publicClient().request({ method: method as never, params: params as never })
    } catch (error) {
      const e = error as { code?: number; shortMessage?: string }
      throw new FrameHostError('rpc_error', e.shortMessage ?? 'RPC request failed', { rpcCode: typeof e.code === 'number' ? e.code : -32603 })
    }
  }

  const handlers: FrameHandlers = {
    async CONNECT_EMAIL({ email }) {
      pendingEmail = email.trim().toLowerCase()
      return api.startEmail(pendingEmail, deviceId())
    },
    async CONNECT_DEVICE() {
      if (!pendingEmail) throw new FrameHostError('invalid_request', 'Start with an email first')
      deviceWait?.abort()
      const controller = (deviceWait = new AbortController())
      while (!controller.signal.aborted) {
        const { approved } = await api.deviceStatus(pendingEmail, deviceId(), controller.signal)
        if (approved) return { approved: true }
        await new Promise((resolve) => setTimeout(resolve, 1500))
      }
      throw new FrameHostError('aborted', 'Request was aborted')
    },
    async CONNECT_OTP({ otp }) {
      if (!pendingEmail) throw new FrameHostError('invalid_request', 'Start with an email first')
      const verified = await api.verifyEmail(pendingEmail, deviceId(), otp)
      const stored: StoredSession = { token: verified.sessionToken, expiresAt: verified.expiresAt, userId: verified.user.id, email: verified.user.email }
      let current = verified.user
      let key: PrivateKeyAccount | undefined
      if (!current.address || !current.authShare) {
        const created = await createKey(current.id)
        current = (await api.createWallet(stored.token, created.account.address, created.authShare)).user
        key = created.account
        // The person keeps the third share; shown once, in this frame only.
        await withFrameShown(() => showRecoveryCode(created.recoveryCode), 'recovery')
      } else {
        key = await restoreKey(current.id, current.authShare, current.address)
        if (!key) {
          const { address, authShare, id } = current
          try {
            await withFrameShown(() => askRecoveryCode(async (code) => Boolean((key = await recoverKey(id, authShare!, code, address!)))))
          } catch {
            throw new FrameHostError('aborted', 'Request was aborted')
          }
        }
      }
      writeSession(stored)
      session = stored
      user = current
      account = key
      pendingEmail = undefined
      host.emit('ACCOUNT_CHANGED', { address: key!.address })
      return { user: userOut() }
    },
    async GET_USER({ chainId }) {
      await signedIn()
      if (chainId !== undefined && chains.some((c) => c.id === chainId)) {
        chain = chains.find((c) => c.id === chainId)
        localStorage.setItem('foyer.frame.chainId', String(chainId))
      }
      return { user: userOut() }
    },
    async IS_CONNECTED() {
      await restore()
      return { isConnected: Boolean(account) }
    },
    async SIGN_OUT() {
      const token = session?.token ?? readSession()?.token
      if (token) await api.signOut(token).catch(() => undefined)
      writeSession(undefined)
      session = undefined
      user = undefined
      account = undefined
      host.emit('ACCOUNT_CHANGED', { address: null })
      return {}
    },
    GET_CHAIN_ID: () => ({ chainId: requireChain().id }),
    SWITCH_NETWORK({ chainId }) {
      const next = chains.find((c) => c.id === chainId)
      if (!next) throw new FrameHostError('rpc_error', `Chain ${chainId} is not available in this wallet`, { rpcCode: 4902 })
      chain = next
      localStorage.setItem('foyer.frame.chainId', String(chainId))
      host.emit('CHAIN_CHANGED', { chainId })
      return { chainId }
    },
    async RPC_REQUEST({ method, params }) {
      return { result: (await rpc(method, params)) as never }
    },
    async UPDATE_EMAIL({ email }) {
      await signedIn()
      return api.updateEmail(session!.token, email.trim().toLowerCase())
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      await signedIn()
      return api.updateEmailPrimary(session!.token, otp)
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      await signedIn()
      const result = await api.updateEmailSecondary(session!.token, otp)
      user = { ...user!, email: result.email }
      writeSession({ ...session!, email: result.email })
      return result
    },
    SYNC_THEME({ themeMode, themeVariables }) {
      applyTheme(themeMode, themeVariables)
      return {}
    },
    async SYNC_DAPP_DATA({ locale }) {
      await setFrameLocale(locale)
      return {}
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [] }),
    SET_PREFERRED_ACCOUNT({ type }) {
      if (type !== 'eoa') throw new FrameHostError('unsupported', 'Smart accounts are not available yet')
      return { type: 'eoa' }
    },
    ABORT_PENDING() {
      deviceWait?.abort()
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

function safeText(hex: Hex): string {
  try {
    const text = hexToString(hex)
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? hex : text
  } catch {
    return hex
  }
}

function formatEther(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

void boot()
