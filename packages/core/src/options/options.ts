import type { ChainAdapter } from '../adapter/adapter.ts'
import { DEFAULT_LOG_LEVEL } from '../constants.ts'
import type { Locale } from '../locale/locale.ts'
import { type CaipNetwork, type CaipNetworkId, fromViemChain } from '../networks/networks.ts'
import { BOOLEAN_FEATURES, DEFAULT_FEATURES } from '../protocol/features.ts'
import { InvalidOptionError } from './invalidOptionError.ts'

export type ThemeMode = 'dark' | 'light' | 'system'
/** CSS variables that restyle the modal; names start with `--foyer-`. */
export type ThemeVariables = Partial<Record<`--foyer-${string}`, string>>

export type Features = {
  swaps: boolean
  onramp: boolean
  analytics: boolean
  email: boolean
  socials: readonly string[] | false
  names: boolean
  history: boolean
  allWallets: 'SHOW' | 'HIDE' | 'ONLY_MOBILE'
  /**
   * Whether wallets announced over EIP-6963 (EVM) are listed; Wallet Standard (Solana) wallets are listed either way.
   * Core's default is off; an adapter that discovers them sets its own default (`ChainAdapter.eip6963`: the EVM
   * adapter's is on). The site's value, when given, decides for every adapter.
   */
  eip6963: boolean
}

/**
 * The server-backed switches take the defaults the server uses (`DEFAULT_FEATURES` in `@foyer/core/protocol`: no
 * social provider unless the site lists some); all-wallets `SHOW`; EIP-6963 wallets off unless an adapter's own
 * default turns them on (the EVM adapter's does).
 */
export const defaultFeatures: Features = {
  ...DEFAULT_FEATURES,
  allWallets: 'SHOW',
  eip6963: false,
}

/** Features that need the Foyer server: without `apiUrl` they are hidden, never broken. */
const serverFeatures: readonly string[] = [...BOOLEAN_FEATURES, 'socials']

export type ViemLikeChain = Parameters<typeof fromViemChain>[0]

export type FoyerOptions = {
  adapters: ChainAdapter[]
  /** The site's networks, the default first: CAIP networks or viem chain objects. */
  networks: readonly (CaipNetwork | ViemLikeChain)[]
  apiUrl?: string
  projectId?: string
  /** The secure frame's URL (its own origin) for email login; the embedded wallet needs it and `apiUrl`. */
  frameUrl?: string
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  features?: Partial<Features>
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  /** The site's own wallets, listed after featured ones (catalogue shape: id, name, image_url, links). */
  customWallets?: import('../catalogue/walletCatalogue.ts').CatalogueWallet[]
  allowUnsupportedChain?: boolean
  locale?: Locale
  /**
   * Per network (CAIP-2 id, one of `networks`), a token whose balance the account button and Account show instead
   * of the native balance: `{ 'eip155:8453': { address: '0x833…' } }`. Read over the chain adapter once connected;
   * a network the option does not name shows the native balance.
   */
  tokens?: Partial<Record<CaipNetworkId, { address: string }>>
  /** The site's terms (an http or https URL): the Connect view links them under the wallet list. */
  termsConditionsUrl?: string
  /** The site's privacy policy (an http or https URL): the Connect view links it under the wallet list. */
  privacyPolicyUrl?: string
  /**
   * Sign-in with Ethereum after an EVM connect: `true` through the Foyer server (needs `apiUrl`), or the site's own
   * backend (`SiweConfig`). Unset, nothing of it loads.
   */
  siwe?: import('../siwe/siweTypes.ts').SiweOption
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  /**
   * Analytics (`features.analytics`, on by default) go only to `apiUrl`, and never with an account address unless
   * this is `true`: then the events that carry one (a connection, a sign-in) send it. Default `false`.
   */
  analyticsIncludeAddress?: boolean
  /**
   * The embedded wallet's account, per namespace, for people who chose none: `eoa` (default, the key's own
   * transactions) or `smartAccount` (the same address delegated to Simple7702Account with EIP-7702; transactions
   * become user operations through the bundler the Foyer server names for the chain, and EIP-5792 batches work).
   * Only EVM chains with a bundler have a smart account; elsewhere the wallet stays an EOA.
   */
  preferredAccountType?: { eip155?: 'eoa' | 'smartAccount' }
}

export type ResolvedOptions = Omit<FoyerOptions, 'networks' | 'features'> & {
  networks: [CaipNetwork, ...CaipNetwork[]]
  features: Features
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  allowUnsupportedChain: boolean
  locale: Locale
  logLevel: NonNullable<FoyerOptions['logLevel']>
}

/**
 * The options with their defaults; throws `InvalidOptionError` for a legal link that is not an http(s) URL and for a
 * `tokens` entry on a network the site does not list or with an address its chain family cannot have.
 */
export function resolveOptions(options: FoyerOptions): ResolvedOptions {
  const networks = options.networks.map((n) => ('rpcUrls' in n ? fromViemChain(n) : n))
  if (!networks.length) throw new TypeError('Foyer needs at least one network')
  for (const [id, token] of Object.entries(options.tokens ?? {})) {
    const network = networks.find((n) => n.id === id)
    if (!network) throw new InvalidOptionError({ option: 'tokens', expected: 'one of the site’s networks', value: id })
    const address = token?.address ?? ''
    if (!(network.chainNamespace === 'solana' ? SOLANA_ADDRESS : EVM_ADDRESS).test(address))
      throw new InvalidOptionError({ option: `tokens["${id}"].address`, expected: 'a token address', value: address })
  }
  return {
    ...options,
    termsConditionsUrl: httpUrl('termsConditionsUrl', options.termsConditionsUrl),
    privacyPolicyUrl: httpUrl('privacyPolicyUrl', options.privacyPolicyUrl),
    apiUrl: options.apiUrl?.replace(/\/$/, ''),
    networks: networks as [CaipNetwork, ...CaipNetwork[]],
    features: {
      ...defaultFeatures,
      ...options.features,
      eip6963: options.features?.eip6963 ?? options.adapters.some((adapter) => adapter.eip6963 === true),
    },
    themeMode: options.themeMode ?? 'system',
    themeVariables: options.themeVariables ?? {},
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    locale: options.locale ?? 'en',
    logLevel: options.logLevel ?? DEFAULT_LOG_LEVEL,
  }
}

// The patterns of `EVM_ADDRESS_PATTERN` and `isSolanaAddress`, repeated: this module is in the page's entry, and
// importing theirs (modules the lazy views share) would make the bundler split them out of it.
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** An http or https URL (a link the modal opens), else `InvalidOptionError`: never `javascript:` or `data:`. */
function httpUrl(option: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
    throw new InvalidOptionError({ option, expected: 'an http or https URL', value })
  return url.href
}

/** A feature is on when the site enabled it and, for server-backed ones, an `apiUrl` is set. */
export function isFeatureAvailable(options: ResolvedOptions, feature: keyof Features): boolean {
  const value = options.features[feature]
  if (!value || (Array.isArray(value) && value.length === 0)) return false
  if (serverFeatures.includes(feature) && !options.apiUrl) return false
  return true
}
