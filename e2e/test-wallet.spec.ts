/**
 * The EIP-6963 test wallet (@foyer/testing) against real anvil chains, on a tiny page of our own. Standalone:
 * it starts its own chains (31337 on :18645, 31339 on :18646) and page servers, and needs no Foyer stack.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ANVIL_PRIVATE_KEYS, installTestWallet, type TestWallet, type TestWalletOptions } from '@foyer/testing'
import { expect, type Page, test } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  createTestClient,
  type Hex,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const CHAIN_1 = { id: 31337, port: 18645, hex: '0x7a69' }
const CHAIN_2 = { id: 31339, port: 18646, hex: '0x7a6b' }
const rpc = (port: number) => `http://127.0.0.1:${port}`
const RDNS = 'dev.foyer.testwallet'

// ---------------------------------------------------------------------------------------------------------------
// Chains and pages

function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const require = createRequire(import.meta.url)
  const dir = dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`))
  return join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
}

async function startAnvil(port: number, chainId: number): Promise<ChildProcess> {
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`anvil :${port} did not start:\n${output}`)), 15_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk.toString()
      if (output.includes('Listening on')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`anvil :${port} exited with ${code}:\n${output}`))
    })
  })
  return child
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

// The page finds the wallet through EIP-6963, keeps every announcement and records every provider event.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>test wallet page</title></head>
<body><h1>test wallet page</h1>
<script>
  window.announced = [];
  window.events = [];
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = event.detail;
    window.announced.push(detail);
    if (detail.info.rdns === '${RDNS}' && !window.wallet) {
      window.wallet = detail.provider;
      for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'])
        detail.provider.on(name, (payload) => window.events.push([name, payload]));
    }
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  window.rpc = async (method, params) => {
    try { return { result: await window.wallet.request({ method, params }) }; }
    catch (e) { return { error: { code: e.code, message: e.message } }; }
  };
</script></body></html>`

// A page that uses wagmi the way a site does: EIP-6963 discovery through mipd, the injected connector.
const WAGMI_ENTRY = `
import { createConfig, connect, disconnect, reconnect, signMessage, switchChain, getAccount, http } from '@wagmi/core'
import { defineChain } from 'viem'
const chains = window.wagmiChains.map((c) => defineChain({
  id: c.id, name: c.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [c.rpcUrl] } },
}))
const config = createConfig({ chains, transports: Object.fromEntries(chains.map((c) => [c.id, http()])) })
window.wagmiTest = {
  connectors: () => config.connectors.map((c) => ({ id: c.id, name: c.name, type: c.type })),
  connect: async (id) => {
    try {
      const r = await connect(config, { connector: config.connectors.find((c) => c.id === id) })
      return { accounts: r.accounts, chainId: r.chainId }
    } catch (e) { return { error: e.name } }
  },
  account: () => {
    const a = getAccount(config)
    return { status: a.status, address: a.address ?? null, chainId: a.chainId ?? null }
  },
  signMessage: (message) => signMessage(config, { message }),
  switchChain: async (chainId) => (await switchChain(config, { chainId })).id,
  disconnect: () => disconnect(config),
  reconnect: async () => (await reconnect(config)).map((c) => c.accounts),
}
`
let wagmiBundle: Promise<string> | undefined
function buildWagmiBundle(): Promise<string> {
  wagmiBundle ??= (async () => {
    const { build } = await import('vite')
    const root = dirname(dirname(fileURLToPath(import.meta.url)))
    const out = await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [
        {
          name: 'wagmi-entry',
          resolveId: (id) => (id === 'virtual:wagmi-entry' ? '\0wagmi-entry' : null),
          load: (id) => (id === '\0wagmi-entry' ? WAGMI_ENTRY : null),
        },
      ],
      build: {
        write: false,
        minify: false,
        target: 'es2022',
        rollupOptions: { input: 'virtual:wagmi-entry', output: { format: 'iife' } },
      },
    })
    const output = (Array.isArray(out) ? out[0] : out) as { output: { type: string; code?: string }[] }
    return output.output.find((o) => o.type === 'chunk')!.code!
  })()
  return wagmiBundle
}
const WAGMI_CHAINS = [
  { id: CHAIN_1.id, name: 'Test chain', rpcUrl: rpc(CHAIN_1.port) },
  { id: CHAIN_2.id, name: 'Second chain', rpcUrl: rpc(CHAIN_2.port) },
]

async function startPageServer(): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    if (req.url === '/favicon.ico') {
      res.writeHead(204).end()
      return
    }
    if (req.url === '/wagmi') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>wagmi page</title></head><body>` +
            `<script>window.wagmiChains = ${JSON.stringify(WAGMI_CHAINS)}</script><script src="/wagmi.js"></script></body></html>`,
        )
      return
    }
    if (req.url === '/wagmi.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(await buildWagmiBundle())
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

type RpcOutcome = { result?: unknown; error?: { code: number; message: string } }
const call = (page: Page, method: string, params?: unknown) =>
  page.evaluate(([m, p]) => (window as any).rpc(m, p), [method, params] as const) as Promise<RpcOutcome>
const events = (page: Page) => page.evaluate(() => (window as any).events as [string, unknown][])

// ---------------------------------------------------------------------------------------------------------------

let anvil1: ChildProcess | undefined
let anvil2: ChildProcess | undefined
let site: { server: Server; url: string }
let otherSite: { server: Server; url: string }
const publicClient = createPublicClient({ transport: http(rpc(CHAIN_1.port)) })
const privateKey = ANVIL_PRIVATE_KEYS[1]

const walletOptions = (extra: Partial<TestWalletOptions> = {}): TestWalletOptions => ({
  privateKey,
  chains: [{ id: CHAIN_1.id, rpcUrl: rpc(CHAIN_1.port), name: 'Test chain' }],
  ...extra,
})

test.beforeAll(async () => {
  ;[anvil1, anvil2, site, otherSite] = await Promise.all([
    startAnvil(CHAIN_1.port, CHAIN_1.id),
    startAnvil(CHAIN_2.port, CHAIN_2.id),
    startPageServer(),
    startPageServer(),
  ])
})

test.afterAll(async () => {
  await Promise.all([stopProcess(anvil1), stopProcess(anvil2)])
  site?.server.close()
  otherSite?.server.close()
})

async function connect(page: Page, wallet: TestWallet) {
  const res = await call(page, 'eth_requestAccounts')
  expect(res).toEqual({ result: [wallet.address] })
}

// ---------------------------------------------------------------------------------------------------------------

test('announces itself per EIP-6963 with a stable uuid, and emits connect', async ({ context, page }) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)

  const seen = () =>
    page.evaluate(() => {
      const all = (window as any).announced as { info: Record<string, string>; provider: any }[]
      const d = all[all.length - 1]
      return {
        count: all.length,
        info: { ...d.info },
        detailFrozen: Object.isFrozen(d),
        infoFrozen: Object.isFrozen(d.info),
        hasRequest: typeof d.provider.request === 'function' && typeof d.provider.on === 'function',
        windowEthereum: typeof (window as any).ethereum,
      }
    })
  const first = await seen()
  expect(first.count).toBe(1) // the page's eip6963:requestProvider
  expect(first.info).toEqual({ uuid: wallet.info.uuid, name: 'Foyer Test Wallet', icon: wallet.info.icon, rdns: RDNS })
  expect(first.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(first.info.icon).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(first).toMatchObject({ detailFrozen: true, infoFrozen: true, hasRequest: true, windowEthereum: 'undefined' })

  // Every request is answered with an announcement, and the uuid stays put across requests and reloads.
  await page.evaluate(() => window.dispatchEvent(new Event('eip6963:requestProvider')))
  expect((await seen()).count).toBe(2)
  await page.reload()
  expect((await seen()).info.uuid).toBe(first.info.uuid)

  await expect.poll(() => events(page)).toContainEqual(['connect', { chainId: CHAIN_1.hex }])
})

test('eth_accounts is empty until eth_requestAccounts authorises the origin', async ({ context, page }) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)

  expect(await call(page, 'eth_accounts')).toEqual({ result: [] })
  expect(await call(page, 'eth_chainId')).toEqual({ result: CHAIN_1.hex })
  expect(await call(page, 'net_version')).toEqual({ result: String(CHAIN_1.id) })
  expect((await call(page, 'personal_sign', ['0x1234', wallet.address])).error?.code).toBe(4100)

  await connect(page, wallet)
  expect(await call(page, 'eth_accounts')).toEqual({ result: [wallet.address] })
  expect(await events(page)).toContainEqual(['accountsChanged', [wallet.address]])
  expect(wallet.isAuthorized(site.url)).toBe(true)

  // Reads go to the chain's RPC.
  const block = await call(page, 'eth_blockNumber')
  expect(block.result).toMatch(/^0x[0-9a-f]+$/)
  const balance = await call(page, 'eth_getBalance', [wallet.address, 'latest'])
  expect(BigInt(balance.result as string)).toBe(await publicClient.getBalance({ address: wallet.address }))
  // Node-only controls are not reachable from the page.
  expect((await call(page, 'anvil_setBalance', [wallet.address, '0x0'])).error?.code).toBe(4200)
  expect((await call(page, 'wallet_somethingElse')).error?.code).toBe(4200)

  expect(wallet.requests.map((r) => r.method)).toEqual(
    expect.arrayContaining(['eth_accounts', 'eth_chainId', 'eth_requestAccounts', 'eth_blockNumber']),
  )
  expect(wallet.requests.find((r) => r.method === 'eth_requestAccounts')?.origin).toBe(site.url)
})

test('personal_sign signs a message that viem verifies', async ({ context, page }) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)
  await connect(page, wallet)

  const text = await call(page, 'personal_sign', [
    `0x${Buffer.from('Hello from Foyer').toString('hex')}`,
    wallet.address,
  ])
  expect(
    await verifyMessage({ address: wallet.address, message: 'Hello from Foyer', signature: text.result as Hex }),
  ).toBe(true)

  const raw = await call(page, 'personal_sign', ['0xdeadbeef', wallet.address])
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: '0xdeadbeef' }, signature: raw.result as Hex }),
  ).toBe(true)

  // Signing for an account the site was not given is refused.
  const other = privateKeyToAccount(generatePrivateKey()).address
  expect((await call(page, 'personal_sign', ['0x00', other])).error?.code).toBe(4100)
})

test('eth_signTypedData_v4 signs typed data that viem verifies', async ({ context, page }) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)
  await connect(page, wallet)

  const domain = {
    name: 'Foyer Mail',
    version: '1',
    chainId: CHAIN_1.id,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' as Address,
  }
  const types = {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  } as const
  const message = {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' as Address },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' as Address },
    contents: 'Hello, Bob!',
    amount: 10n ** 18n,
  }
  // As a dapp sends it: JSON, EIP712Domain in types, big numbers as decimal strings.
  const payload = JSON.stringify({
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      ...types,
    },
    primaryType: 'Mail',
    domain,
    message: { ...message, amount: message.amount.toString() },
  })
  const res = await call(page, 'eth_signTypedData_v4', [wallet.address, payload])
  expect(res.error).toBeUndefined()
  const ok = await verifyTypedData({
    address: wallet.address,
    domain,
    types,
    primaryType: 'Mail',
    message,
    signature: res.result as Hex,
  })
  expect(ok).toBe(true)

  // A domain for another chain is refused.
  const wrongChain = JSON.parse(payload)
  wrongChain.domain.chainId = 1
  expect((await call(page, 'eth_signTypedData_v4', [wallet.address, JSON.stringify(wrongChain)])).error?.code).toBe(
    -32602,
  )
})

test('eth_sendTransaction signs locally, sends 1 ETH and the balance moves on anvil', async ({ context, page }) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)
  await connect(page, wallet)

  const to = privateKeyToAccount(generatePrivateKey()).address
  const senderBefore = await publicClient.getBalance({ address: wallet.address })
  const res = await call(page, 'eth_sendTransaction', [{ from: wallet.address, to, value: '0xde0b6b3a7640000' }])
  expect(res.error).toBeUndefined()
  const receipt = await publicClient.waitForTransactionReceipt({ hash: res.result as Hex, timeout: 10_000 })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(await publicClient.getBalance({ address: to })).toBe(parseEther('1'))
  const senderAfter = await publicClient.getBalance({ address: wallet.address })
  expect(senderBefore - senderAfter).toBe(parseEther('1') + receipt.gasUsed * receipt.effectiveGasPrice)

  // The receipt is readable through the wallet too (forwarded to the chain).
  const viaWallet = await call(page, 'eth_getTransactionReceipt', [res.result])
  expect((viaWallet.result as { status: string }).status).toBe('0x1')

  // A transaction that reverts keeps the node's error code (3, execution reverted) and data.
  const reverting = await call(page, 'eth_sendTransaction', [{ from: wallet.address, data: '0x60006000fd' }])
  expect(reverting.error?.code).toBe(3)

  // Sending from an account the site was not given is refused.
  const fromOther = await call(page, 'eth_sendTransaction', [
    { from: privateKeyToAccount(generatePrivateKey()).address, to, value: '0x1' },
  ])
  expect(fromOther.error?.code).toBe(4100)
})

test('reject mode answers every prompt with 4001', async ({ context, page }) => {
  const wallet = await installTestWallet(
    context,
    walletOptions({
      chains: [
        { id: CHAIN_1.id, rpcUrl: rpc(CHAIN_1.port) },
        { id: CHAIN_2.id, rpcUrl: rpc(CHAIN_2.port) },
      ],
    }),
  )
  await page.goto(site.url)

  wallet.setRejecting(true)
  const refused = await call(page, 'eth_requestAccounts')
  expect(refused.error).toMatchObject({ code: 4001 })
  expect((await call(page, 'wallet_requestPermissions', [{ eth_accounts: {} }])).error?.code).toBe(4001)
  expect(await call(page, 'eth_accounts')).toEqual({ result: [] })

  wallet.setRejecting(false)
  await connect(page, wallet)
  wallet.setRejecting(true)
  expect((await call(page, 'personal_sign', ['0x01', wallet.address])).error?.code).toBe(4001)
  expect(
    (
      await call(page, 'eth_signTypedData_v4', [
        wallet.address,
        JSON.stringify({
          types: { EIP712Domain: [], M: [{ name: 'a', type: 'uint256' }] },
          primaryType: 'M',
          domain: {},
          message: { a: '1' },
        }),
      ])
    ).error?.code,
  ).toBe(4001)
  expect(
    (await call(page, 'eth_sendTransaction', [{ from: wallet.address, to: wallet.address, value: '0x1' }])).error?.code,
  ).toBe(4001)
  expect((await call(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_2.hex }])).error?.code).toBe(4001)
  expect(
    (
      await call(page, 'wallet_addEthereumChain', [
        { chainId: '0x1e240', chainName: 'X', rpcUrls: ['http://127.0.0.1:1'] },
      ])
    ).error?.code,
  ).toBe(4001)
  expect(wallet.chainId).toBe(CHAIN_1.id)

  // Reads and already-granted state do not prompt.
  expect(await call(page, 'eth_accounts')).toEqual({ result: [wallet.address] })
  expect((await call(page, 'eth_blockNumber')).error).toBeUndefined()
  wallet.setRejecting(false)
  expect((await call(page, 'personal_sign', ['0x01', wallet.address])).error).toBeUndefined()
})

test('switching to an unknown chain fails with 4902 (EIP-3326)', async ({ context, page }) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)
  await connect(page, wallet)
  const res = await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }])
  expect(res.error?.code).toBe(4902)
  expect(res.error?.message).toContain('0x539')
  expect(await call(page, 'eth_chainId')).toEqual({ result: CHAIN_1.hex })
  expect((await call(page, 'wallet_switchEthereumChain', [{ chainId: 'mainnet' }])).error?.code).toBe(-32602)
})

test('wallet_addEthereumChain adds the chain; switching emits chainChanged and moves reads', async ({
  context,
  page,
}) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)
  await connect(page, wallet)

  // Give the account a balance only chain 2 knows, to see where reads go.
  const chain2 = createTestClient({ mode: 'anvil', transport: http(rpc(CHAIN_2.port)) })
  await chain2.setBalance({ address: wallet.address, value: 4242n })

  const added = await call(page, 'wallet_addEthereumChain', [
    {
      chainId: CHAIN_2.hex,
      chainName: 'Second chain',
      rpcUrls: [rpc(CHAIN_2.port)],
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ])
  expect(added).toEqual({ result: null })
  // Like MetaMask, accepting an added network switches to it (wagmi's switchChain relies on this).
  expect(await call(page, 'eth_chainId')).toEqual({ result: CHAIN_2.hex })
  expect(await events(page)).toContainEqual(['chainChanged', CHAIN_2.hex])
  expect((await call(page, 'eth_getBalance', [wallet.address, 'latest'])).result).toBe('0x1092')

  expect(await call(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_1.hex }])).toEqual({ result: null })
  expect(await call(page, 'eth_chainId')).toEqual({ result: CHAIN_1.hex })
  expect(await call(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_2.hex }])).toEqual({ result: null })
  expect(await call(page, 'net_version')).toEqual({ result: String(CHAIN_2.id) })
  const changes = (await events(page)).filter(([name]) => name === 'chainChanged').map(([, id]) => id)
  expect(changes).toEqual([CHAIN_2.hex, CHAIN_1.hex, CHAIN_2.hex])
  expect(wallet.chainId).toBe(CHAIN_2.id)

  // A transaction on the added chain lands there.
  const to = privateKeyToAccount(generatePrivateKey()).address
  await chain2.setBalance({ address: wallet.address, value: parseEther('10') })
  const sent = await call(page, 'eth_sendTransaction', [{ from: wallet.address, to, value: '0x5' }])
  expect(sent.error).toBeUndefined()
  const client2 = createPublicClient({ transport: http(rpc(CHAIN_2.port)) })
  await client2.waitForTransactionReceipt({ hash: sent.result as Hex, timeout: 10_000 })
  expect(await client2.getBalance({ address: to })).toBe(5n)
})

test('authorisation survives a reload and is per origin', async ({ context, page }) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)
  await connect(page, wallet)
  await page.reload()
  expect(await call(page, 'eth_accounts')).toEqual({ result: [wallet.address] })
  await page.goto(`${site.url}/another/path`)
  expect(await call(page, 'eth_accounts')).toEqual({ result: [wallet.address] })

  // Another origin in the same context is not connected.
  const other = await context.newPage()
  await other.goto(otherSite.url)
  expect(await call(other, 'eth_accounts')).toEqual({ result: [] })
  expect(wallet.isAuthorized(otherSite.url)).toBe(false)
})

test('events from the wallet reach every page: chainChanged, accountsChanged, disconnect', async ({
  context,
  page,
}) => {
  const wallet = await installTestWallet(
    context,
    walletOptions({
      chains: [
        { id: CHAIN_1.id, rpcUrl: rpc(CHAIN_1.port) },
        { id: CHAIN_2.id, rpcUrl: rpc(CHAIN_2.port) },
      ],
    }),
  )
  await page.goto(site.url)
  const second = await context.newPage()
  await second.goto(site.url)
  const third = await context.newPage()
  await third.goto(otherSite.url)
  await connect(page, wallet)

  await wallet.switchChainFromWallet(CHAIN_2.id)
  for (const p of [page, second, third]) expect(await events(p)).toContainEqual(['chainChanged', CHAIN_2.hex])
  expect(await call(second, 'eth_chainId')).toEqual({ result: CHAIN_2.hex })
  await expect(wallet.switchChainFromWallet(999)).rejects.toThrow(/not in the wallet/)

  const next = privateKeyToAccount(ANVIL_PRIVATE_KEYS[2])
  await wallet.setAccount(ANVIL_PRIVATE_KEYS[2])
  expect(wallet.address).toBe(next.address)
  for (const p of [page, second]) expect(await events(p)).toContainEqual(['accountsChanged', [next.address]])
  // The other origin never connected, so it hears nothing about accounts.
  expect((await events(third)).filter(([name]) => name === 'accountsChanged')).toEqual([])
  expect(await call(second, 'eth_accounts')).toEqual({ result: [next.address] })

  await wallet.disconnectFromWallet()
  for (const p of [page, second]) expect((await events(p)).at(-1)).toEqual(['accountsChanged', []])
  expect(await call(page, 'eth_accounts')).toEqual({ result: [] })
  expect(wallet.isAuthorized(site.url)).toBe(false)

  await wallet.emit('disconnect', { code: 4900, message: 'Disconnected' })
  expect((await events(third)).at(-1)).toEqual(['disconnect', { code: 4900, message: 'Disconnected' }])
})

test('permissions: request, get and revoke', async ({ context, page }) => {
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(site.url)

  expect(await call(page, 'wallet_getPermissions')).toEqual({ result: [] })
  const granted = await call(page, 'wallet_requestPermissions', [{ eth_accounts: {} }])
  expect(granted.result).toEqual([
    expect.objectContaining({
      parentCapability: 'eth_accounts',
      invoker: site.url,
      caveats: [{ type: 'restrictReturnedAccounts', value: [wallet.address] }],
    }),
  ])
  expect((await call(page, 'wallet_getPermissions')).result).toHaveLength(1)
  expect(await call(page, 'eth_accounts')).toEqual({ result: [wallet.address] })

  expect(await call(page, 'wallet_revokePermissions', [{ eth_accounts: {} }])).toEqual({ result: null })
  expect(await call(page, 'eth_accounts')).toEqual({ result: [] })
  expect((await events(page)).at(-1)).toEqual(['accountsChanged', []])
})

test('injectWindowEthereum sets window.ethereum to the same provider', async ({ context, page }) => {
  const wallet = await installTestWallet(
    context,
    walletOptions({ injectWindowEthereum: true, authorizedOrigins: [site.url] }),
  )
  await page.goto(site.url)
  const seen = await page.evaluate(async () => ({
    same: (window as any).ethereum === (window as any).wallet,
    accounts: await (window as any).ethereum.request({ method: 'eth_accounts' }),
  }))
  expect(seen).toEqual({ same: true, accounts: [wallet.address] })
})

test('the wallet can be installed on a single page', async ({ page }) => {
  const wallet = await installTestWallet(page, walletOptions({ rdns: RDNS, name: 'Page Wallet' }))
  await page.goto(site.url)
  expect(await page.evaluate(() => (window as any).announced[0].info.name)).toBe('Page Wallet')
  await connect(page, wallet)
  await wallet.switchChainFromWallet(CHAIN_1.id) // no-op: already there
  expect((await events(page)).filter(([n]) => n === 'chainChanged')).toEqual([])
})

test('works with wagmi: mipd discovery, connect, sign, switch (adding the chain), events, reconnect, disconnect', async ({
  context,
  page,
}) => {
  await buildWagmiBundle()
  const wallet = await installTestWallet(context, walletOptions())
  await page.goto(`${site.url}/wagmi`)
  const w = <T>(fn: string, ...args: unknown[]) =>
    page.evaluate(([f, a]) => (window as any).wagmiTest[f as string](...(a as unknown[])), [
      fn,
      args,
    ] as const) as Promise<T>

  expect(await w('connectors')).toContainEqual({ id: RDNS, name: 'Foyer Test Wallet', type: 'injected' })

  wallet.setRejecting(true)
  expect(await w('connect', RDNS)).toEqual({ error: 'UserRejectedRequestError' })
  wallet.setRejecting(false)

  expect(await w('connect', RDNS)).toEqual({ accounts: [wallet.address], chainId: CHAIN_1.id })
  const signature = await w<Hex>('signMessage', 'hello wagmi')
  expect(await verifyMessage({ address: wallet.address, message: 'hello wagmi', signature })).toBe(true)

  // The wallet does not know chain 2: wagmi gets 4902, adds it, and the wallet switches.
  expect(await w('switchChain', CHAIN_2.id)).toBe(CHAIN_2.id)
  expect(wallet.chainId).toBe(CHAIN_2.id)
  expect(wallet.requests.map((r) => r.method)).toEqual(
    expect.arrayContaining(['wallet_switchEthereumChain', 'wallet_addEthereumChain']),
  )

  // Changes made inside the wallet reach wagmi's state.
  await wallet.switchChainFromWallet(CHAIN_1.id)
  await expect.poll(() => w<{ chainId: number }>('account').then((a) => a.chainId)).toBe(CHAIN_1.id)
  const next = privateKeyToAccount(ANVIL_PRIVATE_KEYS[3]).address
  await wallet.setAccount(ANVIL_PRIVATE_KEYS[3])
  await expect.poll(() => w<{ address: string }>('account').then((a) => a.address)).toBe(next)

  // wagmi restores the session after a reload.
  await page.reload()
  expect(await w('reconnect')).toEqual([[next]])
  expect(await w('account')).toEqual({ status: 'connected', address: next, chainId: CHAIN_1.id })

  // Disconnecting in the dapp revokes the permission; disconnecting in the wallet disconnects wagmi.
  await w('disconnect')
  expect(wallet.isAuthorized(site.url)).toBe(false)
  expect(await w('connect', RDNS)).toEqual({ accounts: [next], chainId: CHAIN_1.id })
  await wallet.disconnectFromWallet()
  await expect.poll(() => w<{ status: string }>('account').then((a) => a.status)).toBe('disconnected')
})
