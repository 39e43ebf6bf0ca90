/**
 * A WalletConnect v2 relay for the local stack: the JSON-RPC over WebSocket the real SDK speaks
 * (`irn_publish`, `irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`, `irn_batchFetchMessages`, the
 * `wc_proposeSession` / `wc_approveSession` shortcuts, `irn_subscription` deliveries), in memory.
 *
 * What the SDK relies on, beyond the method names:
 * - any project id and auth token are accepted (the client id is read from the auth JWT when present);
 * - `wc_proposeSession` / `wc_approveSession` publish for the sender and subscribe it to the topic it will be
 *   answered on (the SDK does not send that subscribe itself);
 * - messages are kept per topic until their TTL ends and replayed to a client that subscribes later (a wallet
 *   that pairs after the dapp published its proposal), once per client;
 * - WebSocket pings every 15 s (the Node SDK drops a connection that is silent for 35 s);
 * - request ids are 19-digit integers, beyond JavaScript's safe range: they are echoed back as written.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'

export const DEFAULT_RELAY_PORT = 8790
const DEFAULT_TTL_SECONDS = 300
const MAX_TTL_SECONDS = 30 * 24 * 3600
const MAX_MESSAGES_PER_TOPIC = 500
const MAX_PAYLOAD_BYTES = 512 * 1024

export type RelayOptions = {
  host?: string
  /** 0 picks a free port. Default 8790. */
  port?: number
  /** Default 15 s. */
  pingIntervalMs?: number
  /** Called for every JSON-RPC method a client sends (for tests and debugging). */
  onRequest?: (method: string, params: unknown) => void
}

export type RunningRelay = {
  url: string
  port: number
  /** Counts by method since start. */
  stats: Map<string, number>
  stop(): Promise<void>
}

type StoredMessage = {
  topic: string
  message: string
  publishedAt: number
  tag?: number
  attestation?: string
  expiresAt: number
  publisher: string
  deliveredTo: Set<string>
}

type Client = { socket: WebSocket; clientId: string; subscriptions: Map<string, string> }

class RelayRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The `iss` of the relay auth JWT (`did:key:…`), which is stable per SDK client across reconnects. */
export function clientIdFromRequest(request: IncomingMessage): string | undefined {
  const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
  const payload = auth?.split('.')[1]
  if (!payload) return undefined
  try {
    const iss = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown }).iss
    return typeof iss === 'string' && iss.length < 200 ? iss : undefined
  } catch {
    return undefined
  }
}

/** The top-level `"id"` exactly as the client wrote it (a digits string or a quoted string). */
function rawRequestId(text: string): string | undefined {
  const match = /^\s*\{\s*(?:"(?:jsonrpc|method)"\s*:\s*"[^"]*"\s*,\s*)*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(text)
  return match?.[1]
}

export async function startWalletConnectRelay(options: RelayOptions = {}): Promise<RunningRelay> {
  const host = options.host ?? '127.0.0.1'
  const pingIntervalMs = options.pingIntervalMs ?? 15_000
  const topics = new Map<string, Set<Client>>()
  const mailbox = new Map<string, StoredMessage[]>()
  const stats = new Map<string, number>()
  let nextDeliveryId = Date.now() * 1000

  const server = new WebSocketServer({ host, port: options.port ?? DEFAULT_RELAY_PORT, maxPayload: MAX_PAYLOAD_BYTES })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port

  function liveMessages(topic: string): StoredMessage[] {
    const now = Date.now()
    const kept = (mailbox.get(topic) ?? []).filter((m) => m.expiresAt > now)
    if (kept.length) mailbox.set(topic, kept)
    else mailbox.delete(topic)
    return kept
  }

  function deliver(client: Client, stored: StoredMessage) {
    const subscriptionId = client.subscriptions.get(stored.topic)
    if (!subscriptionId || client.socket.readyState !== WebSocket.OPEN) return
    stored.deliveredTo.add(client.clientId)
    const data = {
      topic: stored.topic,
      message: stored.message,
      publishedAt: stored.publishedAt,
      tag: stored.tag,
      attestation: stored.attestation,
    }
    client.socket.send(
      JSON.stringify({
        id: nextDeliveryId++,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: subscriptionId, data },
      }),
    )
  }

  function publish(sender: Client, params: Record<string, unknown>, topicKey = 'topic', messageKey = 'message') {
    const topic = params[topicKey]
    const message = params[messageKey]
    if (typeof topic !== 'string' || !topic || typeof message !== 'string' || !message) {
      throw new RelayRpcError(-32602, `${topicKey} and ${messageKey} must be non-empty strings`)
    }
    const ttl =
      typeof params.ttl === 'number' && params.ttl > 0 ? Math.min(params.ttl, MAX_TTL_SECONDS) : DEFAULT_TTL_SECONDS
    const stored: StoredMessage = {
      topic,
      message,
      publishedAt: Date.now(),
      tag: typeof params.tag === 'number' ? params.tag : undefined,
      attestation: typeof params.attestation === 'string' ? params.attestation : undefined,
      expiresAt: Date.now() + ttl * 1000,
      publisher: sender.clientId,
      deliveredTo: new Set([sender.clientId]),
    }
    const kept = liveMessages(topic)
    kept.push(stored)
    mailbox.set(topic, kept.slice(-MAX_MESSAGES_PER_TOPIC))
    for (const client of topics.get(topic) ?? []) if (client.clientId !== sender.clientId) deliver(client, stored)
  }

  function subscribe(client: Client, topic: unknown): string {
    if (typeof topic !== 'string' || !topic) throw new RelayRpcError(-32602, 'topic must be a non-empty string')
    let id = client.subscriptions.get(topic)
    if (!id) {
      id = randomBytes(32).toString('hex')
      client.subscriptions.set(topic, id)
      let set = topics.get(topic)
      if (!set) {
        set = new Set()
        topics.set(topic, set)
      }
      set.add(client)
    }
    // Replay what this client has not had yet: a wallet that pairs after the dapp's proposal was published.
    for (const stored of liveMessages(topic)) if (!stored.deliveredTo.has(client.clientId)) deliver(client, stored)
    return id
  }

  function unsubscribe(client: Client, topic: unknown) {
    if (typeof topic !== 'string') return
    client.subscriptions.delete(topic)
    topics.get(topic)?.delete(client)
    if (topics.get(topic)?.size === 0) topics.delete(topic)
  }

  const handlers: Record<string, (client: Client, params: Record<string, unknown>) => unknown> = {
    irn_publish: (client, params) => {
      publish(client, params)
      return true
    },
    irn_batchPublish: (client, params) => {
      for (const message of Array.isArray(params.messages) ? params.messages : []) publish(client, message)
      return true
    },
    irn_subscribe: (client, params) => subscribe(client, params.topic),
    irn_batchSubscribe: (client, params) => {
      if (!Array.isArray(params.topics)) throw new RelayRpcError(-32602, 'topics must be an array')
      return params.topics.map((topic: unknown) => subscribe(client, topic))
    },
    irn_unsubscribe: (client, params) => {
      unsubscribe(client, params.topic)
      return true
    },
    irn_batchUnsubscribe: (client, params) => {
      for (const s of Array.isArray(params.subscriptions) ? params.subscriptions : []) unsubscribe(client, s?.topic)
      return true
    },
    irn_batchFetchMessages: (client, params) => {
      const messages = []
      for (const topic of Array.isArray(params.topics) ? params.topics : []) {
        for (const stored of liveMessages(String(topic))) {
          if (stored.deliveredTo.has(client.clientId)) continue
          stored.deliveredTo.add(client.clientId)
          messages.push({
            topic: stored.topic,
            message: stored.message,
            publishedAt: stored.publishedAt,
            tag: stored.tag,
            attestation: stored.attestation,
          })
        }
      }
      return { messages, hasMore: false }
    },
    // The dapp proposes on the pairing topic and is answered there.
    wc_proposeSession: (client, params) => {
      subscribe(client, params.pairingTopic)
      publish(client, params, 'pairingTopic', 'sessionProposal')
      return true
    },
    // The wallet answers the proposal on the pairing topic and settles on the new session topic, which it joins.
    wc_approveSession: (client, params) => {
      subscribe(client, params.sessionTopic)
      publish(client, { ...params, tag: 1101 }, 'pairingTopic', 'sessionProposalResponse')
      publish(client, { ...params, tag: 1102 }, 'sessionTopic', 'sessionSettlementRequest')
      return true
    },
  }

  server.on('connection', (socket, request) => {
    const client: Client = {
      socket,
      clientId: clientIdFromRequest(request) ?? `anonymous:${randomBytes(8).toString('hex')}`,
      subscriptions: new Map(),
    }
    const ping = setInterval(() => socket.readyState === WebSocket.OPEN && socket.ping(), pingIntervalMs)
    socket.on('close', () => {
      clearInterval(ping)
      for (const topic of client.subscriptions.keys()) unsubscribe(client, topic)
    })
    socket.on('error', () => socket.terminate())
    socket.on('message', (data) => {
      const text = data.toString()
      const rawId = rawRequestId(text)
      const reply = (body: string) =>
        socket.readyState === WebSocket.OPEN && socket.send(`{"id":${rawId ?? 'null'},"jsonrpc":"2.0",${body}}`)
      let payload: { method?: unknown; params?: unknown; result?: unknown; error?: unknown }
      try {
        payload = JSON.parse(text)
      } catch {
        return reply('"error":{"code":-32700,"message":"Parse error"}')
      }
      if (typeof payload.method !== 'string') return // an acknowledgement of one of our deliveries
      stats.set(payload.method, (stats.get(payload.method) ?? 0) + 1)
      options.onRequest?.(payload.method, payload.params)
      const handler = handlers[payload.method]
      if (!handler)
        return reply(`"error":{"code":-32601,"message":${JSON.stringify(`Method not found: ${payload.method}`)}}`)
      try {
        const params = (payload.params && typeof payload.params === 'object' ? payload.params : {}) as Record<
          string,
          unknown
        >
        reply(`"result":${JSON.stringify(handler(client, params))}`)
      } catch (error) {
        const code = error instanceof RelayRpcError ? error.code : -32603
        reply(`"error":{"code":${code},"message":${JSON.stringify((error as Error).message)}}`)
      }
    })
  })

  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host
  return {
    url: `ws://${urlHost}:${port}`,
    port,
    stats,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate()
        server.close(() => resolve())
      }),
  }
}
