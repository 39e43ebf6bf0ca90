/**
 * Sign in with Farcaster for the embedded wallet, through `@farcaster/auth-client`'s app client: `start` opens a
 * channel on the Farcaster Connect relay (its `url` is the sign-in link the frame shows as a QR code and deep link),
 * and `check` reads the channel; once the person's Farcaster client answered, the Sign in with Farcaster message
 * is verified (domain = the site's host, the flow's nonce, its lifetime, the signature, and that the signer is the
 * fid's custody address or one of its auth addresses, read from Farcaster's registries over FOYER_FARCASTER_RPC_URL).
 *
 * Nothing here stores anything: the caller keeps the channel token and the nonce with its flow. The relay closes a
 * channel once it has reported it completed, so a `verified` (or `failed`) answer comes once; later reads of the
 * same channel answer `login_expired`.
 */
import {
  type AppClient,
  type AuthClientError,
  createAppClient,
  type StatusAPIResponse,
  viemConnector,
} from '@farcaster/auth-client'
import { parseSiweMessage } from 'viem/siwe'
import { ApiError } from '../../http/errors.ts'
import type { SettingValues } from '../../settings/serverSettings.ts'
import type { VerifiedIdentity } from '../social/verifiedIdentity.ts'

export interface FarcasterLoginConfig {
  /** The Farcaster Connect relay, e.g. `https://relay.farcaster.xyz` (FOYER_FARCASTER_RELAY_URL). */
  relayUrl?: string
  /** JSON-RPC of the chain holding Farcaster's IdRegistry and KeyRegistry: Optimism (FOYER_FARCASTER_RPC_URL). */
  rpcUrl?: string
  /** How long one call to the relay or one verification may take before it counts as unavailable. Default 5 s. */
  timeoutMs?: number
}

export interface FarcasterStart {
  /** The flow's nonce: at least 8 letters and digits (EIP-4361), kept by the caller and given again to `check`. */
  nonce: string
  /** The site the frame serves (an allowed origin of the project): the message's `uri`, its host the `domain`. */
  siteOrigin: string
  /** The flow's end: the message's `expirationTime`. */
  expiresAt: Date
}

export interface FarcasterCheck {
  channelToken: string
  nonce: string
  siteOrigin: string
}

export type FarcasterFailureCode = 'login_failed' | 'login_expired' | 'login_cancelled'

export type FarcasterCheckResult =
  | { status: 'pending' }
  | { status: 'verified'; identity: VerifiedIdentity }
  | { status: 'failed'; code: FarcasterFailureCode; message: string }

export interface FarcasterLogin {
  /** Opens a relay channel. Throws ApiError 503 `provider_unavailable` when the relay does not answer in time. */
  start(args: FarcasterStart): Promise<{ channelToken: string; url: string }>
  /**
   * Reads the channel and, once completed, verifies it. Throws ApiError 503 `provider_unavailable` when the relay or
   * the registries' chain does not answer in time. `login_cancelled` never comes: Farcaster's relay has no way for a
   * person to say no, so a refused request simply expires.
   */
  check(args: FarcasterCheck): Promise<FarcasterCheckResult>
}

export const DEFAULT_FARCASTER_TIMEOUT_MS = 5000
const NONCE = /^[a-zA-Z0-9]{8,}$/
const MAX_PROFILE_TEXT = 256

/** The Farcaster settings as this module's configuration. */
export function farcasterLoginConfig(
  values: Pick<SettingValues, 'FOYER_FARCASTER_RELAY_URL' | 'FOYER_FARCASTER_RPC_URL'>,
): FarcasterLoginConfig {
  return { relayUrl: values.FOYER_FARCASTER_RELAY_URL, rpcUrl: values.FOYER_FARCASTER_RPC_URL }
}

const unavailable = (what: string, cause?: unknown) =>
  new ApiError(503, 'provider_unavailable', `Farcaster is not reachable (${what}); try again shortly`, { cause })

/**
 * Races `work` against a timer. `@farcaster/auth-client` takes no abort signal, so a relay that never answers is
 * given up on here; its request ends with the runtime's own timeouts.
 */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  const signal = AbortSignal.timeout(ms)
  let onAbort: (() => void) | undefined
  const timeout = new Promise<never>((_, reject) => {
    onAbort = () => reject(unavailable(`${what} took longer than ${ms / 1000} s`))
    signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort)
  }
}

const siteHost = (siteOrigin: string) => new URL(siteOrigin).host

function assertOrigin(siteOrigin: string): void {
  let url: URL
  try {
    url = new URL(siteOrigin)
  } catch {
    throw new TypeError(`siteOrigin must be an origin, got ${JSON.stringify(siteOrigin)}`)
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== siteOrigin.replace(/\/$/, ''))
    throw new TypeError(`siteOrigin must be an http(s) origin, got ${JSON.stringify(siteOrigin)}`)
}

/** A profile string from the relay, or null when absent or unreasonable. */
const profileText = (value: unknown) =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_PROFILE_TEXT ? value : null

/** An avatar URL the frame may show: http(s) only. */
function avatarUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** Whether an error of the verification is the chain not answering rather than the message being wrong. */
function isUnreachable(error: AuthClientError): boolean {
  if (error.errCode === 'unavailable') return true
  if (error.errCode !== 'unknown') return false
  const names = new Set<string>()
  for (let e: unknown = error.cause; e instanceof Error; e = e.cause) names.add(e.name)
  return ['HttpRequestError', 'TimeoutError', 'RpcRequestError', 'TypeError'].some((n) => names.has(n))
}

const failed = (code: FarcasterFailureCode, message: string): FarcasterCheckResult => ({
  status: 'failed',
  code,
  message,
})

/** The Farcaster sign-in, or undefined when the relay and the registries' RPC are not both configured. */
export function createFarcasterLogin(config: FarcasterLoginConfig): FarcasterLogin | undefined {
  const { relayUrl, rpcUrl } = config
  if (!relayUrl || !rpcUrl) return undefined
  const timeoutMs = config.timeoutMs ?? DEFAULT_FARCASTER_TIMEOUT_MS
  const app: AppClient = createAppClient({
    relay: relayUrl.replace(/\/$/, ''),
    ethereum: viemConnector({ rpcUrl }),
  })

  async function verify(data: StatusAPIResponse, { nonce, siteOrigin }: FarcasterCheck): Promise<FarcasterCheckResult> {
    const { message, signature } = data
    if (typeof message !== 'string' || typeof signature !== 'string')
      return failed('login_failed', 'The Farcaster answer has no signed message')
    let parsed: ReturnType<typeof parseSiweMessage>
    try {
      parsed = parseSiweMessage(message)
    } catch {
      return failed('login_failed', 'The Farcaster message is malformed')
    }
    // Told apart before the full check, which answers every problem with the same error.
    if (parsed.expirationTime && !(parsed.expirationTime.getTime() > Date.now()))
      return failed('login_expired', 'The Farcaster sign-in message has expired')
    if (parsed.notBefore && parsed.notBefore.getTime() > Date.now())
      return failed('login_failed', 'The Farcaster sign-in message is not valid yet')
    if (!parsed.uri || !URL.canParse(parsed.uri) || new URL(parsed.uri).origin !== new URL(siteOrigin).origin)
      return failed('login_failed', 'The Farcaster sign-in message is for another site')

    const result = await within(
      app.verifySignInMessage({ nonce, domain: siteHost(siteOrigin), message, signature, acceptAuthAddress: true }),
      timeoutMs,
      'checking the signature',
    )
    if (result.isError) {
      if (result.error && isUnreachable(result.error)) throw unavailable('its registries', result.error)
      return failed('login_failed', `The Farcaster sign-in was refused: ${result.error?.message ?? 'not verified'}`)
    }
    if (!result.success) return failed('login_failed', 'The Farcaster sign-in was refused')
    // The profile comes from the relay; it must describe the fid the signature proved.
    if (data.fid !== result.fid) return failed('login_failed', 'The Farcaster answer names another fid')
    return {
      status: 'verified',
      identity: {
        provider: 'farcaster',
        subject: String(result.fid),
        email: null,
        emailVerified: false,
        username: profileText(data.username),
        displayName: profileText(data.displayName),
        avatarUrl: avatarUrl(data.pfpUrl),
        fid: result.fid,
      },
    }
  }

  return {
    async start({ nonce, siteOrigin, expiresAt }) {
      if (!NONCE.test(nonce)) throw new TypeError('nonce must be at least 8 letters and digits (EIP-4361)')
      assertOrigin(siteOrigin)
      if (!(expiresAt instanceof Date) || Number.isNaN(expiresAt.getTime()))
        throw new TypeError('expiresAt must be a Date')
      const origin = new URL(siteOrigin).origin
      const created = await within(
        app.createChannel({
          siweUri: origin,
          domain: siteHost(origin),
          nonce,
          expirationTime: expiresAt.toISOString(),
          acceptAuthAddress: true,
        }),
        timeoutMs,
        'opening a sign-in channel',
      )
      if (created.isError) throw unavailable('the relay', created.error)
      const { response, data } = created
      if (response.status !== 201 && response.status !== 200) throw unavailable(`the relay answered ${response.status}`)
      if (typeof data?.channelToken !== 'string' || typeof data.url !== 'string' || !URL.canParse(data.url))
        throw unavailable('the relay answered without a channel')
      return { channelToken: data.channelToken, url: data.url }
    },

    async check(args) {
      assertOrigin(args.siteOrigin)
      const read = await within(app.status({ channelToken: args.channelToken }), timeoutMs, 'reading the channel')
      if (read.isError) throw unavailable('the relay', read.error)
      const { response, data } = read
      // The relay forgets a channel when it expires (and after reporting it completed once).
      if (response.status === 401 || response.status === 404)
        return failed('login_expired', 'The Farcaster sign-in request has expired')
      if (response.status === 202) return { status: 'pending' }
      if (response.status !== 200) throw unavailable(`the relay answered ${response.status}`)
      if (data?.state !== 'completed') return { status: 'pending' }
      return verify(data, args)
    },
  }
}
