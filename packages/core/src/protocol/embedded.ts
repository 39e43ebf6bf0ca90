import * as v from 'valibot'
import { LOGIN_PROVIDERS, type LoginProvider } from './features.ts'
import { EVM_ADDRESS_PATTERN } from './patterns.ts'
import { objectMessage } from './primitives.ts'

/**
 * The embedded wallet's auth API, `/v1/embedded/*`, which only the secure frame calls: each JSON body as the server
 * validates it (exactly the named fields, `projectId` aside; an unknown field is refused, it is almost always a
 * mistake) and each answer's type.
 */

export const EMAIL_MESSAGE = 'must be one plain email address (name@example.com)'
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * One plain email address, trimmed and lower-cased, or undefined: an RFC 5322 dot-atom local part (at most 64
 * characters) and at least two LDH domain labels, the last not all digits (no IPv4 address as a domain); at most
 * 254 characters. No display names, comments, groups or lists, so the address limits are keyed on is the one the
 * mail goes to.
 */
export function toPlainEmail(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined
  const email = input.trim().toLowerCase()
  if (email.length === 0 || email.length > 254) return undefined
  const at = email.indexOf('@')
  if (at <= 0 || at !== email.lastIndexOf('@')) return undefined
  const local = email.slice(0, at)
  const labels = email.slice(at + 1).split('.')
  if (local.length > 64 || !LOCAL_PART.test(local)) return undefined
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!))
    return undefined
  return email
}

/** A field that is text matching `pattern`. */
const text = (pattern: RegExp, message: string) => v.pipe(v.string(message), v.regex(pattern, message))

export const EmbeddedEmail = v.pipe(
  v.string(EMAIL_MESSAGE),
  v.check((input) => toPlainEmail(input) !== undefined, EMAIL_MESSAGE),
  v.transform((input) => toPlainEmail(input)!),
)
/** The frame's device id: 32 random bytes as lower-case hex (the server stores only its hash). */
export const DeviceId = text(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters')
export const Otp = text(/^\d{6}$/, 'must be 6 digits')
export const EmbeddedWalletAddress = text(EVM_ADDRESS_PATTERN, 'must be a 0x-prefixed 20-byte address')
export const AuthShare = text(
  /^(?!00)[0-9a-f]{66}$/,
  'must be the auth share: its x coordinate (a nonzero byte) then 32 bytes, as 66 lowercase hex characters',
)
export const WalletSignature = text(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte 0x-prefixed signature')

/** A JSON body of exactly these fields (and the optional `projectId`). */
function body<const Entries extends v.ObjectEntries>(entries: Entries) {
  const all = { projectId: v.optional(v.unknown()), ...entries }
  return v.objectWithRest(all, v.never('is not a known field'), objectMessage(all, 'expected a JSON object body'))
}

/** `POST /v1/embedded/email/start`: mails a code (or a device-approval link). */
export const EmailStartBody = body({ email: EmbeddedEmail, deviceId: DeviceId })
/** `POST /v1/embedded/email/verify`. */
export const EmailVerifyBody = body({ email: EmbeddedEmail, deviceId: DeviceId, otp: Otp })
/** `POST /v1/embedded/wallet`: links the wallet, with a personal_sign of the link message by its key. */
export const WalletLinkBody = body({ address: EmbeddedWalletAddress, authShare: AuthShare, signature: WalletSignature })
/** `POST /v1/embedded/sign-out`: no body or `{}` ends this session, `{ everywhere: true }` every session. */
export const SignOutBody = v.optional(body({ everywhere: v.optional(v.boolean('is malformed')) }))
/** `POST /v1/embedded/email/update`: the new address. */
export const EmailUpdateBody = body({ email: EmbeddedEmail })
/** `POST /v1/embedded/email/update/primary` and `/secondary`: the code mailed to the old or the new address. */
export const EmailUpdateCodeBody = body({ otp: Otp })
/** `POST /v1/embedded/devices/revoke`. */
export const DeviceRevokeBody = body({
  id: text(/^[0-9a-f]{64}$/, 'must be a device id from /v1/embedded/devices'),
})

/** A flow's token: what `/social/:provider/start` hands the frame, 32 random bytes as base64url. */
export const SocialFlowToken = text(
  /^[A-Za-z0-9_-]{43}$/,
  'must be the flow token from /v1/embedded/social/:provider/start',
)
/** The path of `/v1/embedded/social/:provider/start` and `/callback`: one of `LOGIN_PROVIDERS` (OAuth ones only for `/callback`). */
export const SocialProviderParams = v.object({
  provider: v.picklist(LOGIN_PROVIDERS, `must be one of ${LOGIN_PROVIDERS.join(', ')}`),
})
/**
 * `POST /v1/embedded/social/:provider/start`: a sign-in with that provider from this device, for the site the frame
 * serves (`origin`, one of the project's allowed origins: Sign in with Farcaster names its host as the domain).
 */
export const SocialStartBody = body({
  deviceId: DeviceId,
  origin: v.pipe(
    v.string('must be the site origin'),
    v.url('must be the site origin'),
    v.maxLength(300, 'is too long'),
  ),
})
/**
 * `POST /v1/embedded/social/finish`: how the flow stands, from the device that started it. With `link: true`, after
 * an answer `{ status: 'link' }`, the person agreed to add this identity to the account that has its email.
 */
export const SocialFinishBody = body({
  flow: SocialFlowToken,
  deviceId: DeviceId,
  link: v.optional(v.boolean('is malformed')),
})

export type EmailStartBodyInput = v.InferInput<typeof EmailStartBody>
export type EmailVerifyBodyInput = v.InferInput<typeof EmailVerifyBody>
export type WalletLinkBodyInput = v.InferInput<typeof WalletLinkBody>
export type SignOutBodyInput = v.InferInput<typeof SignOutBody>
export type EmailUpdateBodyInput = v.InferInput<typeof EmailUpdateBody>
export type EmailUpdateCodeBodyInput = v.InferInput<typeof EmailUpdateCodeBody>
export type DeviceRevokeBodyInput = v.InferInput<typeof DeviceRevokeBody>
export type SocialStartBodyInput = v.InferInput<typeof SocialStartBody>
export type SocialFinishBodyInput = v.InferInput<typeof SocialFinishBody>

/**
 * A chain's ERC-4337 support for the embedded wallet's smart account: the bundler the frame sends user operations
 * to, the EntryPoint (v0.8) and the EIP-7702 implementation (Simple7702Account) the wallet's key delegates to, and
 * whether the project pays the gas there.
 */
export type EmbeddedSmartAccountSupport = {
  bundlerUrl: string
  entryPoint: string
  implementation: string
  /** True when the project sponsors gas on this chain (`POST /v1/embedded/paymaster`); absent means false. */
  sponsored?: boolean
}
/** One chain the frame's wallet may use; `smartAccount` only where a bundler runs for it. */
export type EmbeddedChain = {
  id: number
  name: string
  rpcUrl: string
  nativeSymbol: string
  smartAccount?: EmbeddedSmartAccountSupport
}
/** A token mint the frame names in its Solana approvals: its base58 address, symbol and decimals. */
export type EmbeddedSolanaMint = { address: string; symbol: string; decimals: number }
/**
 * One Solana chain the frame's wallet may send on: its CAIP-2 id (`solana:` and the first 32 characters of the
 * genesis hash), name, JSON-RPC URL and the mints it knows by name.
 */
export type EmbeddedSolanaChain = { id: string; name: string; rpcUrl: string; mints: EmbeddedSolanaMint[] }
/**
 * `GET /v1/embedded/config`: the project the frame serves (the frame checks its parent against `allowedOrigins`),
 * its EVM chains and, when the server has any it may hand a browser, its Solana chains.
 */
export type EmbeddedConfigResponse = {
  projectId: string
  allowedOrigins: string[]
  chains: EmbeddedChain[]
  solanaChains?: EmbeddedSolanaChain[]
}

/**
 * The identity a session was signed in with when it was not an email code: the provider, and what the provider
 * says of the person (`fid` for Farcaster). Absent fields are null.
 */
export type EmbeddedLogin = {
  provider: LoginProvider
  username: string | null
  displayName: string | null
  avatarUrl: string | null
  fid: number | null
}

/**
 * The signed-in user; `address` and `authShare` are null until the wallet is linked. `email` is null for a person
 * who signed in with a provider that gave no verified email; `login` is the social identity of this session.
 */
export type EmbeddedUser = {
  id: string
  email: string | null
  address: string | null
  authShare: string | null
  login?: EmbeddedLogin | null
}
/** `GET /v1/embedded/session` and `POST /v1/embedded/wallet`. */
export type EmbeddedUserResponse = { user: EmbeddedUser }
/** `POST /v1/embedded/email/start`, `/email/update` and `/email/update/primary`: what the frame shows next. */
export type EmbeddedActionResponse = { action: 'VERIFY_OTP' | 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }
/** `POST /v1/embedded/email/verify`. */
export type EmbeddedSessionResponse = { sessionToken: string; expiresAt: string; user: EmbeddedUser }
/** `GET /v1/embedded/devices`: the user's approved devices, most recently used first. */
export type EmbeddedDevicesResponse = { devices: EmbeddedDevice[] }
/**
 * One approved device: `id` is the stored hash of its device id, `current` marks the calling session's device. The
 * dates are ISO 8601 and always present (a device is stored when it is approved, with its expiry).
 */
export type EmbeddedDevice = { id: string; current: boolean; approvedAt: string; lastUsedAt: string; expiresAt: string }
/** `POST /v1/embedded/sign-out` and `/devices/revoke`. */
export type EmbeddedOkResponse = { ok: true }
/** `POST /v1/embedded/email/update/secondary`: the user's address from now on. */
export type EmbeddedEmailResponse = { email: string }

/**
 * `POST /v1/embedded/social/:provider/start`: the flow's token (only the frame holds it) and where the person signs
 * in: the provider's authorization page (open it in a popup), or for Farcaster the Connect relay's sign-in link
 * (shown as a QR code and a deep link).
 */
export type SocialStartResponse = { flow: string; url: string; expiresAt: string }
/**
 * `POST /v1/embedded/social/finish`: still waiting for the person; or the provider's identity has a verified email
 * that an existing account already has, and linking needs the person's yes (`link: true`); or signed in.
 */
export type SocialFinishResponse =
  | { status: 'pending' }
  | { status: 'link'; email: string; provider: LoginProvider }
  | ({ status: 'signed_in' } & EmbeddedSessionResponse)
