/**
 * The Solana test wallet's page half (@foyer/testing/solana) in Chromium, against the devnet's Solana JSON-RPC
 * stand-in (LiteSVM). Standalone: it starts its own stand-in (a free port) and page server, and needs no Foyer stack.
 * The pages find the wallet through the Wallet Standard's window protocol, and one page runs @foyer/solana's adapter
 * (built from source with Vite) against it.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type SolanaStandIn, solTransfer, startSolanaStandIn, unsignedTransaction } from '@foyer/devnet/solana'
import { installTestWallet } from '@foyer/testing'
import { installSolanaTestWallet, SOLANA_DEV_ACCOUNTS, SOLANA_DEV_KEYS } from '@foyer/testing/solana'
import { expect, type Page, test } from '@playwright/test'
import {
  type Address,
  address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'

const GENESIS_HASH = 'FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8sREquhEMvdexS'

// The app side of the Wallet Standard's register protocol, written out as a page would: it collects every wallet
// that registers, whether the wallet's script ran before the app (app-ready) or after it (register-wallet).
const APP_PROTOCOL = `
  window.registered = [];
  window.changes = [];
  const api = Object.freeze({ register: (...wallets) => { window.registered.push(...wallets); return () => {} } });
  window.addEventListener('wallet-standard:register-wallet', ({ detail: callback }) => callback(api));
  window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: api }));
`
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>solana wallet page</title></head>
<body><h1>solana wallet page</h1><script>${APP_PROTOCOL}</script></body></html>`

// A page that uses @foyer/solana's adapter as Foyer's core would, reporting what the adapter tells its controller.
const ADAPTER_ENTRY = `
import { solanaAdapter, solanaLocalnet } from '@foyer/solana'
const network = solanaLocalnet(window.solanaNetwork)
const reports = []
const controller = {
  networks: [network],
  setConnectors: (connectors) => reports.push(['setConnectors', connectors.map((c) => [c.id, c.name, c.type, c.imageUrl])]),
  setStatus: (status) => reports.push(['setStatus', status]),
  setAccount: (account) => reports.push(['setAccount', account.address]),
  setNetwork: () => {},
  resetAccount: () => reports.push(['resetAccount']),
  options: {},
  // The site has no embedded wallet here.
  embeddedWallet: () => undefined,
  showEmbeddedFrame() {}, hideEmbeddedFrame() {}, rpcNotAllowed() {},
}
const adapter = solanaAdapter()
adapter.mount(controller)
const outcome = (promise) => promise.then((result) => ({ result }), (e) => ({ error: e.name, message: e.shortMessage ?? e.message }))
window.foyerSolana = {
  reports: () => reports,
  connect: (connectorId) => outcome(adapter.connect({ connectorId, network })),
  signMessage: (message) => outcome(adapter.signMessage({ message })),
  sendSol: (to, amount) => outcome(adapter.sendTransaction({ network, to, value: BigInt(amount) })
    .then((signature) => adapter.waitForReceipt(signature, network)).then((r) => r.status)),
  disconnect: () => outcome(adapter.disconnect()),
}
`

let adapterBundle: Promise<string> | undefined
function buildAdapterBundle(): Promise<string> {
  adapterBundle ??= (async () => {
    const { build } = await import('vite')
    const out = await build({
      root: dirname(dirname(fileURLToPath(import.meta.url))),
      configFile: false,
      logLevel: 'warn',
      resolve: { conditions: ['@foyer/source', 'browser', 'module', 'import', 'default'] },
      plugins: [
        {
          name: 'adapter-entry',
          resolveId: (id) => (id === 'virtual:adapter-entry' ? '\0adapter-entry' : null),
          load: (id) => (id === '\0adapter-entry' ? ADAPTER_ENTRY : null),
        },
      ],
      build: {
        write: false,
        minify: false,
        target: 'es2022',
        rollupOptions: {
          input: 'virtual:adapter-entry',
          // One classic script, the adapter's lazy chunks inlined. The chunk loader's `import.meta` becomes `{}`
          // there, which it handles (it only reads `import.meta.resolve` when present): not worth a warning.
          output: { format: 'iife' },
          onLog: (level, log, handler) => {
            if (log.code !== 'EMPTY_IMPORT_META') handler(level, log)
          },
        },
      },
    })
    const output = (Array.isArray(out) ? out[0] : out) as { output: { type: string; code?: string }[] }
    const chunk = output.output.find((o) => o.type === 'chunk')
    if (!chunk?.code) throw new Error('the adapter bundle has no code')
    return chunk.code
  })()
  return adapterBundle
}

let standIn: SolanaStandIn
let site: { server: Server; url: string }
let rpc: ReturnType<typeof createSolanaRpc>

async function startPageServer(rpcUrl: string): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    if (req.url === '/adapter') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>adapter page</title></head><body>` +
            `<script>window.solanaNetwork = ${JSON.stringify({ rpcUrl, genesisHash: GENESIS_HASH })}</script>` +
            `<script src="/adapter.js"></script></body></html>`,
        )
      return
    }
    if (req.url === '/adapter.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(await buildAdapterBundle())
      return
    }
    if (req.url === '/favicon.ico') {
      res.writeHead(204).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

test.beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0 })
  rpc = createSolanaRpc(standIn.url)
  site = await startPageServer(standIn.url)
})

test.afterAll(async () => {
  site?.server.close()
  await standIn?.stop()
})

const chains = () => [{ chain: 'solana:localnet' as const, rpcUrl: standIn.url }]
const solBalance = async (owner: string) => (await rpc.getBalance(address(owner)).send()).value

/** Calls a feature of the registered wallet in the page; bytes cross as plain arrays. */
function feature(page: Page, name: string, input: unknown, bytesField?: string) {
  return page.evaluate(
    async ([name, input, bytesField]) => {
      const w = (window as any).registered[0]
      const account = w.accounts[0]
      const method = name.split(':')[1]
      const arg = { ...(input as object), account }
      if (bytesField) (arg as any)[bytesField] = Uint8Array.from((input as any)[bytesField])
      try {
        const [out] = await w.features[name][method](arg)
        return {
          result: Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v instanceof Uint8Array ? [...v] : v])),
        }
      } catch (e) {
        return {
          error: { name: (e as Error).name, code: (e as { code?: unknown }).code, message: (e as Error).message },
        }
      }
    },
    [name, input, bytesField] as const,
  )
}

test('registers through the Wallet Standard, before or after the app, with its name, icon, chains and features', async ({
  context,
  page,
}) => {
  const wallet = await installSolanaTestWallet(context, { devKeyIndex: 2, chains: chains() })
  expect(wallet.address).toBe(SOLANA_DEV_ACCOUNTS[2])
  await page.goto(site.url)
  const seen = () =>
    page.evaluate(() =>
      (window as any).registered.map((w: any) => ({
        name: w.name,
        icon: w.icon,
        version: w.version,
        chains: [...w.chains],
        features: Object.keys(w.features).sort(),
        accounts: w.accounts.length,
      })),
    )
  // The wallet's script ran first: the app's app-ready event registered it.
  expect(await seen()).toEqual([
    {
      name: 'Foyer Test Wallet',
      icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      version: '1.0.0',
      chains: ['solana:localnet'],
      features: [
        'solana:signAndSendTransaction',
        'solana:signMessage',
        'solana:signTransaction',
        'standard:connect',
        'standard:disconnect',
        'standard:events',
      ],
      accounts: 0,
    },
  ])
  // The app's script runs first (an init script added before): the wallet's register-wallet event registers it.
  const second = await context.newPage()
  await second.addInitScript({ content: APP_PROTOCOL.replace('window.registered = [];', 'window.registered ??= [];') })
  await second.goto(site.url)
  expect(await second.evaluate(() => (window as any).registered.map((w: any) => w.name))).toContain('Foyer Test Wallet')
})

test('connects, signs a message and a transaction that lands, follows account changes, and refuses when rejecting', async ({
  context,
  page,
}) => {
  const wallet = await installSolanaTestWallet(context, { devKeyIndex: 2, chains: chains() })
  await page.goto(site.url)
  await page.evaluate(() => {
    const w = (window as any).registered[0]
    w.features['standard:events'].on('change', ({ accounts }: any) =>
      (window as any).changes.push(accounts.map((a: any) => a.address)),
    )
  })
  const connected = await page.evaluate(async () => {
    const w = (window as any).registered[0]
    const { accounts } = await w.features['standard:connect'].connect()
    return {
      address: accounts[0].address,
      publicKey: accounts[0].publicKey instanceof Uint8Array,
      same: accounts[0] === w.accounts[0],
    }
  })
  expect(connected).toEqual({ address: SOLANA_DEV_ACCOUNTS[2], publicKey: true, same: true })
  expect(wallet.isAuthorized(site.url)).toBe(true)

  // An ed25519 signature of the message by the account.
  const message = [...new TextEncoder().encode('Sign in: nonce 4f2b')]
  const signed = await feature(page, 'solana:signMessage', { message }, 'message')
  const signature = Uint8Array.from((signed.result as { signature: number[] }).signature) as SignatureBytes
  const publicKey = await getPublicKeyFromAddress(wallet.address as Address)
  expect(await verifySignature(publicKey, signature, Uint8Array.from(message))).toBe(true)

  // A SOL transfer built in Node, signed and sent by the wallet from the page: it lands.
  const to = SOLANA_DEV_ACCOUNTS[3]
  const before = await solBalance(to)
  const transaction = [
    ...(await unsignedTransaction(standIn.url, wallet.address, [solTransfer(wallet.address, to, 7_000_000n)])),
  ]
  const sent = await feature(
    page,
    'solana:signAndSendTransaction',
    { transaction, chain: 'solana:localnet', options: { commitment: 'confirmed' } },
    'transaction',
  )
  expect((sent.result as { signature: number[] }).signature).toHaveLength(64)
  expect(await solBalance(to)).toBe(before + 7_000_000n)

  // The user switches account in the wallet, then rejects: the page gets the change, then the standard's refusal.
  await wallet.setAccount(SOLANA_DEV_KEYS[4])
  await expect.poll(() => page.evaluate(() => (window as any).changes)).toContainEqual([SOLANA_DEV_ACCOUNTS[4]])
  wallet.setRejecting(true)
  const refused = await feature(page, 'solana:signMessage', { message }, 'message')
  expect(refused.error).toMatchObject({ name: 'WalletStandardError', code: 4001000 })
  expect(wallet.requests.at(-1)).toMatchObject({ method: 'solana:signMessage', origin: site.url })
})

test("@foyer/solana's adapter in a page: lists the wallet, connects, signs, sends SOL, and a decline is UserRejectedRequestError", async ({
  context,
  page,
}) => {
  const wallet = await installSolanaTestWallet(context, { devKeyIndex: 5, chains: chains() })
  await page.goto(`${site.url}/adapter`)
  const call = (fn: string, ...args: unknown[]) =>
    page.evaluate(([fn, args]) => (window as any).foyerSolana[fn as string](...(args as unknown[])), [
      fn,
      args,
    ] as const)
  await expect
    .poll(async () => (await call('reports')).find((r: unknown[]) => r[0] === 'setConnectors')?.[1])
    .toEqual([['solana:Foyer Test Wallet', 'Foyer Test Wallet', 'ANNOUNCED', wallet.wallet.icon]])

  expect(await call('connect', 'solana:Foyer Test Wallet')).toMatchObject({
    result: { address: SOLANA_DEV_ACCOUNTS[5], networkId: 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s' },
  })
  const { result: signature } = await call('signMessage', 'Hello from the adapter')
  const publicKey = await getPublicKeyFromAddress(wallet.address as Address)
  expect(
    await verifySignature(
      publicKey,
      getBase58Encoder().encode(signature) as SignatureBytes,
      new TextEncoder().encode('Hello from the adapter'),
    ),
  ).toBe(true)

  const to = SOLANA_DEV_ACCOUNTS[6]
  const before = await solBalance(to)
  expect(await call('sendSol', to, '250000000')).toEqual({ result: 'success' })
  expect(await solBalance(to)).toBe(before + 250_000_000n)

  wallet.setRejecting(true)
  expect(await call('signMessage', 'no')).toEqual({
    error: 'UserRejectedRequestError',
    message: 'Request rejected in the wallet',
  })
  wallet.setRejecting(false)

  // A disconnect from inside the wallet reaches the adapter as a reset.
  await wallet.disconnectFromWallet()
  await expect.poll(async () => (await call('reports')).some((r: unknown[]) => r[0] === 'resetAccount')).toBe(true)
})

test('installed beside the EIP-6963 test wallet, one wallet name on both families', async ({ context, page }) => {
  await installTestWallet(context, {
    privateKey: `0x${'11'.repeat(32)}`,
    chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:1' }],
  })
  await installSolanaTestWallet(context, { chains: chains() })
  await page.goto(site.url)
  const names = await page.evaluate(() => {
    const announced: string[] = []
    window.addEventListener('eip6963:announceProvider', (e: any) => announced.push(e.detail.info.name))
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return { announced, registered: (window as any).registered.map((w: any) => w.name) }
  })
  expect(names).toEqual({ announced: ['Foyer Test Wallet'], registered: ['Foyer Test Wallet'] })
})
