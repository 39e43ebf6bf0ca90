import { describe, expect, it } from 'vitest'
import type { ChainConfig } from '../config.ts'
import { embeddedChains } from './embeddedChains.ts'

const aa = {
  entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  simpleAccountFactory: '0x13E9ed32155810FDbd067D4522C492D6f68E5944',
  simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
  paymaster: '0x85e54FA691f6872102DF701B83519B786762be0D',
} as const
const chain = (id: number, extra: Partial<ChainConfig> = {}): ChainConfig => ({
  id,
  name: `Chain ${id}`,
  rpcUrl: `http://127.0.0.1:${id - 31337 + 8545}`,
  nativeSymbol: 'ETH',
  contracts: {},
  tokens: [],
  nfts: [],
  ...extra,
})

describe('embeddedChains', () => {
  it('names a chain’s bundler only where one runs and the EIP-7702 account is there; nothing else leaks', () => {
    expect(
      embeddedChains([
        chain(31337, { accountAbstraction: { ...aa, bundlerUrl: 'http://127.0.0.1:8798/31337' } }),
        chain(31338, { accountAbstraction: aa }),
        chain(31339, { accountAbstraction: { entryPoint: aa.entryPoint, bundlerUrl: 'http://127.0.0.1:8798/31339' } }),
        chain(31340),
      ]),
    ).toEqual([
      {
        id: 31337,
        name: 'Chain 31337',
        rpcUrl: 'http://127.0.0.1:8545',
        nativeSymbol: 'ETH',
        smartAccount: {
          bundlerUrl: 'http://127.0.0.1:8798/31337',
          entryPoint: aa.entryPoint,
          implementation: aa.simple7702Account,
          sponsored: false,
        },
      },
      { id: 31338, name: 'Chain 31338', rpcUrl: 'http://127.0.0.1:8546', nativeSymbol: 'ETH' },
      { id: 31339, name: 'Chain 31339', rpcUrl: 'http://127.0.0.1:8547', nativeSymbol: 'ETH' },
      { id: 31340, name: 'Chain 31340', rpcUrl: 'http://127.0.0.1:8548', nativeSymbol: 'ETH' },
    ])
  })

  it('says where the project sponsors the gas', () => {
    const withBundler = (id: number) =>
      chain(id, { accountAbstraction: { ...aa, bundlerUrl: `http://127.0.0.1:8798/${id}` } })
    const sponsored = embeddedChains([withBundler(31337), withBundler(31338)], [31338]).map(
      (c) => c.smartAccount?.sponsored,
    )
    expect(sponsored).toEqual([false, true])
  })
})
