import type { ChainAdapter } from '@foyer/core/internal'
import { describe, expectTypeOf, it } from 'vitest'
import { createFoyer, type Foyer } from './index.ts'

declare const adapter: ChainAdapter
const localChain = {
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
} as const

describe('createFoyer options', () => {
  it('takes adapters and networks (viem chains or CAIP networks) and gives a Foyer', () => {
    expectTypeOf(createFoyer({ adapters: [adapter], networks: [localChain] })).toEqualTypeOf<Foyer>()
  })

  it('refuses what it does not know', () => {
    // @ts-expect-error adapters are required
    createFoyer({ networks: [localChain] })
    // @ts-expect-error no such theme mode
    createFoyer({ adapters: [adapter], networks: [localChain], themeMode: 'blue' })
    // @ts-expect-error no such locale
    createFoyer({ adapters: [adapter], networks: [localChain], locale: 'xx' })
    // @ts-expect-error allWallets is SHOW, HIDE or ONLY_MOBILE
    createFoyer({ adapters: [adapter], networks: [localChain], features: { allWallets: 'SOMETIMES' } })
    // @ts-expect-error theme variables are --foyer-* custom properties
    createFoyer({ adapters: [adapter], networks: [localChain], themeVariables: { color: 'red' } })
    // @ts-expect-error an unknown option (a typo of apiUrl)
    createFoyer({ adapters: [adapter], networks: [localChain], apiURL: 'https://example.invalid' })
  })
})
