import { evmAdapter } from '@foyer/evm'
import { createFoyer } from '@foyer/react'
import { localChains, wagmiConfig } from './wagmi.ts'

const locale = new URLSearchParams(location.search).get('locale') === 'es' ? 'es' : 'en'

/** One Foyer client for the page, created once, exactly as a site developer would. */
export const foyer = createFoyer({
  adapters: [evmAdapter({ wagmiConfig })],
  networks: localChains,
  apiUrl: __FOYER_API_URL__,
  projectId: 'foyer-demo',
  metadata: { name: 'Foyer demo', description: 'A site that uses Foyer', url: location.origin },
  themeMode: 'system',
  locale,
})
