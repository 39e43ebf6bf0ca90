import { describe, expect, it } from 'vitest'
import {
  type EmbeddedUser,
  eventMessage,
  MESSAGE_CHANNEL,
  parseFrameMessage,
  parseRequestMessage,
  requestMessage,
  responseMessage,
} from './messages.ts'
import { SchemaError } from './schema.ts'

const request = (type: string, payload: unknown, extra: Record<string, unknown> = {}) => ({
  channel: MESSAGE_CHANNEL,
  version: 1,
  kind: 'request',
  id: 'request-0001',
  type,
  payload,
  ...extra,
})

describe('frame message schemas', () => {
  it('accepts each well-formed request and returns exactly its fields', () => {
    expect(parseRequestMessage(request('CONNECT_EMAIL', { email: 'ana@example.com' })).payload).toEqual({
      email: 'ana@example.com',
    })
    expect(parseRequestMessage(request('CONNECT_OTP', {})).payload).toEqual({})
    expect(parseRequestMessage(request('UPDATE_EMAIL', { email: 'bo@example.com' })).payload).toEqual({
      email: 'bo@example.com',
    })
    expect(parseRequestMessage(request('SHOW_DEVICES', undefined)).payload).toEqual({})
    expect(
      parseRequestMessage(
        request('RPC_REQUEST', {
          method: 'personal_sign',
          params: ['0x68', '0x0000000000000000000000000000000000000001'],
        }),
      ).type,
    ).toBe('RPC_REQUEST')
    expect(
      parseRequestMessage(request('SYNC_THEME', { themeMode: 'dark', themeVariables: { '--foyer-accent': '#123456' } }))
        .payload,
    ).toMatchObject({ themeMode: 'dark' })
    expect(parseRequestMessage(request('IS_CONNECTED', undefined)).payload).toEqual({})
    // A key whose value is undefined (viem leaves a call's `data` so) is left out, as JSON leaves it out.
    const calls = parseRequestMessage(
      request('RPC_REQUEST', {
        method: 'wallet_sendCalls',
        params: [{ chainId: '0x7a69', calls: [{ to: '0x0000000000000000000000000000000000000001', data: undefined }] }],
      }),
    ).payload as { params: [{ calls: Record<string, unknown>[] }] }
    expect(calls.params[0].calls[0]).toEqual({ to: '0x0000000000000000000000000000000000000001' })
    expect(Object.keys(calls.params[0].calls[0]!)).toEqual(['to'])
  })

  it('refuses anything else: unknown types and keys, wrong shapes, another channel or version', () => {
    const bad = [
      request('CONNECT_EMAIL', { email: 'not-an-email' }),
      // No message carries a one-time code from the site to the frame: the frame takes codes in its own screen.
      request('CONNECT_OTP', { otp: '123456' }),
      request('UPDATE_EMAIL', { email: 'bo@example.com', otp: '123456' }),
      request('UPDATE_EMAIL_PRIMARY_OTP', { otp: '123456' }),
      request('UPDATE_EMAIL_SECONDARY_OTP', { otp: '123456' }),
      request('CONNECT_DEVICE', {}),
      request('CONNECT_EMAIL', { email: 'ana@example.com', extra: true }),
      request('EXPORT_PRIVATE_KEY', {}),
      request('RPC_REQUEST', { method: 'eth_call; drop' }),
      request('SYNC_THEME', { themeMode: 'dark', themeVariables: { color: 'red' } }),
      request('IS_CONNECTED', {}, { extra: 1 }),
      { ...request('IS_CONNECTED', {}), channel: 'other' },
      { ...request('IS_CONNECTED', {}), version: 2 },
      { ...request('IS_CONNECTED', {}), id: 'x' },
      'a string',
      null,
    ]
    for (const message of bad) expect(() => parseRequestMessage(message), JSON.stringify(message)).toThrow(SchemaError)
  })

  it('checks a response against the schema of its request type, and events against theirs', () => {
    const ok = responseMessage('CONNECT_EMAIL', 'request-0001', { result: { action: 'VERIFY_OTP' } })
    expect(parseFrameMessage(ok)).toMatchObject({ kind: 'response', ok: true, result: { action: 'VERIFY_OTP' } })
    expect(() => parseFrameMessage({ ...ok, result: { action: 'DELETE_WALLET' } })).toThrow(SchemaError)
    // VERIFY_DEVICE told the site which emails have an account: it is no answer any more.
    expect(() => parseFrameMessage({ ...ok, result: { action: 'VERIFY_DEVICE' } })).toThrow(SchemaError)
    expect(
      parseFrameMessage(responseMessage('SHOW_DEVICES', 'request-0005', { result: { signedOut: true } })),
    ).toMatchObject({ ok: true, result: { signedOut: true } })
    const failed = responseMessage('CONNECT_EMAIL', 'request-0002', {
      error: { code: 'rate_limited', message: 'wait', retryAfterSeconds: 12 },
    })
    expect(parseFrameMessage(failed)).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', retryAfterSeconds: 12 },
    })
    expect(() => parseFrameMessage({ ...failed, error: { code: 'made_up', message: '' } })).toThrow(SchemaError)
    expect(parseFrameMessage(eventMessage('CHAIN_CHANGED', { chainId: 31337 }))).toMatchObject({
      kind: 'event',
      type: 'CHAIN_CHANGED',
    })
    expect(() =>
      parseFrameMessage({ ...eventMessage('ACCOUNT_CHANGED', { address: null }), payload: { address: 'nope' } }),
    ).toThrow(SchemaError)
  })

  it('carries social sign-in: a provider in, a sign-in URL out, never the flow token', () => {
    expect(parseRequestMessage(request('CONNECT_SOCIAL', { provider: 'google' })).payload).toEqual({
      provider: 'google',
    })
    expect(parseRequestMessage(request('CONNECT_FARCASTER', {})).payload).toEqual({})
    expect(parseRequestMessage(request('AWAIT_SOCIAL', undefined)).payload).toEqual({})
    expect(parseRequestMessage(request('CANCEL_SOCIAL', {})).payload).toEqual({})
    const bad = [
      // Farcaster has its own request (a QR code, no popup); unknown providers are refused.
      request('CONNECT_SOCIAL', { provider: 'farcaster' }),
      request('CONNECT_SOCIAL', { provider: 'myspace' }),
      request('CONNECT_SOCIAL', {}),
      // The site never hands the frame a flow token or a link decision: the frame keeps the one and asks the other.
      request('AWAIT_SOCIAL', { flow: 'f'.repeat(43) }),
      request('AWAIT_SOCIAL', { link: true }),
      request('CONNECT_FARCASTER', { url: 'https://relay.example' }),
    ]
    for (const message of bad) expect(() => parseRequestMessage(message), JSON.stringify(message)).toThrow(SchemaError)
    const url = 'http://127.0.0.1:8797/google/auth?client_id=foyer-demo'
    expect(parseFrameMessage(responseMessage('CONNECT_SOCIAL', 'request-0006', { result: { url } }))).toMatchObject({
      result: { url },
    })
    for (const result of [{ url: 'javascript:alert(1)' }, { url, flow: 'f'.repeat(43) }, {}])
      expect(() =>
        parseFrameMessage({ ...responseMessage('CONNECT_SOCIAL', 'request-0007', { result: { url } }), result }),
      ).toThrow(SchemaError)
    const user: EmbeddedUser = {
      email: null,
      address: '0x0000000000000000000000000000000000000001',
      chainId: 31337,
      accounts: [],
      loginProvider: 'x',
      userName: 'ana',
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
    }
    expect(parseFrameMessage(responseMessage('AWAIT_SOCIAL', 'request-0008', { result: { user } }))).toMatchObject({
      result: { user: { email: null, loginProvider: 'x', userName: 'ana' } },
    })
    for (const code of ['login_cancelled', 'login_expired', 'login_failed', 'provider_not_configured'] as const)
      expect(
        parseFrameMessage(responseMessage('AWAIT_SOCIAL', 'request-0009', { error: { code, message: 'no' } })),
      ).toMatchObject({ ok: false, error: { code } })
    expect(parseFrameMessage(eventMessage('FRAME_VISIBILITY', { visible: true, reason: 'signIn' }))).toMatchObject({
      payload: { reason: 'signIn' },
    })
  })

  it('carries the smart account: enabled chains, the account type both ways, the site default', () => {
    const networks = responseMessage('GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'request-0006', {
      result: { smartAccountEnabledNetworks: [31337, 31338] },
    })
    expect(parseFrameMessage(networks)).toMatchObject({
      ok: true,
      result: { smartAccountEnabledNetworks: [31337, 31338] },
    })
    expect(() => parseFrameMessage({ ...networks, result: { smartAccountEnabledNetworks: ['31337'] } })).toThrow(
      SchemaError,
    )
    const type = responseMessage('SET_PREFERRED_ACCOUNT', 'request-0007', { result: { type: 'smartAccount' } })
    expect(parseFrameMessage(type)).toMatchObject({ ok: true, result: { type: 'smartAccount' } })
    expect(() => parseFrameMessage({ ...type, result: { type: 'multisig' } })).toThrow(SchemaError)
    expect(
      parseRequestMessage(request('SYNC_DAPP_DATA', { sdkVersion: '1', defaultAccountType: 'smartAccount' })).payload,
    ).toEqual({ sdkVersion: '1', defaultAccountType: 'smartAccount' })
    expect(() =>
      parseRequestMessage(request('SYNC_DAPP_DATA', { sdkVersion: '1', defaultAccountType: 'safe' })),
    ).toThrow(SchemaError)
  })

  it('validates outgoing messages too', () => {
    expect(() => requestMessage('CONNECT_OTP', 'request-0003', { otp: '123456' } as never)).toThrow(SchemaError)
    expect(() => responseMessage('GET_CHAIN_ID', 'request-0004', { result: { chainId: -1 } })).toThrow(SchemaError)
  })
})
