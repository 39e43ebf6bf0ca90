import {
  ConnectButton,
  FoyerProvider,
  NetworkButton,
  useFoyerLocale,
  useFoyerTheme,
  useSiweSession,
} from '@foyer/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WagmiProvider } from 'wagmi'
import { type createDemoFoyer, type DemoSolana, siweDemo } from './foyer.ts'
import { SolanaPanel } from './SolanaPanel.tsx'
import { WagmiPanel } from './WagmiPanel.tsx'
import { wagmiConfig } from './wagmi.ts'
import './demo.css'

const queryClient = new QueryClient()

export function App({ foyer, solana }: { foyer: ReturnType<typeof createDemoFoyer>; solana: DemoSolana | undefined }) {
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <FoyerProvider foyer={foyer}>
          <header className="bar">
            <strong>Foyer demo</strong>
            <nav className="bar-actions">
              <NetworkButton />
              <ConnectButton />
            </nav>
          </header>
          <main className="page">
            <p>
              This page uses Foyer for the wallet modal and plain wagmi hooks for everything else. The panel below reads
              the same connection through wagmi.
            </p>
            <Preferences />
            {siweDemo && <SignInPanel />}
            <WagmiPanel />
            {solana && <SolanaPanel adapter={solana.adapter} />}
          </main>
        </FoyerProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

/** With `?siwe=1`: who is signed in (sign-in with Ethereum through the Foyer server). */
function SignInPanel() {
  const { status, session, signOut } = useSiweSession()
  return (
    <section className="card" aria-label="Sign-in">
      <h2>Sign-in</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="siwe-status">{status}</dd>
        <dt>Signed in as</dt>
        <dd data-testid="siwe-session-address" className="mono">
          {session?.address ?? '—'}
        </dd>
        <dt>Chain</dt>
        <dd data-testid="siwe-session-chain">{session?.chainId ?? '—'}</dd>
      </dl>
      <button type="button" data-testid="siwe-sign-out" disabled={!session} onClick={() => void signOut()}>
        Sign out
      </button>
    </section>
  )
}

function Preferences() {
  const { locale, setLocale } = useFoyerLocale()
  const { themeMode, setThemeMode } = useFoyerTheme()
  return (
    <section className="card" aria-label="Modal preferences">
      <label>
        Modal language{' '}
        <select
          data-testid="demo-locale"
          value={locale}
          onChange={(e) => void setLocale(e.target.value as 'en' | 'es')}
        >
          <option value="en">English</option>
          <option value="es">Español</option>
        </select>
      </label>{' '}
      <label>
        Theme{' '}
        <select
          data-testid="demo-theme"
          value={themeMode}
          onChange={(e) => setThemeMode(e.target.value as 'dark' | 'light' | 'system')}
        >
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
    </section>
  )
}
