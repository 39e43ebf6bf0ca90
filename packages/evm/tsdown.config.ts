import { defineConfig } from 'tsdown'
import { foyerLibrary } from '../../scripts/tsdown.shared.ts'
import { bundleWalletConnectSession } from './scripts/bundle-walletconnect-session.mjs'

// `#walletconnect-session` stays an import: package.json `imports` gives browsers the prebuilt session (the SDK
// inlined, built next to dist's walletConnectProtocol.js below) and Node the plain module.
export default defineConfig(
  foyerLibrary(
    { index: 'src/index.ts', 'walletconnect/walletConnectSession': 'src/walletconnect/walletConnectSession.ts' },
    {
      external: ['#walletconnect-session'],
      onSuccess: async () => {
        await bundleWalletConnectSession({ outDir: 'dist/walletconnect', protocolImport: './walletConnectProtocol.js' })
      },
    },
  ),
)
