/**
 * The Solana JSON-RPC stand-in (LiteSVM): an HTTP JSON-RPC server over one LiteSVM instance, with the dev
 * accounts funded and the dev token mints created at start. It answers the part of Solana's JSON-RPC that Foyer
 * uses (rpc.ts), and Solana's PubSub subscriptions over WebSocket on a port of their own (pubsub.ts); it is not a
 * Solana validator and says so in its logs and version string.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from '@solana/kit'
import { DEV_ACCOUNT_COUNT } from '../accounts.ts'
import { type SolanaDevMint, writeGenesis } from './genesis.ts'
import { solanaDevAccounts } from './keys.ts'
import { SolanaLedger } from './ledger.ts'
import { solanaRpcPort, solanaWsPort } from './port.ts'
import { type SolanaPubSub, type SolanaSubscriptions, startSolanaPubSub } from './pubsub.ts'
import { callSolanaRpc } from './rpc.ts'
import { RPC_ERROR, SolanaRpcError } from './rpcParams.ts'
import { SOLANA_STAND_IN_GENESIS_HASH } from './standInGenesis.ts'

/** Larger bodies are refused before they are read whole (a Solana transaction is at most 1232 bytes). */
export const SOLANA_RPC_BODY_LIMIT = 256 * 1024
export const SOLANA_STAND_IN_NAME = 'Solana JSON-RPC stand-in (LiteSVM)'

export interface SolanaStandInAccount {
  address: Address
  /** m/44'/501'/i'/0' of the dev mnemonic. */
  path: string
  /** 64-byte secret key in base58 (the form Phantom imports). Public test key: never for real funds. */
  secretKey: string
}

export interface SolanaStandInOptions {
  /** 127.0.0.1 unless given. */
  host?: string
  /** FOYER_SOLANA_RPC_PORT or 8899 unless given; 0 picks a free port. */
  port?: number
  /**
   * The PubSub (WebSocket) port. Unless given: `port` + 1 when `port` is given (a validator's layout), a free port
   * when `port` is 0, else FOYER_SOLANA_WS_PORT or 8900.
   */
  wsPort?: number
  /** Dev accounts to fund; the EVM side's count (10) unless given. */
  accounts?: number
}

export interface SolanaStandIn {
  /** The JSON-RPC URL, e.g. http://127.0.0.1:8899. */
  url: string
  /** The PubSub URL (signatureSubscribe, accountSubscribe, slotSubscribe), e.g. ws://127.0.0.1:8900. */
  wsUrl: string
  accounts: SolanaStandInAccount[]
  mints: SolanaDevMint[]
  /** The ledger behind it (for tests and tools in this process). */
  ledger: SolanaLedger
  /** The open PubSub subscriptions (for tests and tools in this process). */
  subscriptions: SolanaSubscriptions
  stop(): Promise<void>
}

/** What goes in the devnet file about the stand-in (no keys: they are in the mnemonic). */
export interface SolanaStandInDescription {
  name: string
  rpcUrl: string
  /** The PubSub (WebSocket) URL. */
  wsUrl: string
  /** What `getGenesisHash` answers; its first 32 characters are the chain's CAIP-2 reference. */
  genesisHash: string
  accounts: Address[]
  mints: SolanaDevMint[]
}

export const describeSolanaStandIn = (standIn: SolanaStandIn): SolanaStandInDescription => ({
  name: SOLANA_STAND_IN_NAME,
  rpcUrl: standIn.url,
  wsUrl: standIn.wsUrl,
  genesisHash: SOLANA_STAND_IN_GENESIS_HASH,
  accounts: standIn.accounts.map((a) => a.address),
  mints: standIn.mints,
})

/** JSON with bigints written as plain numbers (Solana's u64s), which kit reads back as bigints. */
export function stringifyRpc(value: unknown): string {
  const marker = '\u0000big:'
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${marker}${v}` : v)).replace(
    /"\\u0000big:(-?\d+)"/g,
    '$1',
  )
}

type RpcRequest = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

const errorResponse = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: { code, message, ...(data !== undefined ? { data } : {}) },
})

export function answerSolanaRpc(ledger: SolanaLedger, request: unknown): object {
  const r = request as RpcRequest
  if (typeof r !== 'object' || r === null || Array.isArray(r) || r.jsonrpc !== '2.0' || typeof r.method !== 'string')
    return errorResponse(
      r && typeof r === 'object' ? r.id : null,
      RPC_ERROR.invalidRequest,
      'Invalid request: expected {jsonrpc: "2.0", id, method, params}',
    )
  try {
    return { jsonrpc: '2.0', id: r.id ?? null, result: callSolanaRpc({ ledger }, r.method, r.params) }
  } catch (err) {
    if (err instanceof SolanaRpcError) return errorResponse(r.id, err.code, err.message, err.data)
    console.error(`[${SOLANA_STAND_IN_NAME}] ${r.method} failed:`, err)
    return errorResponse(r.id, RPC_ERROR.internal, `Internal error: ${(err as Error).message}`)
  }
}

function readBody(req: IncomingMessage): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'])
    if (declared > SOLANA_RPC_BODY_LIMIT) {
      req.resume()
      resolve('too-large')
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > SOLANA_RPC_BODY_LIMIT) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
  res.end(stringifyRpc(body))
}

async function handle(ledger: SolanaLedger, req: IncomingMessage, res: ServerResponse) {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type, solana-client',
      'access-control-max-age': '86400',
    })
    res.end()
    return
  }
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('ok')
    return
  }
  if (req.method !== 'POST') {
    send(res, 405, errorResponse(null, RPC_ERROR.invalidRequest, 'Use POST with a JSON-RPC body'))
    return
  }
  const body = await readBody(req)
  if (body === 'too-large') {
    send(
      res,
      413,
      errorResponse(null, RPC_ERROR.invalidRequest, `Request body is larger than ${SOLANA_RPC_BODY_LIMIT} bytes`),
    )
    return
  }
  let request: unknown
  try {
    request = JSON.parse(body)
  } catch {
    send(res, 200, errorResponse(null, RPC_ERROR.parse, 'Parse error: the body is not JSON'))
    return
  }
  if (Array.isArray(request)) {
    if (request.length === 0)
      send(res, 200, errorResponse(null, RPC_ERROR.invalidRequest, 'Invalid request: empty batch'))
    else
      send(
        res,
        200,
        request.map((r) => answerSolanaRpc(ledger, r)),
      )
    return
  }
  send(res, 200, answerSolanaRpc(ledger, request))
}

/** Starts the stand-in: LiteSVM, the genesis state, then the HTTP server. */
export async function startSolanaStandIn(options: SolanaStandInOptions = {}): Promise<SolanaStandIn> {
  const host = options.host ?? '127.0.0.1'
  const ledger = new SolanaLedger(SOLANA_STAND_IN_GENESIS_HASH)
  const keys = solanaDevAccounts(options.accounts ?? DEV_ACCOUNT_COUNT)
  const mints = await writeGenesis(ledger, keys)
  const server = createServer((req, res) => {
    handle(ledger, req, res).catch((err) => {
      console.error(`[${SOLANA_STAND_IN_NAME}] request failed:`, err)
      if (!res.headersSent) send(res, 500, errorResponse(null, RPC_ERROR.internal, 'Internal error'))
      else res.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host, port: options.port ?? solanaRpcPort(), exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const wsPort =
    options.wsPort ?? (options.port === 0 ? 0 : options.port !== undefined ? options.port + 1 : solanaWsPort())
  let pubsub: SolanaPubSub
  try {
    pubsub = await startSolanaPubSub({
      host,
      port: wsPort,
      ledger,
      stringify: stringifyRpc,
      name: SOLANA_STAND_IN_NAME,
    })
  } catch (err) {
    server.close()
    throw err
  }
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  let stopping: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    wsUrl: pubsub.url,
    accounts: keys.map(({ address, path, secretKey }) => ({ address, path, secretKey })),
    mints,
    ledger,
    subscriptions: pubsub.subscriptions,
    stop: () =>
      (stopping ??= Promise.all([
        pubsub.stop(),
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        }),
      ]).then(() => undefined)),
  }
}
