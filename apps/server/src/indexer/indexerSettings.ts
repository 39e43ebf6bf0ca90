import { CaipAccountId } from '@foyer/core/protocol'
import * as v from 'valibot'
import type { Issue } from '../http/errors.ts'

/** How the server runs its indexer (environment: see docs/configuration.md, "Indexer"). */
export interface IndexerSettings {
  /** FOYER_INDEXER: follow the configured chains (default true). */
  enabled: boolean
  /** FOYER_INDEXER_POLL_MS: pause once caught up (default 500). */
  pollMs: number
  /** FOYER_INDEXER_BATCH: blocks per step (default 100). */
  batchSize: number
  /** FOYER_SPAM_NFTS: extra spam NFT collections, `eip155:<chainId>:0x…`, comma-separated. */
  spamNfts: { chainId: number; address: `0x${string}` }[]
}

export const DEFAULT_INDEXER_SETTINGS: IndexerSettings = { enabled: true, pollMs: 500, batchSize: 100, spamNfts: [] }

/** Reads the indexer's variables; problems go to `issues` (the server then refuses to start, listing them). */
export function parseIndexerSettings(get: (name: string) => string | undefined, issues: Issue[]): IndexerSettings {
  const settings: IndexerSettings = { ...DEFAULT_INDEXER_SETTINGS, spamNfts: [] }
  const enabled = get('FOYER_INDEXER')
  if (enabled !== undefined) {
    const l = enabled.toLowerCase()
    if (['1', 'true', 'yes', 'on'].includes(l)) settings.enabled = true
    else if (['0', 'false', 'no', 'off'].includes(l)) settings.enabled = false
    else issues.push({ path: 'FOYER_INDEXER', message: `must be true or false (got ${JSON.stringify(enabled)})` })
  }
  const integer = (name: string, min: number, max: number): number | undefined => {
    const raw = get(name)
    if (raw === undefined) return undefined
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN
    if (!Number.isInteger(n) || n < min || n > max) {
      issues.push({ path: name, message: `must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})` })
      return undefined
    }
    return n
  }
  settings.pollMs = integer('FOYER_INDEXER_POLL_MS', 50, 600_000) ?? settings.pollMs
  settings.batchSize = integer('FOYER_INDEXER_BATCH', 1, 2_000) ?? settings.batchSize
  const spam = get('FOYER_SPAM_NFTS')
  if (spam !== undefined) {
    for (const entry of spam
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const nft = v.safeParse(CaipAccountId, entry)
      if (!nft.success)
        issues.push({ path: 'FOYER_SPAM_NFTS', message: `${JSON.stringify(entry)} is not eip155:<chainId>:0x<40 hex>` })
      else
        settings.spamNfts.push({
          chainId: nft.output.chainId,
          address: nft.output.address.toLowerCase() as `0x${string}`,
        })
    }
  }
  return settings
}
