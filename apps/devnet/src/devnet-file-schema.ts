/**
 * The devnet file's format, in one place: the types the devnet writes (devnet-file.ts) and the schema the Foyer
 * server reads the file with (its FOYER_DEVNET_FILE). The server also reads chain files written by hand, so the
 * schema is lenient where a person would be: contracts, tokens, NFTs and accounts may be left out, unknown fields
 * are ignored, and the private keys of accounts are dropped.
 *
 * Only valibot and `@foyer/core/protocol` are imported: the server bundles this file.
 */
import { EVM_ADDRESS_PATTERN } from '@foyer/core/protocol'
import * as v from 'valibot'

export type Address = `0x${string}`
type Hex = `0x${string}`

/** The contracts a chain names; the router and WETH make it a swap chain. */
export interface ChainContracts {
  weth?: Address
  /** The 6-decimal USD stablecoin (fUSD) that prices are quoted in. */
  usd?: Address
  /** The 18-decimal token (FOY). */
  token?: Address
  /** Uniswap V2 factory and Router02. */
  factory?: Address
  router?: Address
}

export interface ChainToken {
  address: Address
  symbol: string
  name: string
  decimals: number
}

/** An NFT collection; `spam` marks collections the Activity view hides. */
export interface ChainNft {
  address: Address
  name: string
  symbol: string
  spam: boolean
}

/**
 * A chain's ERC-4337 parts: the EntryPoint v0.8, the SimpleAccount factory and the Simple7702Account delegate
 * (canonical addresses), the verifying paymaster with its signer's address, and the bundler's URL for this chain.
 */
export interface ChainAccountAbstraction {
  entryPoint: Address
  simpleAccountFactory?: Address
  simple7702Account?: Address
  paymaster?: Address
  /** The address whose signature the paymaster accepts. */
  paymasterSigner?: Address
  /** An ERC-4337 bundler's JSON-RPC URL for this chain; absent when none runs. */
  bundlerUrl?: string
}

/** A chain as the server uses it. */
export interface ChainConfig {
  id: number
  name: string
  rpcUrl: string
  nativeSymbol: string
  contracts: ChainContracts
  /** ERC-20s on the chain. */
  tokens: ChainToken[]
  /** ERC-721 collections whose transfers are in the accounts' history. */
  nfts: ChainNft[]
  /** Present when the chain has the ERC-4337 contracts. */
  accountAbstraction?: ChainAccountAbstraction
}

/** The devnet's sandbox on-ramp provider: its checkout's origin and the HMAC-SHA256 key of its webhooks. */
export interface DevnetOnrampSandbox {
  /** The checkout's origin, e.g. http://127.0.0.1:8795 (the page is `${url}/checkout?purchase=<id>`). */
  url: string
  /** Random, new on every start. */
  webhookSecret: string
}

/** A token mint on the Solana stand-in. */
export interface DevnetSolanaMint {
  /** Base58 address. */
  address: string
  symbol: string
  name: string
  decimals: number
  /** The token program that owns the mint: Token or Token-2022 (base58). */
  programId: string
}

/**
 * The Solana JSON-RPC stand-in (LiteSVM), when the stack runs it: its URL, the dev accounts' addresses
 * (m/44'/501'/i'/0' of the dev mnemonic) and the dev token mints. A stand-in, not a Solana validator.
 */
export interface DevnetSolana {
  name: string
  rpcUrl: string
  /** The stand-in's PubSub (WebSocket) URL; files written before it listened for subscriptions have none. */
  wsUrl?: string
  /**
   * The cluster's genesis hash (what `getGenesisHash` answers); its first 32 characters are the CAIP-2 reference.
   * Left out, the server asks the RPC for it.
   */
  genesisHash?: string
  accounts: string[]
  mints: DevnetSolanaMint[]
}

/** What a reader takes from the file. */
export interface DevnetFileContents {
  chains: ChainConfig[]
  /** Dev account addresses (keys are dropped). */
  accounts: Address[]
  /** `onramp.sandbox`, when the devnet runs the on-ramp sandbox. */
  onrampSandbox?: DevnetOnrampSandbox
  /** `solana`, when the stack runs the Solana JSON-RPC stand-in. */
  solana?: DevnetSolana
}

/** A chain as the devnet writes it: every contract deployed, ETH the native currency. */
export interface DevnetChain extends ChainConfig {
  nativeSymbol: 'ETH'
  contracts: Required<ChainContracts>
  accountAbstraction: Required<Omit<ChainAccountAbstraction, 'bundlerUrl'>> & { bundlerUrl?: string }
}

export interface DevnetAccount {
  address: Address
  /** anvil's public, well-known test key. */
  privateKey: Hex
}

/** The file as the devnet writes it. */
export interface DevnetInfo {
  chains: DevnetChain[]
  accounts: DevnetAccount[]
  /** Present when the stack runs the sandbox on-ramp (with the server). */
  onramp?: { sandbox?: DevnetOnrampSandbox }
  /** Present when the stack runs the Solana JSON-RPC stand-in (LiteSVM). */
  solana?: DevnetSolana
}

const ADDRESS = 'a 0x-prefixed 20-byte address'
const address = v.pipe(
  v.string(ADDRESS),
  v.regex(EVM_ADDRESS_PATTERN, ADDRESS),
  v.transform((a) => a as Address),
)

const httpUrl = (schemes: readonly string[], expects: string) =>
  v.pipe(
    v.string(expects),
    v.check((value) => {
      try {
        return schemes.includes(new URL(value).protocol)
      } catch {
        return false
      }
    }, expects),
  )

const SECRET = '16 to 512 printable characters without spaces'

const OnrampSandbox = v.object(
  {
    url: v.pipe(
      httpUrl(['http:', 'https:'], 'an http(s) URL'),
      v.transform((u) => u.replace(/\/+$/, '')),
    ),
    webhookSecret: v.pipe(v.string(SECRET), v.regex(/^[\x21-\x7e]{16,512}$/, SECRET)),
  },
  'an object {url, webhookSecret}',
)

const Token = v.pipe(
  v.object(
    {
      address,
      symbol: v.pipe(
        v.string('a symbol of 1 to 32 characters'),
        v.minLength(1, 'a symbol of 1 to 32 characters'),
        v.maxLength(32, 'a symbol of 1 to 32 characters'),
      ),
      name: v.optional(v.string('a name')),
      decimals: v.pipe(
        v.number('an integer from 0 to 36'),
        v.integer('an integer from 0 to 36'),
        v.minValue(0, 'an integer from 0 to 36'),
        v.maxValue(36, 'an integer from 0 to 36'),
      ),
    },
    'an object {address, symbol, decimals (0-36), name?}',
  ),
  v.transform(
    (t): ChainToken => ({ address: t.address, symbol: t.symbol, name: t.name ?? t.symbol, decimals: t.decimals }),
  ),
)

const Nft = v.pipe(
  v.object(
    {
      address,
      name: v.optional(
        v.pipe(v.string('a name of at most 200 characters'), v.maxLength(200, 'a name of at most 200 characters')),
      ),
      symbol: v.optional(
        v.pipe(v.string('a symbol of at most 32 characters'), v.maxLength(32, 'a symbol of at most 32 characters')),
      ),
      spam: v.optional(v.boolean('true or false')),
    },
    'an object {address, name?, symbol?, spam?}',
  ),
  v.transform(
    (n): ChainNft => ({ address: n.address, name: n.name ?? '', symbol: n.symbol ?? '', spam: n.spam ?? false }),
  ),
)

const CONTRACTS = ['weth', 'usd', 'token', 'factory', 'router'] as const

const Contracts = v.pipe(
  v.object(
    Object.fromEntries(CONTRACTS.map((name) => [name, v.nullish(address)])) as Record<
      (typeof CONTRACTS)[number],
      v.NullishSchema<typeof address, undefined>
    >,
    'an object of contract addresses {weth?, usd?, token?, factory?, router?}',
  ),
  v.transform((contracts): ChainContracts => {
    const out: ChainContracts = {}
    for (const name of CONTRACTS) {
      const a = contracts[name]
      if (a) out[name] = a
    }
    return out
  }),
)

const AA_FIELDS = ['simpleAccountFactory', 'simple7702Account', 'paymaster', 'paymasterSigner'] as const

const AccountAbstraction = v.pipe(
  v.object(
    {
      entryPoint: address,
      ...(Object.fromEntries(AA_FIELDS.map((name) => [name, v.nullish(address)])) as Record<
        (typeof AA_FIELDS)[number],
        v.NullishSchema<typeof address, undefined>
      >),
      bundlerUrl: v.nullish(httpUrl(['http:', 'https:'], 'an http(s) URL')),
    },
    'an object {entryPoint, simpleAccountFactory?, simple7702Account?, paymaster?, paymasterSigner?, bundlerUrl?}',
  ),
  v.transform((aa): ChainAccountAbstraction => {
    const out: ChainAccountAbstraction = { entryPoint: aa.entryPoint }
    for (const name of AA_FIELDS) {
      const a = aa[name]
      if (a) out[name] = a
    }
    if (aa.bundlerUrl) out.bundlerUrl = aa.bundlerUrl
    return out
  }),
)

const Chain = v.pipe(
  v.object(
    {
      id: v.pipe(
        v.number('a positive integer chain id'),
        v.safeInteger('a positive integer chain id'),
        v.minValue(1, 'a positive integer chain id'),
      ),
      name: v.pipe(v.string('a non-empty name'), v.trim(), v.minLength(1, 'a non-empty name')),
      rpcUrl: httpUrl(['http:', 'https:', 'ws:', 'wss:'], 'an http(s) or ws(s) URL'),
      nativeSymbol: v.nullish(
        v.pipe(v.string('a short symbol like "ETH"'), v.regex(/^[A-Za-z0-9.$-]{1,16}$/, 'a short symbol like "ETH"')),
        'ETH',
      ),
      contracts: v.nullish(Contracts, {}),
      tokens: v.nullish(v.array(Token, 'an array of tokens'), []),
      nfts: v.nullish(v.array(Nft, 'an array of NFT collections'), []),
      accountAbstraction: v.nullish(AccountAbstraction),
    },
    'an object {id, name, rpcUrl, nativeSymbol?, contracts?, tokens?, nfts?, accountAbstraction?}',
  ),
  v.transform(
    ({ accountAbstraction, ...c }): ChainConfig => ({
      ...c,
      ...(accountAbstraction ? { accountAbstraction } : {}),
    }),
  ),
)

const SOLANA_ADDRESS = 'a base58 Solana address'
const solanaAddress = v.pipe(v.string(SOLANA_ADDRESS), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, SOLANA_ADDRESS))

const GENESIS_HASH = 'a base58 genesis hash'

const SolanaMint = v.object(
  {
    address: solanaAddress,
    symbol: v.pipe(
      v.string('a symbol of 1 to 32 characters'),
      v.minLength(1, 'a symbol of 1 to 32 characters'),
      v.maxLength(32, 'a symbol of 1 to 32 characters'),
    ),
    name: v.nullish(v.string('a name'), ''),
    decimals: v.pipe(
      v.number('an integer from 0 to 18'),
      v.integer('an integer from 0 to 18'),
      v.minValue(0, 'an integer from 0 to 18'),
      v.maxValue(18, 'an integer from 0 to 18'),
    ),
    programId: solanaAddress,
  },
  'an object {address, symbol, decimals, programId, name?}',
)

const Solana = v.object(
  {
    name: v.nullish(v.string('a name'), 'Solana JSON-RPC stand-in (LiteSVM)'),
    rpcUrl: httpUrl(['http:', 'https:'], 'an http(s) URL'),
    wsUrl: v.optional(httpUrl(['ws:', 'wss:'], 'a ws(s) URL')),
    genesisHash: v.optional(v.pipe(v.string(GENESIS_HASH), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, GENESIS_HASH))),
    accounts: v.nullish(v.array(solanaAddress, 'an array of Solana addresses'), []),
    mints: v.nullish(v.array(SolanaMint, 'an array of mints'), []),
  },
  'an object {rpcUrl, wsUrl?, genesisHash?, accounts?, mints?, name?}',
)

const Account = v.pipe(
  v.union([address, v.object({ address }, ADDRESS)], 'an address or {address}'),
  v.transform((a): Address => (typeof a === 'string' ? a : a.address)),
)

/** The devnet file as the server reads it (see the module's comment for what is lenient). */
export const DevnetFileSchema: v.GenericSchema<unknown, DevnetFileContents> = v.pipe(
  v.object(
    {
      chains: v.nullish(
        v.pipe(
          v.array(Chain, 'an array of chains'),
          v.rawCheck(({ dataset, addIssue }) => {
            const chains: unknown = dataset.value
            if (!Array.isArray(chains)) return
            const seen = new Set<unknown>()
            chains.forEach((chain: unknown, index) => {
              const id = typeof chain === 'object' && chain !== null ? (chain as { id?: unknown }).id : undefined
              if (typeof id !== 'number') return
              if (seen.has(id))
                addIssue({
                  message: 'a chain id not used before in the file',
                  input: id,
                  path: [
                    { type: 'array', origin: 'value', input: chains, key: index, value: chain },
                    { type: 'object', origin: 'value', input: chain as Record<string, unknown>, key: 'id', value: id },
                  ],
                })
              seen.add(id)
            })
          }),
        ),
        [],
      ),
      accounts: v.nullish(v.array(Account, 'an array of accounts'), []),
      onramp: v.nullish(v.object({ sandbox: v.nullish(OnrampSandbox) }, 'an object {sandbox: {url, webhookSecret}}')),
      solana: v.nullish(Solana),
    },
    'a JSON object {chains, accounts}',
  ),
  v.transform(
    (file): DevnetFileContents => ({
      chains: file.chains,
      accounts: file.accounts,
      ...(file.onramp?.sandbox ? { onrampSandbox: file.onramp.sandbox } : {}),
      ...(file.solana ? { solana: file.solana } : {}),
    }),
  ),
)

/** Fields whose values are secrets: never shown in an error line. */
export const DEVNET_FILE_SECRET_FIELDS = ['webhookSecret', 'privateKey'] as const
