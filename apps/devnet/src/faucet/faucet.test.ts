import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccounts } from '../accounts.ts'
import { type RunningChain, startChain } from '../chains.ts'
import type { DevnetInfo } from '../devnet-file.ts'
import { FAUCET_AMOUNT, type Faucet, startFaucet } from './faucet.ts'

// One real anvil in this feature's port range; the faucet pays from dev account 9.
describe('faucet', () => {
  let chain: RunningChain
  let faucet: Faucet
  beforeAll(async () => {
    chain = await startChain({ id: 31337, name: 'Faucet test', port: 19430, portEnv: 'FOYER_TEST_PORT' })
    const devnet = {
      chains: [{ id: chain.id, name: chain.name, rpcUrl: chain.rpcUrl, nativeSymbol: 'ETH' }],
      accounts: devAccounts(),
    } as unknown as DevnetInfo
    faucet = await startFaucet({ devnet, port: 19431 })
  })
  afterAll(async () => {
    await faucet?.stop()
    await chain?.stop()
  })

  const fund = (body: unknown) =>
    fetch(faucet.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('funds a new address once, on the chain, and refuses bad input', async () => {
    const address = '0x00000000000000000000000000000000000f00d1'
    const first = await fund({ address })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ funded: true })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    expect(await client.getBalance({ address })).toBe(FAUCET_AMOUNT)
    expect(FAUCET_AMOUNT).toBe(parseEther('10'))
    expect(await (await fund({ address })).json()).toMatchObject({ funded: false })
    expect(await client.getBalance({ address })).toBe(FAUCET_AMOUNT)
    expect((await fund({ address: 'nope' })).status).toBe(400)
    expect((await fetch(faucet.url.replace('/fund', '/other'))).status).toBe(404)
  })
})
