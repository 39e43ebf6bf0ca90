import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectedAnvilClient } from '../test/anvilWallet.ts'
import { startTestChain, type TestChain } from '../test/testChain.ts'

// The `tokens` option end to end: a site's client with the real EVM adapter, on this file's own anvil (19388) with
// the devnet's tokens deployed and dealt.
let t: TestChain
beforeAll(async () => {
  t = await startTestChain({ port: 19388 })
}, 60_000)
afterAll(() => t?.stop())

describe('the tokens option', () => {
  it('shows the named token’s balance and symbol after connect, read over the chain', async () => {
    const user = t.accounts[4]!.address
    const wallet = await connectedAnvilClient({
      ...t,
      address: user,
      site: { tokens: { [t.network.id]: { address: t.contracts.token } } },
    })
    try {
      const held = await t.balanceOf(t.contracts.token, user)
      expect(held).toBeGreaterThan(0n)
      await expect
        .poll(() => wallet.client.getState().account)
        .toMatchObject({ balance: formatUnits(held, 18), balanceSymbol: 'FOY', balanceLoading: false })
    } finally {
      wallet.unmount()
    }
  })
})
