import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { createPublicClient, http, parseAbi, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccountAt, devAccounts } from '../accounts.ts'
import { type RunningChain, startChains } from '../chains.ts'
import { deployChain } from '../deploy.ts'
import { type FarcasterRelay, isLoopback, startFarcasterRelay } from './relay.ts'
import {
  FARCASTER_DEV_AUTH_KEY,
  FARCASTER_TEST_USERS,
  farcasterAvatarUrl,
  ID_REGISTRY_ADDRESS,
  KEY_REGISTRY_ADDRESS,
} from './users.ts'

// Ports of their own, so these run beside `npm start` and the other devnet tests.
const CHAIN_PORT = 18570
const RELAY_PORT = 18796
const SHORT_RELAY_PORT = 18797
const SHORT_TTL_MS = 400

let chain: RunningChain
let relay: FarcasterRelay
let shortRelay: FarcasterRelay

beforeAll(async () => {
  ;[chain] = await startChains([{ id: 31337, name: 'Farcaster test', port: CHAIN_PORT, portEnv: 'TEST' }])
  await deployChain({ rpcUrl: chain.rpcUrl, chainId: 31337, accounts: devAccounts() })
  relay = await startFarcasterRelay({ port: RELAY_PORT, rpcUrl: chain.rpcUrl })
  shortRelay = await startFarcasterRelay({ port: SHORT_RELAY_PORT, rpcUrl: chain.rpcUrl, channelTtlMs: SHORT_TTL_MS })
})
afterAll(async () => {
  await Promise.all([relay?.stop(), shortRelay?.stop()])
  await chain?.stop()
})

const registryAbi = parseAbi([
  'function idOf(address owner) view returns (uint256 fid)',
  'function custodyOf(uint256 fid) view returns (address custody)',
  'function keyDataOf(uint256 fid, bytes key) view returns ((uint8 state, uint32 keyType))',
])

describe('the id registry stand-in', () => {
  it('holds fids 1001–1005 for accounts 11–15 at the real address, with the real read interface', async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    for (const user of FARCASTER_TEST_USERS) {
      const custody = devAccountAt(user.accountIndex).address
      const read = (functionName: 'idOf' | 'custodyOf', args: [`0x${string}`] | [bigint]) =>
        client.readContract({ address: ID_REGISTRY_ADDRESS, abi: registryAbi, functionName, args } as never)
      expect(await read('idOf', [custody])).toBe(BigInt(user.fid))
      expect(await read('custodyOf', [BigInt(user.fid)])).toBe(custody)
    }
    expect(devAccountAt(11).address).toBe('0x71bE63f3384f5fb98995898A86B02Fb2426c5788')
    const stranger = devAccountAt(1).address
    expect(
      await client.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: registryAbi,
        functionName: 'idOf',
        args: [stranger],
      }),
    ).toBe(0n)
    expect(
      await client.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: registryAbi,
        functionName: 'custodyOf',
        args: [1006n],
      }),
    ).toBe(zeroAddress)
    expect(
      await client.readContract({
        address: KEY_REGISTRY_ADDRESS,
        abi: registryAbi,
        functionName: 'keyDataOf',
        args: [1001n, stranger],
      }),
    ).toEqual({ state: 0, keyType: 0 })
  })
})

describe('the Connect relay stand-in, through @farcaster/auth-client', () => {
  const clients = (relayUrl: string) => {
    const ethereum = viemConnector({ rpcUrl: chain.rpcUrl })
    return {
      app: createAppClient({ relay: relayUrl, ethereum }),
      wallet: createWalletClient({ relay: relayUrl, ethereum }),
    }
  }

  async function signIn(relayUrl: string, channelToken: string, fid = 1001, authKey = FARCASTER_DEV_AUTH_KEY) {
    const { wallet } = clients(relayUrl)
    const user = FARCASTER_TEST_USERS.find((u) => u.fid === fid)!
    const account = privateKeyToAccount(devAccountAt(user.accountIndex).privateKey)
    const built = wallet.buildSignInMessage({
      address: account.address,
      fid,
      uri: 'http://127.0.0.1:5173',
      domain: '127.0.0.1:5173',
      nonce: 'abcdef123456',
    })
    if (built.isError) throw built.error
    const signature = await account.signMessage({ message: built.message })
    return wallet.authenticate({
      channelToken,
      authKey,
      message: built.message,
      signature,
      fid,
      username: user.username,
      displayName: user.displayName,
      bio: user.bio,
      pfpUrl: farcasterAvatarUrl(relayUrl, fid),
    })
  }

  it('opens a channel, takes a wallet’s signed message and reports it completed once', async () => {
    const { app } = clients(relay.url)
    const created = await app.createChannel({
      siweUri: 'http://127.0.0.1:5173',
      domain: '127.0.0.1:5173',
      nonce: 'abcdef123456',
    })
    if (created.isError) throw created.error
    expect(created.response.status).toBe(201)
    const { channelToken, url, nonce } = created.data
    expect(nonce).toBe('abcdef123456')
    expect(url).toBe(`https://farcaster.xyz/~/siwf?channelToken=${channelToken}`)
    expect(clients(relay.url).wallet.parseSignInURI({ uri: url })).toMatchObject({ channelToken })

    const pending = await app.status({ channelToken })
    expect(pending.response?.status).toBe(202)
    expect(pending.data).toMatchObject({
      state: 'pending',
      nonce,
      signatureParams: { siweUri: 'http://127.0.0.1:5173', domain: '127.0.0.1:5173', nonce },
    })

    const authenticated = await signIn(relay.url, channelToken)
    expect(authenticated.response?.status).toBe(201)

    const done = await app.status({ channelToken })
    expect(done.response?.status).toBe(200)
    expect(done.data).toMatchObject({
      state: 'completed',
      fid: 1001,
      username: 'dev1001',
      displayName: 'Dev 1001',
      pfpUrl: `${relay.url}/pfp/1001.svg`,
      custody: devAccountAt(11).address,
    })
    const verified = await app.verifySignInMessage({
      nonce,
      domain: '127.0.0.1:5173',
      message: done.data!.message!,
      signature: done.data!.signature!,
    })
    expect(verified).toMatchObject({ isError: false, success: true, fid: 1001, authMethod: 'custody' })

    // The relay closes a channel once it has reported it completed.
    expect((await app.status({ channelToken })).response?.status).toBe(401)
    const avatar = await fetch(`${relay.url}/pfp/1001.svg`)
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml')
  })

  it('refuses a wallet with the wrong auth key, and leaves the channel pending', async () => {
    const { app } = clients(relay.url)
    const created = await app.createChannel({ siweUri: 'http://127.0.0.1:5173', domain: '127.0.0.1:5173' })
    if (created.isError) throw created.error
    const { channelToken } = created.data
    const refused = await signIn(relay.url, channelToken, 1002, 'not-the-key')
    expect(refused.response?.status).toBe(401)
    expect((await app.status({ channelToken })).data?.state).toBe('pending')
  })

  it('forgets a channel when it expires: status and authenticate answer 401', async () => {
    const { app } = clients(shortRelay.url)
    const created = await app.createChannel({ siweUri: 'http://127.0.0.1:5173', domain: '127.0.0.1:5173' })
    if (created.isError) throw created.error
    const { channelToken } = created.data
    expect((await app.status({ channelToken })).response?.status).toBe(202)
    await new Promise((resolve) => setTimeout(resolve, SHORT_TTL_MS + 50))
    expect((await app.status({ channelToken })).response?.status).toBe(401)
    expect((await signIn(shortRelay.url, channelToken)).response?.status).toBe(401)
  })

  it('answers 401 to an unknown channel token and 400 to a malformed channel', async () => {
    const { app } = clients(relay.url)
    expect((await app.status({ channelToken: 'nope' })).response?.status).toBe(401)
    const bad = await fetch(`${relay.url}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'not a url', domain: 'x' }),
    })
    expect(bad.status).toBe(400)
  })
})

describe('the dev auth key', () => {
  it('is honoured only from this machine', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true)
    for (const address of ['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', '', undefined])
      expect(isLoopback(address)).toBe(false)
  })
})
