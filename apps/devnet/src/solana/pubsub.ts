/**
 * The stand-in's PubSub: Solana's WebSocket subscriptions (signatureSubscribe, accountSubscribe, slotSubscribe and
 * their *Unsubscribe methods) over the same ledger as the HTTP JSON-RPC. Notifications go out from the ledger's
 * landed-transaction hook, so a transaction sent over HTTP notifies the sockets before its HTTP answer leaves.
 * Everything is final at once on the stand-in, so commitment levels are accepted and ignored.
 */
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type { Address } from '@solana/kit'
import type { RawData, WebSocket } from 'ws'
import type { RecordedTransaction, SolanaLedger } from './ledger.ts'
import { encodeAccount } from './rpcEncoding.ts'
import {
  address,
  type Config,
  config,
  invalidParams,
  type Params,
  RPC_ERROR,
  SolanaRpcError,
  signatureParam,
} from './rpcParams.ts'

// `ws` through Node's own resolution: a test environment that resolves packages as a browser does (jsdom, where the
// Solana adapter's tests start this stand-in) would get ws's browser stub, which has no server.
const { WebSocketServer } = createRequire(import.meta.url)('ws') as typeof import('ws')

/** A subscribe or unsubscribe message is small; anything larger is refused by the socket. */
const PUBSUB_PAYLOAD_LIMIT = 64 * 1024
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'account'; socket: WebSocket; address: Address; cfg: Config; last: string }
  | { kind: 'slot'; socket: WebSocket }

const UNSUBSCRIBE_KIND: Record<string, Subscription['kind']> = {
  signatureUnsubscribe: 'signature',
  accountUnsubscribe: 'account',
  slotUnsubscribe: 'slot',
}

export const SOLANA_PUBSUB_METHODS = [
  'signatureSubscribe',
  'accountSubscribe',
  'slotSubscribe',
  ...Object.keys(UNSUBSCRIBE_KIND),
]

/** The account as a subscriber sees it; a closed account reads as an empty one owned by the System Program. */
function accountValue(ledger: SolanaLedger, key: Address, cfg: Config) {
  const account = ledger.svm.getAccount(key)
  return encodeAccount(
    ledger,
    account.exists
      ? account
      : { data: new Uint8Array(0), executable: false, lamports: 0n, programAddress: SYSTEM_PROGRAM, space: 0n },
    cfg,
  )
}

/** What decides whether an account changed: its lamports, owner and bytes. */
function fingerprint(ledger: SolanaLedger, key: Address): string {
  const account = ledger.svm.getAccount(key)
  if (!account.exists) return 'none'
  return `${account.lamports}:${account.programAddress}:${account.executable}:${Buffer.from(account.data).toString('base64')}`
}

/**
 * The subscriptions of every socket on one ledger. Ids are unique across sockets, as a validator's are; a socket
 * can only drop its own.
 */
export class SolanaSubscriptions {
  readonly #ledger: SolanaLedger
  readonly #subscriptions = new Map<number, Subscription>()
  readonly #stopListening: () => void
  readonly #send: (socket: WebSocket, message: object) => void
  #nextId = 0

  constructor(ledger: SolanaLedger, send: (socket: WebSocket, message: object) => void) {
    this.#ledger = ledger
    this.#send = send
    this.#stopListening = ledger.onLanded((recorded) => this.#landed(recorded))
  }

  get size(): number {
    return this.#subscriptions.size
  }

  close() {
    this.#stopListening()
    this.#subscriptions.clear()
  }

  /** Drops every subscription of a socket that closed. */
  dropSocket(socket: WebSocket) {
    for (const [id, sub] of this.#subscriptions) if (sub.socket === socket) this.#subscriptions.delete(id)
  }

  /** Answers a subscribe or unsubscribe call's result, or throws a SolanaRpcError. */
  call(socket: WebSocket, method: string, rawParams: unknown): unknown {
    if (rawParams !== undefined && rawParams !== null && !Array.isArray(rawParams))
      throw invalidParams('params must be an array')
    const params = (rawParams ?? []) as Params
    const kind = UNSUBSCRIBE_KIND[method]
    if (kind) return this.#unsubscribe(socket, kind, params)
    switch (method) {
      case 'signatureSubscribe': {
        const signature = signatureParam(params[0])
        config(params, 1)
        // As on a validator, only a signature that lands from now on is notified: a client checks
        // getSignatureStatuses for one that may already have landed (kit's confirmation does both).
        return this.#add({ kind: 'signature', socket, signature })
      }
      case 'accountSubscribe': {
        const key = address(params, 0)
        const cfg = config(params, 1)
        // Checks the encoding (and the rest of the config) now, so a bad one is a -32602 and not a silent socket.
        accountValue(this.#ledger, key, cfg)
        return this.#add({ kind: 'account', socket, address: key, cfg, last: fingerprint(this.#ledger, key) })
      }
      case 'slotSubscribe':
        if (params.length > 0) throw invalidParams('slotSubscribe takes no params')
        return this.#add({ kind: 'slot', socket })
      default:
        throw new SolanaRpcError(
          RPC_ERROR.methodNotFound,
          `Method not found: ${method} (the Solana stand-in's PubSub answers ${SOLANA_PUBSUB_METHODS.join(', ')})`,
        )
    }
  }

  #add(sub: Subscription): number {
    const id = this.#nextId++
    this.#subscriptions.set(id, sub)
    return id
  }

  #unsubscribe(socket: WebSocket, kind: Subscription['kind'], params: Params): boolean {
    const id = params[0]
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0)
      throw invalidParams('the subscription id must be a non-negative integer')
    const sub = this.#subscriptions.get(id)
    // As a validator answers: an id that is not (or no longer) subscribed is an invalid param.
    if (!sub || sub.socket !== socket || sub.kind !== kind)
      throw new SolanaRpcError(RPC_ERROR.invalidParams, 'Invalid subscription id.')
    this.#subscriptions.delete(id)
    return true
  }

  #notify(sub: Subscription, id: number, method: string, result: unknown) {
    this.#send(sub.socket, { jsonrpc: '2.0', method, params: { result, subscription: id } })
  }

  /** A signature subscription fires once, then ends (as a validator's does). */
  #notifySignature(id: number, recorded: RecordedTransaction) {
    const sub = this.#subscriptions.get(id)
    if (!sub) return
    this.#subscriptions.delete(id)
    this.#notify(sub, id, 'signatureNotification', {
      context: { slot: recorded.slot },
      value: { err: recorded.err },
    })
  }

  #landed(recorded: RecordedTransaction) {
    const ledger = this.#ledger
    const parent = recorded.slot > 0n ? recorded.slot - 1n : 0n
    for (const [id, sub] of [...this.#subscriptions]) {
      if (sub.kind === 'signature') {
        if (sub.signature === recorded.signature) this.#notifySignature(id, recorded)
      } else if (sub.kind === 'slot') {
        // No forks and everything final: the new slot is its own root.
        this.#notify(sub, id, 'slotNotification', { parent, root: recorded.slot, slot: recorded.slot })
      } else {
        const now = fingerprint(ledger, sub.address)
        if (now === sub.last) continue
        sub.last = now
        this.#notify(sub, id, 'accountNotification', {
          context: { slot: recorded.slot },
          value: accountValue(ledger, sub.address, sub.cfg),
        })
      }
    }
  }
}

type PubSubRequest = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

const errorMessage = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: { code, message },
})

export interface SolanaPubSubOptions {
  host: string
  port: number
  ledger: SolanaLedger
  /** How messages are written (bigints as JSON numbers). */
  stringify: (value: unknown) => string
  /** For logs. */
  name: string
}

export interface SolanaPubSub {
  /** The ws:// URL. */
  url: string
  subscriptions: SolanaSubscriptions
  stop(): Promise<void>
}

/** Listens for PubSub subscriptions on `port` (0 picks a free one). */
export async function startSolanaPubSub(options: SolanaPubSubOptions): Promise<SolanaPubSub> {
  const { host, ledger, stringify, name } = options
  const send = (socket: WebSocket, message: object) => {
    if (socket.readyState === socket.OPEN) socket.send(stringify(message))
  }
  const subscriptions = new SolanaSubscriptions(ledger, send)
  const server = new WebSocketServer({ host, port: options.port, maxPayload: PUBSUB_PAYLOAD_LIMIT })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', (err) => {
      subscriptions.close()
      reject(err)
    })
  })

  server.on('connection', (socket: WebSocket) => {
    socket.on('close', () => subscriptions.dropSocket(socket))
    socket.on('error', () => subscriptions.dropSocket(socket))
    socket.on('message', (data: RawData) => {
      let request: PubSubRequest
      try {
        request = JSON.parse(data.toString()) as PubSubRequest
      } catch {
        send(socket, errorMessage(null, RPC_ERROR.parse, 'Parse error: the message is not JSON'))
        return
      }
      if (typeof request !== 'object' || request === null || Array.isArray(request)) {
        send(socket, errorMessage(null, RPC_ERROR.invalidRequest, 'Invalid request: expected a JSON-RPC object'))
        return
      }
      // @solana/kit keeps the socket alive with id-less pings; they need no answer.
      if (request.method === 'ping' && request.id === undefined) return
      if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
        send(
          socket,
          errorMessage(
            request.id,
            RPC_ERROR.invalidRequest,
            'Invalid request: expected {jsonrpc: "2.0", id, method, params}',
          ),
        )
        return
      }
      try {
        const result = subscriptions.call(socket, request.method, request.params)
        send(socket, { jsonrpc: '2.0', id: request.id ?? null, result })
      } catch (err) {
        if (err instanceof SolanaRpcError) send(socket, errorMessage(request.id, err.code, err.message))
        else {
          console.error(`[${name}] ${request.method} failed:`, err)
          send(socket, errorMessage(request.id, RPC_ERROR.internal, `Internal error: ${(err as Error).message}`))
        }
      }
    })
  })

  const { port } = server.address() as AddressInfo
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  let stopping: Promise<void> | undefined
  return {
    url: `ws://${urlHost}:${port}`,
    subscriptions,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        subscriptions.close()
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      })),
  }
}
