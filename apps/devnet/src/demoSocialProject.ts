/**
 * The demo project's social login on the local stack: every OAuth provider points at the devnet's OpenID Connect
 * stand-in (src/oidc), and the demo offers all seven sign-in providers (Farcaster through its own stand-in relay).
 * The stack gives it to the server as a FOYER_PROJECTS entry with the demo project's id, which the server upserts
 * after seeding its demo project, so this entry wins.
 */
import { LOGIN_PROVIDERS, SOCIAL_PROVIDERS, type SocialProvider } from '@foyer/core/protocol'
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './oidc/standIn.ts'

/**
 * Whether the stack adds the demo's social login to FOYER_PROJECTS (the server reads each entry's `socialLogin`), so
 * the demo's sign-in buttons reach the stand-in.
 */
export const DEMO_SOCIAL_LOGIN_ENABLED = true

export const DEMO_PROJECT_ID = 'foyer-demo'

/** One provider's credentials as a project holds them: the stand-in's issuer, found by OpenID discovery. */
export interface DemoProviderCredentials {
  clientId: string
  clientSecret: string
  issuer: string
}

/** Every OAuth provider's credentials at the stand-in whose origin is `oidcBaseUrl` (e.g. http://127.0.0.1:8797). */
export function demoSocialLogin(oidcBaseUrl: string): Record<SocialProvider, DemoProviderCredentials> {
  const base = oidcBaseUrl.replace(/\/+$/, '')
  return Object.fromEntries(
    SOCIAL_PROVIDERS.map((p) => [
      p,
      { clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET, issuer: `${base}/${p}` },
    ]),
  ) as Record<SocialProvider, DemoProviderCredentials>
}

/** What the demo project sponsors per account and day: a few operations, and at most 0.05 ETH of gas. */
export const DEMO_SPONSORSHIP_LIMITS = {
  maxOperationsPerAccountPerDay: 20,
  maxGasWeiPerAccountPerDay: '50000000000000000',
} as const

/** The demo's gas sponsorship on the devnet's chains: sends of fUSD and the swap router's calls, on every chain. */
export function demoSponsorship(chains: readonly { id: number; contracts: { usd: string; router: string } }[]) {
  return {
    chains: chains.map((chain) => chain.id),
    contracts: chains.flatMap((chain) => [chain.contracts.usd, chain.contracts.router]),
    ...DEMO_SPONSORSHIP_LIMITS,
  }
}

/**
 * The demo project's FOYER_PROJECTS entry with social login: the demo's origins, all seven providers; and, given
 * the chains, its gas sponsorship (`demoSponsorship`).
 */
export function demoSocialProject(
  oidcBaseUrl: string,
  demoPort = 5173,
  chains?: Parameters<typeof demoSponsorship>[0],
) {
  return {
    id: DEMO_PROJECT_ID,
    name: 'Foyer demo',
    allowedOrigins: [`http://127.0.0.1:${demoPort}`, `http://localhost:${demoPort}`],
    features: { socials: [...LOGIN_PROVIDERS] },
    socialLogin: demoSocialLogin(oidcBaseUrl),
    ...(chains ? { sponsorship: demoSponsorship(chains) } : {}),
  }
}

/**
 * FOYER_PROJECTS with the demo's social-login entry added, unless the list already has an entry with the demo's
 * id (the operator's wins) or is malformed (left for the server to report).
 */
export function withDemoSocialProject(projects: string | undefined, entry: ReturnType<typeof demoSocialProject>) {
  if (!projects?.trim()) return JSON.stringify([entry])
  try {
    const list: unknown = JSON.parse(projects)
    if (Array.isArray(list) && !list.some((p) => (p as { id?: unknown })?.id === entry.id))
      return JSON.stringify([...list, entry])
  } catch {}
  return projects
}
