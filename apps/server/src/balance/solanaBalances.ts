/**
 * Balances on Solana: native SOL (`getBalance`) and SPL tokens (`getTokenAccountsByOwner`, jsonParsed, for the
 * Token and the Token-2022 program), read over plain JSON-RPC from the chain the devnet file's `solana` block
 * names. No price source exists for Solana tokens, so every holding is unpriced (`priced: false`).
 */
import type { AccountBalance, SolanaCaipChainId } from '@foyer/core/protocol'
import { formatUnits } from 'viem'
import { type ImageBase, tokenMarkUrl } from '../catalogue/marks.ts'
import type { DevnetSolana } from '../chains/devnetFile.ts'
import { ApiError } from '../http/errors.ts'

/** The public clusters, by genesis hash: the first 32 characters of each are its CAIP-2 reference. */
export const SOLANA_CLUSTERS = [
  { cluster: 'mainnet', genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d', name: 'Solana' },
  { cluster: 'devnet', genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG', name: 'Solana Devnet' },
  { cluster: 'testnet', genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY', name: 'Solana Testnet' },
] as const

/** The public clusters' RPC URLs the operator set (FOYER_SOLANA_MAINNET/DEVNET/TESTNET_RPC_URL). */
export type SolanaClusterUrls = Partial<Record<(typeof SOLANA_CLUSTERS)[number]['cluster'], string>>

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const SOL_DECIMALS = 9

/** A Solana chain the server serves: its CAIP-2 id, name, RPC and the mints it knows by name. */
export interface SolanaChain {
  chainId: SolanaCaipChainId
  name: string
  rpcUrl: string
  mints: DevnetSolana['mints']
  /**
   * Whether the server's indexer follows it (the devnet file's local chain), so history comes from the database;
   * a public cluster's history is read through its RPC instead.
   */
  indexed: boolean
  /** The full genesis hash. */
  genesisHash: string
}

export const solanaCaipChainId = (genesisHash: string): SolanaCaipChainId => `solana:${genesisHash.slice(0, 32)}`

/** A JSON-RPC call to a Solana node; a node error or a bad answer throws (the route makes it `chain_unavailable`). */
export async function callSolana<T>(rpcUrl: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`)
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.code} ${body.error.message}`)
  if (!('result' in body)) throw new Error(`${method}: no result`)
  return body.result as T
}

/**
 * The Solana chains of this server: the devnet file's `solana` block, if any, then the public clusters the operator
 * set an RPC URL for. The block's CAIP-2 id comes from its `genesisHash`, else from the node's `getGenesisHash`
 * (asked once, on first use; a failure is asked again next time); a public cluster's hash gives it the cluster's
 * name. Only a chain that is no public cluster is indexed (a cluster is far too large to index here).
 */
export class SolanaChains {
  #resolved: Promise<SolanaChain[]> | undefined

  constructor(
    private readonly block: DevnetSolana | undefined,
    private readonly timeoutMs: number,
    private readonly clusters: SolanaClusterUrls = {},
  ) {}

  /** Whether any Solana chain is configured (no RPC asked). */
  get configured(): boolean {
    return this.block !== undefined || Object.values(this.clusters).some(Boolean)
  }

  list(): Promise<SolanaChain[]> {
    const block = this.block
    this.#resolved ??= (async () => {
      const chains: SolanaChain[] = []
      if (block) {
        const genesisHash =
          block.genesisHash ?? (await callSolana<string>(block.rpcUrl, 'getGenesisHash', [], this.timeoutMs))
        const cluster = SOLANA_CLUSTERS.find((c) => c.genesisHash === genesisHash)
        chains.push({
          chainId: solanaCaipChainId(genesisHash),
          name: cluster?.name ?? block.name,
          rpcUrl: block.rpcUrl,
          mints: block.mints,
          indexed: cluster === undefined,
          genesisHash,
        })
      }
      for (const cluster of SOLANA_CLUSTERS) {
        const rpcUrl = this.clusters[cluster.cluster]
        const chainId = solanaCaipChainId(cluster.genesisHash)
        if (!rpcUrl || chains.some((c) => c.chainId === chainId)) continue
        chains.push({
          chainId,
          name: cluster.name,
          rpcUrl,
          mints: [],
          indexed: false,
          genesisHash: cluster.genesisHash,
        })
      }
      return chains
    })().catch((error: unknown) => {
      this.#resolved = undefined
      throw error
    })
    return this.#resolved
  }
}

/** 400 `unknown_chain`, as for an EVM chain the server does not serve, listing the Solana chains it does. */
export function unknownSolanaChain(chainId: SolanaCaipChainId, chains: readonly SolanaChain[]): ApiError {
  const served = chains.map((c) => c.chainId)
  return new ApiError(
    400,
    'unknown_chain',
    `Chain ${chainId} is not served by this Foyer server${served.length ? ` (it serves ${served.join(', ')})` : ' (no Solana chains are configured)'}`,
    { details: { chainId, served } },
  )
}

/** 502 `chain_unavailable`: the Solana RPC did not answer. */
export function solanaChainUnavailable(chain: { chainId: string; name: string }, cause: unknown): ApiError {
  return new ApiError(
    502,
    'chain_unavailable',
    `The RPC endpoint of chain ${chain.chainId} (${chain.name}) did not answer; try again shortly`,
    { cause },
  )
}

interface ParsedTokenAccount {
  account: {
    data: {
      parsed: {
        info: { mint: string; tokenAmount: { amount: string; decimals: number } }
      }
    }
  }
}

/**
 * SOL, then every SPL token the account holds (Token and Token-2022, summed per mint, zero amounts left out) by
 * symbol. Known mints (the devnet file's) carry their symbol and name; another mint is named by its address.
 */
export async function readSolanaBalances(
  chain: SolanaChain,
  owner: string,
  { timeoutMs, images }: { timeoutMs: number; images: ImageBase },
): Promise<AccountBalance[]> {
  const tokenAccounts = (programId: string) =>
    callSolana<{ value: ParsedTokenAccount[] }>(
      chain.rpcUrl,
      'getTokenAccountsByOwner',
      [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
      timeoutMs,
    )
  try {
    const [lamports, classic, token2022] = await Promise.all([
      callSolana<{ value: number }>(chain.rpcUrl, 'getBalance', [owner, { commitment: 'confirmed' }], timeoutMs),
      tokenAccounts(TOKEN_PROGRAM),
      tokenAccounts(TOKEN_2022_PROGRAM),
    ])
    const held = new Map<string, { amount: bigint; decimals: number }>()
    for (const { account } of [...classic.value, ...token2022.value]) {
      const { mint, tokenAmount } = account.data.parsed.info
      const before = held.get(mint)
      held.set(mint, { amount: (before?.amount ?? 0n) + BigInt(tokenAmount.amount), decimals: tokenAmount.decimals })
    }
    const holding = (
      symbol: string,
      name: string,
      decimals: number,
      amount: bigint,
      mint?: string,
      iconUrl: string | null = null,
    ): AccountBalance => ({
      name,
      symbol,
      chainId: chain.chainId,
      ...(mint ? { address: `${chain.chainId}:${mint}` as const } : {}),
      decimals,
      quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
      raw: amount.toString(),
      price: 0,
      priced: false,
      value: 0,
      iconUrl,
    })
    const tokens = [...held]
      .filter(([, { amount }]) => amount > 0n)
      .map(([mint, { amount, decimals }]) => {
        const known = chain.mints.find((m) => m.address === mint)
        return known
          ? holding(
              known.symbol,
              known.name || known.symbol,
              known.decimals,
              amount,
              mint,
              tokenMarkUrl(images, known.symbol),
            )
          : holding(mint, mint, decimals, amount, mint)
      })
      .sort((a, b) => a.symbol.localeCompare(b.symbol))
    const native = holding(
      'SOL',
      'Solana',
      SOL_DECIMALS,
      BigInt(lamports.value),
      undefined,
      tokenMarkUrl(images, 'SOL'),
    )
    return [native, ...tokens]
  } catch (error) {
    throw solanaChainUnavailable(chain, error)
  }
}
