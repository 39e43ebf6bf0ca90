/**
 * ERC-4337 on the devnet, end to end: real anvil chains with the canonical contracts, one real alto bundler per
 * chain behind the proxy, and viem's and permissionless's clients sending user operations through it.
 */
import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  hashMessage,
  http,
  type PublicClient,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  entryPoint08Abi,
  type PaymasterActions,
  toPackedUserOperation,
  toSimple7702SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccounts } from '../accounts.ts'
import { type RunningDevnet, startDevnet } from '../devnet.ts'
import { type RunningBundler, startBundler } from './bundler.ts'
import {
  CREATE2_DEPLOYER,
  ENTRY_POINT_V08,
  PAYMASTER_DEPOSIT,
  SIMPLE_7702_ACCOUNT_V08,
  SIMPLE_ACCOUNT_FACTORY_V08,
  sponsorAccount,
} from './contracts.ts'
import {
  decodePaymasterData,
  encodePaymasterData,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
  paymasterHash,
  paymasterStubFields,
  signSponsorship,
} from './paymaster.ts'

const CHAIN_PORTS = { 31337: 19640, 31338: 19641 }
const funder = privateKeyToAccount(devAccounts(2)[1].privateKey)

let devnet: RunningDevnet
let bundler: RunningBundler
let client: PublicClient
let usd: Address
let paymaster: Address

const chain = { ...foundry, id: 31337 }

beforeAll(async () => {
  devnet = await startDevnet({
    chains: [
      { id: 31337, name: 'AA test', port: CHAIN_PORTS[31337], portEnv: 'TEST' },
      { id: 31338, name: 'AA test 2', port: CHAIN_PORTS[31338], portEnv: 'TEST' },
    ],
    devnetFile: null,
    seedHistory: false,
    bundler: { port: 0 },
  })
  if (!devnet.bundler) throw new Error('startDevnet did not start the bundler')
  bundler = devnet.bundler
  const [first] = devnet.info.chains
  client = createPublicClient({ chain, transport: http(first.rpcUrl) })
  usd = first.contracts.usd
  paymaster = first.accountAbstraction.paymaster
})

afterAll(async () => {
  await devnet?.stop()
})

const bundlerFor = (paymasterActions?: PaymasterActions): BundlerClient =>
  createBundlerClient({ client, transport: http(bundler.urls[31337]), paymaster: paymasterActions })

const wallet = () => createWalletClient({ account: funder, chain, transport: http(devnet.info.chains[0].rpcUrl) })

async function sendUsd(to: Address, amount: bigint) {
  const hash = await wallet().writeContract({
    address: usd,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  })
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
}

const usdBalance = (of: Address) =>
  client.readContract({ address: usd, abi: erc20Abi, functionName: 'balanceOf', args: [of] })
const deposit = (of: Address) =>
  client.readContract({ address: ENTRY_POINT_V08, abi: entryPoint08Abi, functionName: 'balanceOf', args: [of] })

const now = () => Math.floor(Date.now() / 1000)

/** Paymaster actions that sponsor through the devnet paymaster with `signer`'s signature, for `window`. */
const sponsoredBy = (
  signer = privateKeyToAccount(sponsorAccount().privateKey),
  window = () => ({ validUntil: now() + 600, validAfter: 0 }),
): PaymasterActions => ({
  getPaymasterStubData: async () => paymasterStubFields(paymaster),
  getPaymasterData: async (userOperation) =>
    signSponsorship({
      userOperation: userOperation as Parameters<typeof signSponsorship>[0]['userOperation'],
      chainId: chain.id,
      paymaster,
      signer,
      window: window(),
    }),
})

describe('the devnet account-abstraction contracts', () => {
  it('are at their canonical addresses on both chains, with the paymaster funded', async () => {
    for (const c of devnet.info.chains) {
      const rpc = createPublicClient({ transport: http(c.rpcUrl) })
      const aa = c.accountAbstraction
      expect(aa).toMatchObject({
        bundlerUrl: `${bundler.url}/${c.id}`,
        entryPoint: ENTRY_POINT_V08,
        simpleAccountFactory: SIMPLE_ACCOUNT_FACTORY_V08,
        simple7702Account: SIMPLE_7702_ACCOUNT_V08,
        paymasterSigner: sponsorAccount().address,
      })
      for (const address of [
        CREATE2_DEPLOYER,
        ENTRY_POINT_V08,
        SIMPLE_ACCOUNT_FACTORY_V08,
        SIMPLE_7702_ACCOUNT_V08,
        aa.paymaster,
      ])
        expect((await rpc.getCode({ address }))?.length ?? 0, address).toBeGreaterThan(2)
      const held = await rpc.readContract({
        address: ENTRY_POINT_V08,
        abi: entryPoint08Abi,
        functionName: 'balanceOf',
        args: [aa.paymaster],
      })
      expect(held).toBe(PAYMASTER_DEPOSIT)
      const signer = await rpc.readContract({
        address: aa.paymaster,
        abi: parseAbi(['function verifyingSigner() view returns (address)']),
        functionName: 'verifyingSigner',
      })
      expect(signer).toBe(sponsorAccount().address)
    }
  })
})

describe('the paymaster data helpers', () => {
  const operation = {
    sender: '0x1111111111111111111111111111111111111111',
    nonce: 7n,
    factory: SIMPLE_ACCOUNT_FACTORY_V08,
    factoryData: '0xabcdef',
    callData: '0x12345678',
    callGasLimit: 100_000n,
    verificationGasLimit: 200_000n,
    preVerificationGas: 50_000n,
    maxFeePerGas: 3_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  } as const
  const window = { validUntil: 1_900_000_000, validAfter: 1_700_000_000 }

  it('hash an operation exactly as the contract’s getHash does, and any field change changes it', async () => {
    const packed = toPackedUserOperation({
      ...operation,
      ...paymasterStubFields(paymaster),
      signature: '0x',
    } as UserOperation<'0.8'>)
    const onChain = await client.readContract({
      address: paymaster,
      abi: parseAbi([
        'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
        'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
      ]),
      functionName: 'getHash',
      args: [packed, window.validUntil, window.validAfter],
    })
    const ours = paymasterHash(operation, { ...window, chainId: chain.id, paymaster })
    expect(ours).toBe(onChain)
    expect(paymasterHash({ ...operation, nonce: 8n }, { ...window, chainId: chain.id, paymaster })).not.toBe(ours)
    expect(paymasterHash(operation, { ...window, chainId: 31338, paymaster })).not.toBe(ours)
    expect(
      paymasterHash(
        { ...operation, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT + 1n },
        { ...window, chainId: chain.id, paymaster },
      ),
    ).not.toBe(ours)
  })

  it('encode and decode paymasterData, and refuse what does not fit the layout', () => {
    const signature = `0x${'ab'.repeat(65)}` as Hex
    const data = encodePaymasterData({ ...window, signature })
    expect(data.length).toBe(2 + 77 * 2)
    expect(decodePaymasterData(data)).toEqual({ ...window, signature })
    expect(() => encodePaymasterData({ ...window, signature: '0xabcd' })).toThrow(/65 bytes/)
    expect(() => encodePaymasterData({ validUntil: 2 ** 48, validAfter: 0, signature })).toThrow(/validUntil/)
    expect(() => encodePaymasterData({ validUntil: 1, validAfter: -1, signature })).toThrow(/validAfter/)
    expect(() => decodePaymasterData(`${data}00`)).toThrow(/77 bytes/)
  })
})

describe('the bundler proxy', () => {
  it('routes /<chainId> to that chain’s bundler and refuses other paths', async () => {
    const call = (path: string, method: string) =>
      fetch(`${bundler.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
      })
    for (const id of [31337, 31338]) {
      const res = await call(`/${id}`, 'eth_chainId')
      expect(res.status).toBe(200)
      expect(((await res.json()) as { result: Hex }).result).toBe(`0x${id.toString(16)}`)
      const entryPoints = (await (await call(`/${id}/`, 'eth_supportedEntryPoints')).json()) as { result: Address[] }
      expect(entryPoints.result).toEqual([ENTRY_POINT_V08])
    }
    const unknown = await call('/1', 'eth_chainId')
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/31337, 31338/)
    expect((await fetch(`${bundler.url}/31337`)).status).toBe(405)
    const tooLarge = await fetch(`${bundler.url}/31337`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: ['x'.repeat(1024 * 1024)] }),
    })
    expect(tooLarge.status).toBe(413)
    // A second bundler on the same port is refused before anything starts, naming the variable to change.
    await expect(startBundler({ chains: [], port: Number(new URL(bundler.url).port) })).rejects.toThrow(
      /already in use.*FOYER_BUNDLER_PORT/,
    )
    const preflight = await fetch(`${bundler.url}/31337`, {
      method: 'OPTIONS',
      headers: { origin: 'http://site.test' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('user operations through the bundler', () => {
  it('deploy a SimpleAccount that sends fUSD and pays its own gas', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleSmartAccount({
      client,
      owner,
      entryPoint: { address: ENTRY_POINT_V08, version: '0.8' },
    })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    await sendUsd(account.address, parseUnits('50', 6))
    const fund = await wallet().sendTransaction({ to: account.address, value: parseEther('1') })
    await client.waitForTransactionReceipt({ hash: fund })

    const bundlerClient = bundlerFor()
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [{ to: usd, abi: erc20Abi, functionName: 'transfer', args: [recipient, parseUnits('20', 6)] }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBeUndefined()
    expect(await client.getCode({ address: account.address })).toBeTruthy()
    expect(await usdBalance(recipient)).toBe(parseUnits('20', 6))
    // The account prefunds the EntryPoint; what the operation did not use stays there as the account's deposit.
    const [left, prefundLeft] = await Promise.all([
      client.getBalance({ address: account.address }),
      deposit(account.address),
    ])
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
    expect(left + prefundLeft).toBe(parseEther('1') - receipt.actualGasCost)
  })

  it('are sponsored by the paymaster with the sponsor’s signature, from an account without ETH', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleSmartAccount({
      client,
      owner,
      entryPoint: { address: ENTRY_POINT_V08, version: '0.8' },
    })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await sendUsd(account.address, parseUnits('5', 6))
    const before = await deposit(paymaster)

    // A sponsorship signed by anyone but the sponsor is refused before it reaches the chain.
    const forged = bundlerFor(sponsoredBy(privateKeyToAccount(generatePrivateKey())))
    await expect(
      forged.sendUserOperation({
        account,
        calls: [{ to: usd, abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] }],
      }),
    ).rejects.toThrow(/AA34 signature error/)
    // So is the sponsor's own signature once its window has closed.
    const expired = bundlerFor(sponsoredBy(undefined, () => ({ validUntil: now() - 60, validAfter: now() - 600 })))
    await expect(
      expired.sendUserOperation({
        account,
        calls: [{ to: usd, abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] }],
      }),
    ).rejects.toThrow(/AA32 paymaster expired/)

    const bundlerClient = bundlerFor(sponsoredBy())
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [{ to: usd, abi: erc20Abi, functionName: 'transfer', args: [recipient, parseUnits('5', 6)] }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(paymaster)
    expect(await client.getBalance({ address: account.address })).toBe(0n)
    expect(await usdBalance(recipient)).toBe(parseUnits('5', 6))
    expect(await deposit(paymaster)).toBe(before - receipt.actualGasCost)
  })

  it('run a batch of two calls from a Simple7702Account delegated in the same operation, which then verifies ERC-1271 signatures', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimple7702SmartAccount({ client, owner })
    expect(account.address).toBe(owner.address)
    const [first, second] = [generatePrivateKey(), generatePrivateKey()].map((k) => privateKeyToAccount(k).address)
    const fund = await wallet().sendTransaction({ to: owner.address, value: parseEther('1') })
    await client.waitForTransactionReceipt({ hash: fund })
    await sendUsd(owner.address, parseUnits('10', 6))

    const authorization = await owner.signAuthorization({
      chainId: chain.id,
      contractAddress: SIMPLE_7702_ACCOUNT_V08,
      nonce: await client.getTransactionCount({ address: owner.address }),
    })
    const bundlerClient = bundlerFor()
    const hash = await bundlerClient.sendUserOperation({
      account,
      authorization,
      calls: [
        { to: usd, abi: erc20Abi, functionName: 'transfer', args: [first, parseUnits('3', 6)] },
        { to: second, value: parseEther('0.25') },
      ],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    expect(await client.getCode({ address: owner.address })).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT_V08.slice(2).toLowerCase()}`,
    )
    expect(await usdBalance(first)).toBe(parseUnits('3', 6))
    expect(await client.getBalance({ address: second })).toBe(parseEther('0.25'))

    const isValidSignature = parseAbi([
      'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
    ])
    const message = 'Sign in to Foyer'
    const check = (signature: Hex) =>
      client.readContract({
        address: owner.address,
        abi: isValidSignature,
        functionName: 'isValidSignature',
        args: [hashMessage(message), signature],
      })
    expect(await check(await owner.signMessage({ message }))).toBe('0x1626ba7e')
    const stranger = privateKeyToAccount(generatePrivateKey())
    expect(await check(await stranger.signMessage({ message }))).toBe('0xffffffff')
  })
})
