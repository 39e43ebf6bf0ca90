import { defineConfig } from 'tsdown'
import { foyerLibrary } from '../../scripts/tsdown.shared.ts'

export default defineConfig(foyerLibrary({ index: 'src/index.ts' }))
