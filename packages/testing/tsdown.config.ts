import { defineConfig } from 'tsdown'
import { foyerLibrary } from '../../scripts/tsdown.shared.ts'

export default defineConfig(
  foyerLibrary({
    index: 'src/index.ts',
    'wallet-core/index': 'src/wallet-core/index.ts',
    accounts: 'src/accounts.ts',
    'solana/index': 'src/solana/index.ts',
  }),
)
