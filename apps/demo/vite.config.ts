import { defineConfig } from 'vite'
// Monorepo only: @foyer/evm's prebuilt WalletConnect session, which its published package would ship. Bundled
// here as the demo starts or builds, so an edit to walletConnectSession.ts is never served stale.
import { bundleWalletConnectSession } from '../../packages/evm/scripts/bundle-walletconnect-session.mjs'
import { sharedConfig } from './vite.shared.ts'

const shared = sharedConfig()

export default defineConfig({
  ...shared,
  plugins: [
    ...(shared.plugins ?? []),
    { name: 'foyer-walletconnect-session', buildStart: () => bundleWalletConnectSession().then(() => {}) },
  ],
})
