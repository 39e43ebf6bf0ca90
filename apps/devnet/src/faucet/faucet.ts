/**
 * The devnet faucet: funds new embedded wallets (the Foyer server calls it when a wallet is created, through
 * FOYER_EMBEDDED_FAUCET_URL). POST /fund {address} sends FAUCET_AMOUNT of native token on every devnet chain from
 * dev account 9, once per address. Loopback and local development only.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Address, createWalletClient, defineChain, type Hex, http, isAddress, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { DevnetInfo } from '../devnet-file.ts'

export const FAUCET_AMOUNT = parseEther('10')
/** The dev account the faucet pays from (no e2e journey uses it as its wallet). */
export const FAUCET_ACCOUNT_INDEX = 9

export type Faucet = { url: string; port: number; funded: () => string[]; stop(): Promise<void> }

export async function startFaucet(options: { devnet: DevnetInfo; host?: string; port?: number }): Promise<Faucet> {
  const host = options.host ?? '127.0.0.1'
  const payer = options.devnet.accounts[FAUCET_ACCOUNT_INDEX]
  if (!payer) throw new Error(`The devnet has no dev account ${FAUCET_ACCOUNT_INDEX} to pay from`)
  const account = privateKeyToAccount(payer.privateKey as Hex)
  const clients = options.devnet.chains.map((c) =>
    createWalletClient({
      account,
      chain: defineChain({
        id: c.id,
        name: c.name,
        nativeCurrency: { name: 'Ether', symbol: c.nativeSymbol, decimals: 18 },
        rpcUrls: { default: { http: [c.rpcUrl] } },
      }),
      transport: http(c.rpcUrl),
    }),
  )
  const funded = new Set<string>()
  let queue: Promise<unknown> = Promise.resolve()

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      res.end(JSON.stringify(body))
    }
    if (req.method !== 'POST' || req.url !== '/fund')
      return send(404, { error: { code: 'not_found', message: 'POST /fund {address}' } })
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
      if (text.length > 10_000) req.destroy()
    })
    req.on('end', () => {
      let address: unknown
      try {
        address = (JSON.parse(text) as { address?: unknown }).address
      } catch {
        return send(400, { error: { code: 'invalid_json', message: 'Send {"address": "0x…"}' } })
      }
      if (typeof address !== 'string' || !isAddress(address))
        return send(400, {
          error: { code: 'invalid_request', message: 'address must be a 0x-prefixed 20-byte address' },
        })
      const key = address.toLowerCase()
      if (funded.has(key)) return send(200, { funded: false, reason: 'already funded' })
      funded.add(key)
      // One payer: send one after the other so nonces never clash.
      const run = queue.then(() =>
        Promise.all(clients.map((client) => client.sendTransaction({ to: address as Address, value: FAUCET_AMOUNT }))),
      )
      queue = run.catch(() => undefined)
      run.then(
        (hashes) => send(200, { funded: true, hashes }),
        (error: unknown) => {
          funded.delete(key)
          send(502, {
            error: {
              code: 'chain_error',
              message: (error as { shortMessage?: string }).shortMessage ?? 'The transfer failed',
            },
          })
        },
      )
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8789, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${host}:${port}/fund`,
    port,
    funded: () => [...funded],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
