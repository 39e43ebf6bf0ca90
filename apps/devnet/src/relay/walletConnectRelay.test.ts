import { SignClient } from '@walletconnect/sign-client'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { type RunningRelay, startWalletConnectRelay } from './walletConnectRelay.ts'

// Ports 19100–19199 belong to this test file's issue; 0 would do too, but a fixed one makes failures easy to read.
const PORT = 19110
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

class MemoryStorage {
  entries = new Map<string, unknown>()
  async getKeys() {
    return [...this.entries.keys()]
  }
  async getEntries() {
    return [...this.entries.entries()]
  }
  async getItem(key: string) {
    return this.entries.get(key)
  }
  async setItem(key: string, value: unknown) {
    this.entries.set(key, value)
  }
  async removeItem(key: string) {
    this.entries.delete(key)
  }
}

const init = (relayUrl: string, name: string) =>
  SignClient.init({
    projectId: 'any-project-id-works',
    relayUrl,
    metadata: { name, description: name, url: `https://${name}.invalid`, icons: [] },
    customStoragePrefix: name,
    storage: new MemoryStorage() as never,
    telemetryEnabled: false,
    logger: 'silent',
  })

describe('the local WalletConnect relay with the real SDK on both sides', () => {
  let relay: RunningRelay
  const methods: string[] = []
  let dapp: Awaited<ReturnType<typeof init>>
  let wallet: Awaited<ReturnType<typeof init>>

  beforeAll(async () => {
    relay = await startWalletConnectRelay({ port: PORT, onRequest: (method) => methods.push(method) })
    dapp = await init(relay.url, 'dapp')
    wallet = await init(relay.url, 'wallet')
    wallet.core.verify.resolve = (async () => undefined) as never // the hosted verify service is not reachable offline
  }, 30_000)
  afterAll(async () => {
    await dapp?.core.relayer.transportClose().catch(() => {})
    await wallet?.core.relayer.transportClose().catch(() => {})
    await relay?.stop()
  })

  it('pairs, settles a session, carries a request both ways, and a wallet-side disconnect reaches the dapp', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] },
      },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    // The wallet pairs after the proposal was published: the relay must replay it on subscribe.
    const proposal = new Promise<any>((resolve) => wallet.once('session_proposal', resolve))
    await wallet.core.pairing.pair({ uri: uri! })
    const { id, params } = await proposal
    expect(params.proposer.metadata.name).toBe('dapp')
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: ['eip155:31337'],
          methods: ['personal_sign'],
          events: ['chainChanged', 'accountsChanged'],
          accounts: [`eip155:31337:${ACCOUNT}`],
        },
      },
    })
    const { acknowledged } = await wallet.approve({ id, namespaces })
    const [session] = await Promise.all([approval(), acknowledged()])
    expect(session.namespaces.eip155!.accounts).toEqual([`eip155:31337:${ACCOUNT}`])

    wallet.once('session_request', ({ id: requestId, topic, params: request }) => {
      void wallet.respond({
        topic,
        response: { id: requestId, jsonrpc: '2.0', result: `signed:${request.request.params[0]}` },
      })
    })
    const signature = await dapp.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] },
    })
    expect(signature).toBe('signed:0x68656c6c6f')

    const deleted = new Promise<{ topic: string }>((resolve) => dapp.once('session_delete', resolve))
    await wallet.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
    expect((await deleted).topic).toBe(session.topic)

    expect(methods).toEqual(
      expect.arrayContaining(['irn_subscribe', 'irn_publish', 'wc_proposeSession', 'wc_approveSession']),
    )
  }, 30_000)

  it('echoes 19-digit request ids exactly, refuses unknown methods and bad JSON with JSON-RPC errors', async () => {
    const socket = new WebSocket(`${relay.url}/?projectId=x&auth=not.a.jwt`)
    await new Promise((resolve) => socket.once('open', resolve))
    const replies: string[] = []
    socket.on('message', (data) => replies.push(data.toString()))
    const next = () => new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())))
    let reply = next()
    socket.send('{"id":1732456789012345678,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"abc"}}')
    expect(await reply).toMatch(/^\{"id":1732456789012345678,"jsonrpc":"2.0","result":"[0-9a-f]{64}"\}$/)
    reply = next()
    socket.send('{"id":2,"jsonrpc":"2.0","method":"irn_nope","params":{}}')
    expect(JSON.parse(await reply)).toMatchObject({ id: 2, error: { code: -32601 } })
    reply = next()
    socket.send('{not json')
    expect(JSON.parse(await reply)).toMatchObject({ error: { code: -32700 } })
    reply = next()
    socket.send('{"id":3,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":""}}')
    expect(JSON.parse(await reply)).toMatchObject({ id: 3, error: { code: -32602 } })
    socket.close()
  })

  it('keeps a message until its TTL and delivers it once to a client that subscribes later', async () => {
    const open = async () => {
      const socket = new WebSocket(relay.url)
      await new Promise((resolve) => socket.once('open', resolve))
      return socket
    }
    const publisher = await open()
    const ack = new Promise((resolve) => publisher.once('message', resolve))
    publisher.send(
      JSON.stringify({
        id: 10,
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { topic: 'later', message: 'hello', ttl: 60, tag: 1 },
      }),
    )
    await ack
    const subscriber = await open()
    const received: any[] = []
    const delivered = new Promise<void>((resolve) =>
      subscriber.on('message', (data) => {
        const payload = JSON.parse(data.toString())
        received.push(payload)
        if (payload.method === 'irn_subscription') resolve()
      }),
    )
    subscriber.send(
      JSON.stringify({ id: 11, jsonrpc: '2.0', method: 'irn_batchSubscribe', params: { topics: ['later'] } }),
    )
    await delivered
    const delivery = received.find((p) => p.method === 'irn_subscription')
    expect(delivery.params.data).toMatchObject({ topic: 'later', message: 'hello', tag: 1 })
    publisher.close()
    subscriber.close()
  })
})
