import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../accounts.ts'
import { pageScript } from '../page-script.ts'
import { stableUuid } from '../playwright.ts'
import { type EventScope, TestWalletCore } from './index.ts'

const ORIGIN = 'http://127.0.0.1:5173'
// Nothing listens here: the tests below never reach the RPC unless they say so.
const DEAD_RPC = 'http://127.0.0.1:9'

function makeWallet(extra: Partial<ConstructorParameters<typeof TestWalletCore>[0]> = {}) {
  const core = new TestWalletCore({
    privateKey: ANVIL_PRIVATE_KEYS[0],
    chains: [
      { id: 31337, rpcUrl: DEAD_RPC },
      { id: 31338, rpcUrl: DEAD_RPC },
    ],
    ...extra,
  })
  const sent: { scope: EventScope; event: string; payload: unknown }[] = []
  core.setEventSink(async (scope, event, payload) => {
    sent.push({ scope, event, payload })
  })
  const req = (method: string, params?: unknown, origin = ORIGIN) => core.request(origin, method, params)
  const code = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { code: number }) => e.code,
    )
  return { core, sent, req, code }
}

describe('TestWalletCore', () => {
  it('checks its options', () => {
    expect(() => new TestWalletCore({ privateKey: '0x12', chains: [{ id: 1, rpcUrl: DEAD_RPC }] })).toThrow(
      /privateKey/,
    )
    expect(() => new TestWalletCore({ privateKey: ANVIL_PRIVATE_KEYS[0], chains: [] })).toThrow(/at least one chain/)
    expect(
      () =>
        new TestWalletCore({
          privateKey: ANVIL_PRIVATE_KEYS[0],
          chains: [{ id: 1, rpcUrl: DEAD_RPC }],
          initialChainId: 2,
        }),
    ).toThrow(/initialChainId/)
  })

  it('keeps accounts from an origin until it is authorised, per origin', async () => {
    const { core, sent, req } = makeWallet()
    expect(core.address).toBe(ANVIL_ACCOUNTS[0])
    expect(await req('eth_accounts')).toEqual([])
    expect(await req('eth_requestAccounts')).toEqual([ANVIL_ACCOUNTS[0]])
    expect(await req('eth_accounts', [], `${ORIGIN}/some/page?x=1`)).toEqual([ANVIL_ACCOUNTS[0]])
    expect(await req('eth_accounts', [], 'http://localhost:5173')).toEqual([])
    expect(sent).toEqual([
      { scope: { kind: 'origins', origins: [ORIGIN] }, event: 'accountsChanged', payload: [ANVIL_ACCOUNTS[0]] },
    ])
    expect(core.requests.map((r) => r.method)).toEqual([
      'eth_accounts',
      'eth_requestAccounts',
      'eth_accounts',
      'eth_accounts',
    ])
  })

  it('answers chain id and net_version itself', async () => {
    const { req } = makeWallet({ initialChainId: 31338 })
    expect(await req('eth_chainId')).toBe('0x7a6a')
    expect(await req('net_version')).toBe('31338')
  })

  it('signs messages and typed data only for authorised origins', async () => {
    const { req, code } = makeWallet()
    const address = ANVIL_ACCOUNTS[0]
    expect(await code(req('personal_sign', ['0x68656c6c6f', address]))).toBe(4100)
    await req('eth_requestAccounts')
    const sig = (await req('personal_sign', ['0x68656c6c6f', address])) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature: sig })).toBe(true)
    const plain = (await req('personal_sign', ['plain text', address])) as Hex
    expect(await verifyMessage({ address, message: 'plain text', signature: plain })).toBe(true)
    expect(await code(req('personal_sign', ['0x00', ANVIL_ACCOUNTS[1]]))).toBe(4100)

    const typed = {
      domain: { name: 'T', chainId: '0x7a69' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Thing: [{ name: 'n', type: 'uint256' }],
      },
      primaryType: 'Thing',
      message: { n: '123456789012345678901234567890' },
    }
    const tsig = (await req('eth_signTypedData_v4', [address, JSON.stringify(typed)])) as Hex
    expect(
      await verifyTypedData({
        address,
        domain: { name: 'T', chainId: 31337 },
        types: { Thing: [{ name: 'n', type: 'uint256' }] },
        primaryType: 'Thing',
        message: { n: 123456789012345678901234567890n },
        signature: tsig,
      }),
    ).toBe(true)
    expect(await code(req('eth_signTypedData_v4', [address, '{not json']))).toBe(-32602)
    const hash = `0x${'11'.repeat(32)}` as Hex
    expect(await req('eth_sign', [address, hash])).toBe(await privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]).sign({ hash }))
  })

  it('rejects prompts with 4001 while rejecting, but not reads or granted state', async () => {
    const { core, req, code } = makeWallet()
    core.setRejecting(true)
    expect(await code(req('eth_requestAccounts'))).toBe(4001)
    expect(await code(req('wallet_requestPermissions', [{ eth_accounts: {} }]))).toBe(4001)
    expect(await code(req('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]))).toBe(4001)
    expect(await code(req('wallet_switchEthereumChain', [{ chainId: '0x7a69' }]))).toBe('ok') // already there: no prompt
    await core.authorize(ORIGIN)
    expect(await req('eth_requestAccounts')).toEqual([ANVIL_ACCOUNTS[0]]) // already connected: no prompt
    expect(await code(req('personal_sign', ['0x00', ANVIL_ACCOUNTS[0]]))).toBe(4001)
    expect(await code(req('eth_sendTransaction', [{ to: ANVIL_ACCOUNTS[1], value: '0x1' }]))).toBe(4001)
    expect(core.requests.at(-1)?.error).toMatchObject({ code: 4001 })
  })

  it('switches known chains, answers 4902 for unknown ones, and adds chains (switching to them)', async () => {
    const { core, sent, req, code } = makeWallet()
    expect(await code(req('wallet_switchEthereumChain', [{ chainId: '0x1' }]))).toBe(4902)
    expect(await code(req('wallet_switchEthereumChain', [{ chainId: 1 }]))).toBe(-32602)
    expect(await req('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(core.chainId).toBe(31338)
    expect(await code(req('wallet_addEthereumChain', [{ chainId: '0x2a', rpcUrls: [] }]))).toBe(-32602)
    expect(
      await req('wallet_addEthereumChain', [
        { chainId: '0x2a', chainName: 'Forty-two', rpcUrls: ['http://127.0.0.1:4242'] },
      ]),
    ).toBeNull()
    expect(core.chainId).toBe(42)
    expect(core.chains.find((c) => c.id === 42)).toMatchObject({ name: 'Forty-two', rpcUrl: 'http://127.0.0.1:4242' })
    expect(sent.map((e) => [e.event, e.payload])).toEqual([
      ['chainChanged', '0x7a6a'],
      ['chainChanged', '0x2a'],
    ])
    await expect(core.switchChain(5)).rejects.toThrow(/not in the wallet/)
  })

  it('keeps the chain when switchChainOnAdd is off', async () => {
    const { core, req } = makeWallet({ switchChainOnAdd: false })
    await req('wallet_addEthereumChain', [{ chainId: '0x2a', rpcUrls: ['http://127.0.0.1:4242'] }])
    expect(core.chainId).toBe(31337)
  })

  it('grants, lists and revokes permissions', async () => {
    const { sent, req } = makeWallet()
    expect(await req('wallet_getPermissions')).toEqual([])
    const granted = (await req('wallet_requestPermissions', [{ eth_accounts: {} }])) as {
      caveats: { value: string[] }[]
    }[]
    expect(granted[0].caveats[0].value).toEqual([ANVIL_ACCOUNTS[0]])
    expect(await req('wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull()
    expect(await req('eth_accounts')).toEqual([])
    expect(sent.map((e) => e.payload)).toEqual([[ANVIL_ACCOUNTS[0]], []])
  })

  it('tells connected origins about account changes and disconnects', async () => {
    const { core, sent, req } = makeWallet()
    await req('eth_requestAccounts')
    await core.setAccount(ANVIL_PRIVATE_KEYS[1])
    expect(await req('eth_accounts')).toEqual([ANVIL_ACCOUNTS[1]])
    await core.disconnectAll()
    expect(await req('eth_accounts')).toEqual([])
    expect(sent.map((e) => [e.event, e.payload])).toEqual([
      ['accountsChanged', [ANVIL_ACCOUNTS[0]]],
      ['accountsChanged', [ANVIL_ACCOUNTS[1]]],
      ['accountsChanged', []],
    ])
  })

  it('refuses node-control and unknown wallet methods with 4200, and reports an unreachable RPC', async () => {
    const { req, code } = makeWallet()
    for (const m of [
      'anvil_mine',
      'evm_snapshot',
      'hardhat_impersonateAccount',
      'wallet_showCallsStatus',
      'eth_subscribe',
      'eth_signTypedData',
    ])
      expect(await code(req(m, []))).toBe(4200)
    await expect(req('eth_blockNumber')).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('unreachable'),
    })
  })
})

describe('page side', () => {
  it('derives a stable v4-shaped uuid from the rdns', () => {
    const a = stableUuid('dev.foyer.testwallet')
    expect(a).toBe(stableUuid('dev.foyer.testwallet'))
    expect(a).not.toBe(stableUuid('dev.foyer.other'))
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('builds an init script that parses', () => {
    const script = pageScript({
      uuid: 'u',
      name: 'n',
      icon: 'data:,',
      rdns: 'r',
      binding: 'b',
      injectWindowEthereum: false,
    })
    expect(() => new Function(script)).not.toThrow()
  })
})
