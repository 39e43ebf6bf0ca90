/**
 * The chains and dev accounts the server reads from the devnet file (FOYER_DEVNET_FILE). Its format is the devnet's
 * (`@foyer/devnet/file-schema`): the devnet writes the file, and hand-written chain files use the same shape.
 */
import { existsSync, readFileSync } from 'node:fs'
import type * as DevnetFormat from '@foyer/devnet/file-schema'
import { DEVNET_FILE_SECRET_FIELDS, DevnetFileSchema } from '@foyer/devnet/file-schema'
import * as v from 'valibot'
import type { Issue } from '../http/errors.ts'
import { settingIssues } from '../settings/issues.ts'

// Named here (not re-exported) so the server's bundled type declarations carry them under these names.
export type Address = DevnetFormat.Address
export type ChainConfig = DevnetFormat.ChainConfig
export type ChainContracts = DevnetFormat.ChainContracts
export type ChainNft = DevnetFormat.ChainNft
export type ChainToken = DevnetFormat.ChainToken
export type DevnetOnrampSandbox = DevnetFormat.DevnetOnrampSandbox
export type DevnetSolana = DevnetFormat.DevnetSolana

/** What the server takes from the devnet file. */
export type DevnetInfo = DevnetFormat.DevnetFileContents

/** Reads and parses the devnet file; undefined when it does not exist or is bad (then `issues` says why). */
export function readDevnetFile(file: string, issues: Issue[]): DevnetInfo | undefined {
  if (!existsSync(file)) return undefined
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    issues.push({ path: 'FOYER_DEVNET_FILE', message: `cannot read ${file} (${(e as Error).message})` })
    return undefined
  }
  return parseDevnetFile(text, issues)
}

/**
 * Parses the devnet description: `{ chains: [{ id, name, rpcUrl, nativeSymbol, contracts, tokens, nfts }],
 * accounts: [...], onramp?: { sandbox: { url, webhookSecret } } }`. Problems go to `issues`, under `path`.
 */
export function parseDevnetFile(text: string, issues: Issue[], path = 'FOYER_DEVNET_FILE'): DevnetInfo | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    issues.push({ path, message: `got text that is not JSON (${(e as Error).message}), expected a JSON object` })
    return undefined
  }
  const result = v.safeParse(DevnetFileSchema, json)
  if (result.success) return result.output
  issues.push(...settingIssues(path, json, result.issues, { secretFields: DEVNET_FILE_SECRET_FIELDS }))
  return undefined
}
