import { defineConfig } from 'tsdown'
import { foyerLibrary } from '../../scripts/tsdown.shared.ts'

export default defineConfig(
  foyerLibrary({ index: 'src/index.ts', 'wallet-core': 'src/wallet-core.ts', accounts: 'src/accounts.ts' }),
)
