// @vitest-environment jsdom
import { EmailRateLimitedError, EmbeddedFrameLoadError, RequestAbortedError, RpcNotAllowedError } from '@foyer/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEmbeddedWalletClient } from '../client/embeddedWalletClient.ts'
import { eventMessage, responseMessage } from '../messages/messages.ts'
import { createFrameBus } from './frameBus.ts'

// jsdom does not load the frame's page: the test plays the frame by posting from the iframe's own window.
const FRAME_URL = 'http://127.0.0.1:5174/'
const FRAME_ORIGIN = 'http://127.0.0.1:5174'

function fromFrame(
  bus: { iframe: HTMLIFrameElement },
  data: unknown,
  origin = FRAME_ORIGIN,
  source: Window | null = bus.iframe.contentWindow,
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
}

function sentTo(bus: { iframe: HTMLIFrameElement }) {
  const sent: { message: any; targetOrigin: string }[] = []
  vi.spyOn(bus.iframe.contentWindow!, 'postMessage').mockImplementation(
    ((message: unknown, targetOrigin: string) => void sent.push({ message, targetOrigin })) as never,
  )
  return sent
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

function bus(options: Partial<Parameters<typeof createFrameBus>[0]> = {}) {
  const created = createFrameBus({ frameUrl: FRAME_URL, projectId: 'foyer-demo', ...options })
  cleanups.push(created.destroy)
  return created
}

describe('frame bus (site side)', () => {
  it('loads the frame on its own origin with the project and this page as parent', () => {
    const b = bus()
    const src = new URL(b.iframe.src)
    expect(src.origin).toBe(FRAME_ORIGIN)
    expect(src.searchParams.get('projectId')).toBe('foyer-demo')
    expect(src.searchParams.get('parentOrigin')).toBe(window.location.origin)
    expect(b.container.hasAttribute('data-foyer-frame')).toBe(true)
  })

  it('ignores messages from another origin, another window or with the wrong shape', async () => {
    const b = bus()
    const sent = sentTo(b)
    fromFrame(b, eventMessage('FRAME_READY', {}), 'http://evil.example')
    fromFrame(b, eventMessage('FRAME_READY', {}), FRAME_ORIGIN, window)
    fromFrame(b, { channel: 'foyer:embedded', version: 1, kind: 'event', type: 'FRAME_READY', payload: { extra: 1 } })
    expect(b.ignoredMessages).toBe(3)
    const pending = b.request('IS_CONNECTED', {})
    await Promise.resolve()
    expect(sent).toHaveLength(0) // not ready: nothing goes out yet
    fromFrame(b, eventMessage('FRAME_READY', {}))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.targetOrigin).toBe(FRAME_ORIGIN)
    const { id } = sent[0]!.message
    // A forged answer from elsewhere does not settle it; the frame's own does.
    fromFrame(b, responseMessage('IS_CONNECTED', id, { result: { isConnected: false } }), 'http://evil.example')
    fromFrame(b, responseMessage('IS_CONNECTED', id, { result: { isConnected: true } }))
    await expect(pending).resolves.toEqual({ isConnected: true })
  })

  it('turns frame errors into typed errors', async () => {
    const b = bus()
    const sent = sentTo(b)
    fromFrame(b, eventMessage('FRAME_READY', {}))
    const pending = b.request('CONNECT_EMAIL', { email: 'ana@example.com' })
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    fromFrame(
      b,
      responseMessage('CONNECT_EMAIL', sent[0]!.message.id, {
        error: { code: 'rate_limited', message: 'wait', retryAfterSeconds: 17 },
      }),
    )
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmailRateLimitedError)
    expect((error as EmailRateLimitedError).shortMessage).toBe('Please try again after 17 seconds')
  })

  it('an aborted request rejects with "Request was aborted" and tells the frame', async () => {
    const b = bus()
    const sent = sentTo(b)
    fromFrame(b, eventMessage('FRAME_READY', {}))
    const controller = new AbortController()
    const pending = b.request('CONNECT_OTP', {}, { signal: controller.signal })
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError)
    await vi.waitFor(() => expect(sent.map((s) => s.message.type)).toEqual(['CONNECT_OTP', 'ABORT_PENDING']))
    // abortAll (the modal closed) does the same for everything pending.
    const other = b.request('GET_CHAIN_ID', {})
    await vi.waitFor(() => expect(sent).toHaveLength(3))
    b.abortAll()
    await expect(other).rejects.toThrow('Request was aborted')
  })

  it('a frame that never answers gives "Unable to load email login dependency"', async () => {
    vi.useFakeTimers()
    const b = bus({ loadTimeoutMs: 1000 })
    const pending = b.request('IS_CONNECTED', {})
    const caught = pending.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(1001)
    const error = await caught
    expect(error).toBeInstanceOf(EmbeddedFrameLoadError)
    expect((error as EmbeddedFrameLoadError).shortMessage).toBe('Unable to load email login dependency')
  })
})

describe('embedded wallet client provider', () => {
  it('refuses a method on neither list before it reaches the frame, and reports it', async () => {
    const refused: string[] = []
    const client = createEmbeddedWalletClient({
      frameUrl: FRAME_URL,
      projectId: 'foyer-demo',
      onRpcNotAllowed: (m) => refused.push(m),
    })
    cleanups.push(client.destroy)
    const sent = sentTo(client.bus)
    fromFrame(client.bus, eventMessage('FRAME_READY', {}))
    const error = await client.provider.request({ method: 'eth_coinbase_export_key' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcNotAllowedError)
    expect((error as RpcNotAllowedError).shortMessage).toBe('Requested RPC call is not allowed')
    expect((error as RpcNotAllowedError).code).toBe(4200)
    expect(refused).toEqual(['eth_coinbase_export_key'])
    expect(sent).toHaveLength(0)
  })

  it('reports a method the frame itself refuses (not_allowed) the same way', async () => {
    const refused: [string, unknown][] = []
    const client = createEmbeddedWalletClient({
      frameUrl: FRAME_URL,
      projectId: 'foyer-demo',
      onRpcNotAllowed: (method, error) => refused.push([method, error]),
    })
    cleanups.push(client.destroy)
    const sent = sentTo(client.bus)
    fromFrame(client.bus, eventMessage('FRAME_READY', {}))
    const pending = client.provider.request({ method: 'eth_sign', params: ['0x01', '0x6869'] })
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    fromFrame(
      client.bus,
      responseMessage('RPC_REQUEST', sent[0]!.message.id, {
        error: { code: 'not_allowed', message: 'Requested RPC call is not allowed' },
      }),
    )
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcNotAllowedError)
    expect((error as RpcNotAllowedError).code).toBe(4200)
    expect(refused).toEqual([['eth_sign', error]])
  })

  it('forwards a not-safe method to the frame and shows the frame when it asks', async () => {
    const visibility: boolean[] = []
    const client = createEmbeddedWalletClient({
      frameUrl: FRAME_URL,
      projectId: 'foyer-demo',
      onFrameVisibility: (v) => visibility.push(v),
    })
    cleanups.push(client.destroy)
    const sent = sentTo(client.bus)
    fromFrame(client.bus, eventMessage('FRAME_READY', {}))
    const pending = client.provider.request({
      method: 'personal_sign',
      params: ['0x6869', '0x0000000000000000000000000000000000000001'],
    })
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.message).toMatchObject({ type: 'RPC_REQUEST', payload: { method: 'personal_sign' } })
    fromFrame(client.bus, eventMessage('FRAME_VISIBILITY', { visible: true, reason: 'approval' }))
    fromFrame(client.bus, eventMessage('FRAME_VISIBILITY', { visible: false }))
    fromFrame(
      client.bus,
      responseMessage('RPC_REQUEST', sent[0]!.message.id, { error: { code: 'rejected', message: 'no' } }),
    )
    await expect(pending).rejects.toMatchObject({ code: 4001 })
    expect(visibility).toEqual([true, false])
  })
})
