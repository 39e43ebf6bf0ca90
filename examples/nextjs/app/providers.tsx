'use client'

import { evmAdapter } from '@foyer/evm'
import { createFoyer, FoyerProvider, type ThemeMode } from '@foyer/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { chain1, chain2, env, makeWagmiConfig } from './config'

export type ProvidersProps = {
  children: ReactNode
  /** Chosen by the server for this request (see page.tsx). */
  themeMode?: ThemeMode
  accent?: string
}

/**
 * Everything with state is created once per render root: on the server that is once per request, so two visitors
 * never share a wagmi store, a query cache or a Foyer client. (Module-level singletons would be shared by every
 * request the server renders.)
 */
export function Providers({ children, themeMode = 'light', accent }: ProvidersProps) {
  const [wagmiConfig] = useState(makeWagmiConfig)
  const [queryClient] = useState(() => new QueryClient())
  const [foyer] = useState(() =>
    createFoyer({
      adapters: [
        evmAdapter({
          wagmiConfig,
          walletConnect: {
            projectId: env.projectId,
            relayUrl: env.relayUrl,
            metadata: { name: 'Example', url: env.siteUrl },
          },
        }),
      ],
      networks: [chain1, chain2],
      apiUrl: env.apiUrl,
      frameUrl: env.frameUrl,
      projectId: env.projectId,
      metadata: { name: 'Example', description: 'A wagmi site with Foyer on Next.js', url: env.siteUrl },
      themeMode,
      themeVariables: accent ? { '--foyer-accent': accent } : undefined,
    }),
  )
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <FoyerProvider foyer={foyer}>{children}</FoyerProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
