/**
 * A local stand-in for Farcaster's Connect relay (relay.farcaster.xyz), with the HTTP API `@farcaster/auth-client`
 * calls, so its app client and wallet client work against it unchanged:
 *
 * - `POST /v1/channel` {siweUri, domain, nonce?, notBefore?, expirationTime?, requestId?, redirectUrl?,
 *   acceptAuthAddress?} → 201 {channelToken, url, connectUri, nonce}. `url` is the sign-in link in the real shape,
 *   `https://farcaster.xyz/~/siwf?channelToken=…` (the dev wallet app opens it from `?siwf=<link>` or pasted).
 * - `GET /v1/channel/status` (`Authorization: Bearer <channelToken>`) → 202 while pending, 200 once a wallet
 *   authenticated (message, signature, fid, profile, custody); a completed channel is closed on that read, as on
 *   the real relay, so it answers once. Unknown, closed or expired: 401.
 * - `POST /v1/channel/authenticate` (`Authorization: Bearer <channelToken>`, `X-Farcaster-Auth-Relay-Key: <key>`)
 *   {message, signature, fid, username?, bio?, displayName?, pfpUrl?} → 201 with the channel. A wrong key, or a
 *   caller that is not on loopback: 401. The fid's custody address is read from the id registry stand-in.
 *
 * Channels expire `channelTtlMs` after they are opened (3600 s, as on the real relay). Everything is in memory.
 * Also `GET /pfp/<fid>.svg`, the test users' avatars. Devnet only: it checks no signature (the app verifies).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import type { Address, Hex } from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem/utils'
import { jsonRpc } from '../rpc.ts'
import { FARCASTER_DEV_AUTH_KEY, farcasterTestUser, ID_REGISTRY_ADDRESS } from './users.ts'

export const DEFAULT_FARCASTER_RELAY_PORT = 8796
/** The link base of Farcaster's own relay: a Farcaster client opens it (here: the dev wallet app). */
export const FARCASTER_SIGN_IN_URL = 'https://farcaster.xyz/~/siwf'
/** How long a channel lives, as on the real relay (its CHANNEL_TTL). */
export const DEFAULT_CHANNEL_TTL_MS = 3600_000
const MAX_BODY = 64 * 1024

export interface FarcasterRelayOptions {
  host?: string
  port?: number
  /** The chain holding the id registry stand-in (custody addresses); without it `custody` is left out. */
  rpcUrl?: string
  channelTtlMs?: number
  /** The key wallet apps send; default `super_dev_key`. */
  authKey?: string
}

export interface FarcasterRelay {
  url: string
  port: number
  stop(): Promise<void>
}

const isoDate = v.pipe(v.string(), v.isoTimestamp())
const CreateChannel = v.object({
  siweUri: v.pipe(v.string(), v.url(), v.maxLength(2048)),
  domain: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  nonce: v.optional(v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,128}$/))),
  notBefore: v.optional(isoDate),
  expirationTime: v.optional(isoDate),
  requestId: v.optional(v.pipe(v.string(), v.maxLength(256))),
  redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  acceptAuthAddress: v.optional(v.boolean()),
})
const Authenticate = v.object({
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(8192)),
  signature: v.pipe(v.string(), v.regex(/^0x[a-fA-F0-9]{130}$/)),
  authMethod: v.optional(v.picklist(['custody', 'authAddress'])),
  fid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  username: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/))),
  bio: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  displayName: v.optional(v.pipe(v.string(), v.maxLength(256))),
  pfpUrl: v.optional(v.pipe(v.string(), v.url(), v.maxLength(2048))),
})

type SignatureParams = Omit<v.InferOutput<typeof CreateChannel>, 'acceptAuthAddress'>
interface Channel {
  state: 'pending' | 'completed'
  nonce: string
  url: string
  connectUri: string
  message?: string
  signature?: Hex
  authMethod?: 'custody' | 'authAddress'
  fid?: number
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
  verifications?: string[]
  custody?: Address
  signatureParams: SignatureParams
  metadata: { ip: string; userAgent: string }
  acceptAuthAddress: boolean
}

const idRegistryAbi = parseAbi(['function custodyOf(uint256 fid) view returns (address custody)'])

/** Whether a TCP peer is this machine (IPv4 127/8, IPv6 ::1, or IPv4 loopback mapped into IPv6). */
export const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))

function avatarSvg(fid: number): string {
  const hue = (fid * 67) % 360
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${hue} 55% 45%)"/><text x="48" y="56" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">${fid}</text></svg>`
}

export async function startFarcasterRelay(options: FarcasterRelayOptions = {}): Promise<FarcasterRelay> {
  const host = options.host ?? '127.0.0.1'
  const ttl = options.channelTtlMs ?? DEFAULT_CHANNEL_TTL_MS
  const authKey = options.authKey ?? FARCASTER_DEV_AUTH_KEY
  const rpc = options.rpcUrl ? jsonRpc(options.rpcUrl) : undefined
  const channels = new Map<string, { channel: Channel; expiresAt: number }>()

  const live = (token: string | undefined) => {
    if (!token) return undefined
    const entry = channels.get(token)
    if (entry && entry.expiresAt <= Date.now()) channels.delete(token)
    return entry && entry.expiresAt > Date.now() ? entry : undefined
  }
  const sweep = setInterval(() => {
    for (const [token, entry] of channels) if (entry.expiresAt <= Date.now()) channels.delete(token)
  }, 60_000)
  sweep.unref()

  async function custodyOf(fid: number): Promise<Address | undefined> {
    if (!rpc) return undefined
    const data = encodeFunctionData({ abi: idRegistryAbi, functionName: 'custodyOf', args: [BigInt(fid)] })
    const result = await rpc.request<Hex>('eth_call', [{ to: ID_REGISTRY_ADDRESS, data }, 'latest'])
    const custody = decodeFunctionResult({ abi: idRegistryAbi, functionName: 'custodyOf', data: result })
    return BigInt(custody) === 0n ? undefined : custody
  }

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // The real relay answers any origin (its CORS_ORIGIN is "*"): wallet web apps call it from the browser.
      'access-control-allow-origin': '*',
    })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }
  const bearer = (req: IncomingMessage) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim()

  async function readJson(req: IncomingMessage): Promise<unknown> {
    let size = 0
    const chunks: Buffer[] = []
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_BODY) throw new Error('body too large')
      chunks.push(chunk)
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://relay').pathname
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'authorization, content-type, x-farcaster-auth-relay-key',
        'access-control-max-age': '600',
      })
      return res.end()
    }
    if (req.method === 'GET' && path === '/')
      return send(
        res,
        200,
        'Foyer devnet: a local stand-in for the Farcaster Connect relay. Not Farcaster; test users only.\n',
        'text/plain; charset=utf-8',
      )
    const pfp = /^\/pfp\/(\d+)\.svg$/.exec(path)
    if (req.method === 'GET' && pfp && farcasterTestUser(Number(pfp[1])))
      return send(res, 200, avatarSvg(Number(pfp[1])), 'image/svg+xml')

    if (req.method === 'POST' && path === '/v1/channel') {
      const parsed = v.safeParse(CreateChannel, await readJson(req).catch(() => undefined))
      if (!parsed.success) return send(res, 400, { error: 'Validation error', message: v.summarize(parsed.issues) })
      const { acceptAuthAddress = false, ...params } = parsed.output
      const channelToken = randomUUID()
      const nonce = params.nonce ?? generateSiweNonce()
      const url = `${FARCASTER_SIGN_IN_URL}?${new URLSearchParams({ channelToken })}`
      const channel: Channel = {
        state: 'pending',
        nonce,
        url,
        connectUri: url,
        acceptAuthAddress,
        signatureParams: { ...params, nonce },
        metadata: { ip: req.socket.remoteAddress ?? '', userAgent: req.headers['user-agent'] ?? 'Unknown' },
      }
      channels.set(channelToken, { channel, expiresAt: Date.now() + ttl })
      return send(res, 201, { channelToken, url, connectUri: url, nonce })
    }

    if (req.method === 'GET' && path === '/v1/channel/status') {
      const token = bearer(req)
      const entry = live(token)
      if (!token || !entry) return send(res, 401, { error: 'Unauthorized' })
      const { url: _url, connectUri: _connectUri, ...status } = entry.channel
      if (status.state === 'completed') {
        channels.delete(token)
        return send(res, 200, status)
      }
      return send(res, 202, status)
    }

    if (req.method === 'POST' && path === '/v1/channel/authenticate') {
      const key = req.headers['x-farcaster-auth-relay-key'] ?? req.headers['x-farcaster-connect-auth-key']
      // The dev key is public: only callers on this machine may use it.
      if (key !== authKey || !isLoopback(req.socket.remoteAddress)) return send(res, 401, { error: 'Unauthorized' })
      const token = bearer(req)
      const parsed = v.safeParse(Authenticate, await readJson(req).catch(() => undefined))
      if (!parsed.success) return send(res, 400, { error: 'Validation error', message: v.summarize(parsed.issues) })
      const entry = live(token)
      if (!entry) return send(res, 401, { error: 'Unauthorized' })
      const custody = await custodyOf(parsed.output.fid)
      entry.channel = {
        ...entry.channel,
        ...parsed.output,
        signature: parsed.output.signature as Hex,
        state: 'completed',
        ...(custody ? { custody } : {}),
        verifications: [],
      }
      return send(res, 201, entry.channel)
    }
    return send(res, 404, { error: 'Not found' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) send(res, 500, { error: error.message })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_FARCASTER_RELAY_PORT, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host
  let stopping: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    port,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        clearInterval(sweep)
        server.close(() => resolve())
        server.closeAllConnections()
      })),
  }
}
