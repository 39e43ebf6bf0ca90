// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestMessage } from '../messages/messages.ts'
import { createFrameHost, type FrameHandlers, FrameHostError } from './frameHost.ts'

const PARENT = 'http://127.0.0.1:5173'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function host(handlers: Partial<FrameHandlers>) {
  const parent = { postMessage: vi.fn() } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> }
  const ignored: string[] = []
  const created = createFrameHost({
    parentOrigin: PARENT,
    parentWindow: parent,
    handlers: handlers as FrameHandlers,
    onIgnored: (r) => ignored.push(r),
  })
  stops.push(created.stop)
  const send = (data: unknown, origin = PARENT, source: unknown = parent) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
  return { parent, ignored, send, created }
}

describe('frame host (frame side)', () => {
  it('answers only the pinned parent origin and window, with validated messages', async () => {
    const getChainId = vi.fn(() => ({ chainId: 31337 }))
    const { parent, ignored, send } = host({ GET_CHAIN_ID: getChainId })
    send(requestMessage('GET_CHAIN_ID', 'request-0001', {}), 'http://evil.example')
    send(requestMessage('GET_CHAIN_ID', 'request-0002', {}), PARENT, window)
    send({ ...requestMessage('GET_CHAIN_ID', 'request-0003', {}), payload: { extra: 1 } })
    expect(ignored).toEqual(['origin', 'source', 'schema'])
    expect(getChainId).not.toHaveBeenCalled()
    send(requestMessage('GET_CHAIN_ID', 'request-0004', {}))
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(1))
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'response', id: 'request-0004', ok: true, result: { chainId: 31337 } }),
      PARENT,
    )
  })

  it('answers handler refusals with their code and hides unexpected errors', async () => {
    const { parent, send } = host({
      CONNECT_OTP: () => {
        throw new FrameHostError('aborted', 'Request was aborted')
      },
      GET_USER: () => {
        throw new Error('secret detail 123456')
      },
    })
    send(requestMessage('CONNECT_OTP', 'request-0005', {}))
    send(requestMessage('GET_USER', 'request-0006', {}))
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(2))
    const [first, second] = parent.postMessage.mock.calls.map(([message]) => message)
    expect(first).toMatchObject({ ok: false, error: { code: 'aborted' } })
    expect(second).toMatchObject({ ok: false, error: { code: 'server_error' } })
    expect(JSON.stringify(second)).not.toContain('123456')
  })
})
