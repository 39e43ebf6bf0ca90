/**
 * The frame's calls to its own Foyer server (baked in at build time), through the route table of
 * `@foyer/core/protocol`: each call names a route, its body and answer are that route's types. Errors become
 * FrameHostErrors.
 */
import {
  type AnswerOf,
  type ApiErrorBody,
  endpoints,
  type LoginProvider,
  type RouteInput,
  type RouteName,
  type Routes,
} from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'

/** The embedded-wallet routes the frame calls. */
type FrameRoute = Extract<RouteName, `embedded${string}`>
type Body<name extends FrameRoute> = RouteInput<Routes[name]>['body']

export function createServerApi(projectId: string, baseUrl = __FOYER_API_URL__) {
  async function call<name extends FrameRoute>(
    name: name,
    body?: Body<name>,
    token?: string,
    signal?: AbortSignal,
    params: Record<string, string> = {},
  ): Promise<AnswerOf<Routes[name]>> {
    const { method } = endpoints[name]
    const path = endpoints[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))
    let response: Response
    try {
      // The config also names the project in its URL (the other calls only in the header).
      const query = name === 'embeddedConfig' ? `?projectId=${encodeURIComponent(projectId)}` : ''
      response = await fetch(`${baseUrl}${path}${query}`, {
        method,
        signal,
        headers: {
          'x-project-id': projectId,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw new FrameHostError('aborted', 'Request was aborted')
      throw new FrameHostError('server_error', 'The Foyer server is not reachable')
    }
    const json = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>
    if (response.ok) return json as AnswerOf<Routes[name]>
    const code = json.error?.code
    const message = json.error?.message ?? `HTTP status code ${response.status}`
    switch (code) {
      case 'email_rate_limited':
        throw new FrameHostError('rate_limited', message, {
          retryAfterSeconds:
            (json.error?.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 30,
        })
      case 'invalid_code':
      case 'code_expired':
      case 'too_many_attempts':
      case 'email_taken':
      case 'unauthorized':
      case 'login_cancelled':
      case 'login_expired':
      case 'login_failed':
      case 'login_not_found':
      case 'provider_not_configured':
      case 'provider_unavailable':
        throw new FrameHostError(code, message)
      case 'invalid_request':
        throw new FrameHostError('invalid_request', message)
      default:
        throw new FrameHostError('server_error', message)
    }
  }
  return {
    config: () => call('embeddedConfig'),
    /** The project's paymaster service (ERC-7677 JSON-RPC) for `token`'s session: viem's paymaster client calls it. */
    paymaster: (token: string) => ({
      url: `${baseUrl}${endpoints.embeddedPaymaster.path}`,
      headers: { 'x-project-id': projectId, authorization: `Bearer ${token}` },
    }),
    // Always VERIFY_OTP: whether the address has an account (and needs a device approval first) is not told.
    startEmail: (email: string, deviceId: string) => call('embeddedEmailStart', { email, deviceId }),
    verifyEmail: (email: string, deviceId: string, otp: string) =>
      call('embeddedEmailVerify', { email, deviceId, otp }),
    session: (token: string) => call('embeddedSession', undefined, token),
    /** `signature`: the new key's personal_sign of `linkWalletMessage` (proves the key behind the address). */
    createWallet: (token: string, address: string, authShare: string, signature: string) =>
      call('embeddedWallet', { address, authShare, signature }, token),
    signOut: (token: string, everywhere = false) =>
      call('embeddedSignOut', everywhere ? { everywhere: true } : {}, token),
    devices: (token: string) => call('embeddedDevices', undefined, token),
    revokeDevice: (token: string, id: string) => call('embeddedDeviceRevoke', { id }, token),
    updateEmail: (token: string, email: string) => call('embeddedEmailUpdate', { email }, token),
    updateEmailPrimary: (token: string, otp: string) => call('embeddedEmailUpdatePrimary', { otp }, token),
    /** A sign-in with `provider` from this device, for the site the frame serves (`origin`). */
    socialStart: (provider: LoginProvider, deviceId: string, origin: string) =>
      call('embeddedSocialStart', { deviceId, origin }, undefined, undefined, { provider }),
    /** How the flow stands; `link: true` once the person agreed to add the identity to the account of its email. */
    socialFinish: (flow: string, deviceId: string, link?: boolean, signal?: AbortSignal) =>
      call('embeddedSocialFinish', { flow, deviceId, ...(link ? { link: true } : {}) }, undefined, signal),
    updateEmailSecondary: (token: string, otp: string) => call('embeddedEmailUpdateSecondary', { otp }, token),
  }
}
export type ServerApi = ReturnType<typeof createServerApi>
