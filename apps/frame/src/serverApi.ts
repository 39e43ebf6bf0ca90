/** The frame's calls to its own Foyer server (baked in at build time). Errors become FrameHostErrors. */
import { FrameHostError } from '@foyer/embedded/host'

export type ServerUser = { id: string; email: string; address: string | null; authShare: string | null }
export type ServerDevice = {
  id: string
  current: boolean
  approvedAt: string | null
  lastUsedAt: string | null
  expiresAt: string | null
}
export type FrameConfig = {
  projectId: string
  allowedOrigins: string[]
  chains: { id: number; name: string; rpcUrl: string; nativeSymbol: string }[]
}

export function createServerApi(projectId: string, baseUrl = __FOYER_API_URL__) {
  async function call<result>(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
    token?: string,
    signal?: AbortSignal,
  ): Promise<result> {
    let response: Response
    try {
      response = await fetch(`${baseUrl}${path}`, {
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
    const json = (await response.json().catch(() => ({}))) as {
      error?: { code?: string; message?: string; details?: { retryAfterSeconds?: number } }
    }
    if (response.ok) return json as result
    const code = json.error?.code
    const message = json.error?.message ?? `HTTP status code ${response.status}`
    switch (code) {
      case 'email_rate_limited':
        throw new FrameHostError('rate_limited', message, {
          retryAfterSeconds: json.error?.details?.retryAfterSeconds ?? 30,
        })
      case 'invalid_code':
      case 'code_expired':
      case 'too_many_attempts':
      case 'email_taken':
      case 'unauthorized':
        throw new FrameHostError(code, message)
      case 'invalid_request':
        throw new FrameHostError('invalid_request', message)
      default:
        throw new FrameHostError('server_error', message)
    }
  }
  return {
    config: () => call<FrameConfig>('GET', `/v1/embedded/config?projectId=${encodeURIComponent(projectId)}`),
    // Always VERIFY_OTP: whether the address has an account (and needs a device approval first) is not told.
    startEmail: async (email: string, deviceId: string) => {
      await call<unknown>('POST', '/v1/embedded/email/start', { email, deviceId })
      return { action: 'VERIFY_OTP' as const }
    },
    verifyEmail: (email: string, deviceId: string, otp: string) =>
      call<{ sessionToken: string; expiresAt: string; user: ServerUser }>('POST', '/v1/embedded/email/verify', {
        email,
        deviceId,
        otp,
      }),
    session: (token: string) => call<{ user: ServerUser }>('GET', '/v1/embedded/session', undefined, token),
    /** `signature`: the new key's personal_sign of `linkWalletMessage` (proves the key behind the address). */
    createWallet: (token: string, address: string, authShare: string, signature: string) =>
      call<{ user: ServerUser }>('POST', '/v1/embedded/wallet', { address, authShare, signature }, token),
    signOut: (token: string, everywhere = false) =>
      call<{ ok: true }>('POST', '/v1/embedded/sign-out', everywhere ? { everywhere: true } : {}, token),
    devices: (token: string) => call<{ devices: ServerDevice[] }>('GET', '/v1/embedded/devices', undefined, token),
    revokeDevice: (token: string, id: string) =>
      call<{ ok: true }>('POST', '/v1/embedded/devices/revoke', { id }, token),
    updateEmail: (token: string, email: string) =>
      call<{ action: 'VERIFY_PRIMARY_OTP' }>('POST', '/v1/embedded/email/update', { email }, token),
    updateEmailPrimary: (token: string, otp: string) =>
      call<{ action: 'VERIFY_SECONDARY_OTP' }>('POST', '/v1/embedded/email/update/primary', { otp }, token),
    updateEmailSecondary: (token: string, otp: string) =>
      call<{ email: string }>('POST', '/v1/embedded/email/update/secondary', { otp }, token),
  }
}
export type ServerApi = ReturnType<typeof createServerApi>
