import { Header } from './header'
import { Providers } from './providers'

type SearchParams = Promise<Record<string, string | string[] | undefined>>

/**
 * Rendered on the server for every request. `?theme=dark|light` and `?accent=<6 hex digits>` choose how this
 * visitor's modal looks; the example's tests use them to show that two requests rendered at the same time keep
 * their own state (`?delay=<ms>` holds a render open so they overlap).
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)
  const theme = one(params.theme) === 'dark' ? 'dark' : 'light'
  const accent = /^[0-9a-f]{6}$/.test(one(params.accent) ?? '') ? `#${one(params.accent)}` : undefined
  const delay = Math.min(Number(one(params.delay)) || 0, 2000)
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
  return (
    <Providers themeMode={theme} accent={accent}>
      <Header />
      <main>
        <p>A Next.js page, rendered on the server, with Foyer's connect button.</p>
      </main>
    </Providers>
  )
}
