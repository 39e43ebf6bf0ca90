/** The chains and dev accounts the server reads from the devnet file (FOYER_DEVNET_FILE) that apps/devnet writes. */

import { existsSync, readFileSync } from 'node:fs'
import { EVM_ADDRESS_PATTERN } from '@foyer/core/protocol'
import type { Issue } from '../http/errors.ts'
import { isPlainObject } from '../projects/model.ts'

export type Address = `0x${string}`

export interface ChainContracts {
  weth?: Address
  usd?: Address
  token?: Address
  factory?: Address
  router?: Address
}

export interface ChainToken {
  address: Address
  symbol: string
  name: string
  decimals: number
}

/** An NFT collection the devnet deployed; `spam` marks collections the Activity view hides. */
export interface ChainNft {
  address: Address
  name: string
  symbol: string
  spam: boolean
}

export interface ChainConfig {
  id: number
  name: string
  rpcUrl: string
  nativeSymbol: string
  contracts: ChainContracts
  tokens: ChainToken[]
  nfts: ChainNft[]
}

/** The on-ramp sandbox the devnet runs (apps/devnet/src/onramp-sandbox): its checkout's origin and webhook secret. */
export interface DevnetOnrampSandbox {
  url: string
  webhookSecret: string
}

/** What the server takes from the devnet file. */
export interface DevnetInfo {
  chains: ChainConfig[]
  accounts: Address[]
  /** `onramp.sandbox`, when the devnet runs the on-ramp sandbox. */
  onrampSandbox?: DevnetOnrampSandbox
}

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
 * Parses the devnet description written by apps/devnet:
 * `{ chains: [{ id, name, rpcUrl, nativeSymbol, contracts: {weth,usd,token,factory,router}, tokens: [...], nfts: [...] }], accounts: [...],
 *   onramp?: { sandbox: { url, webhookSecret } } }`.
 * Unknown fields are ignored; private keys in `accounts` are dropped.
 */
export function parseDevnetFile(text: string, issues: Issue[], path = 'FOYER_DEVNET_FILE'): DevnetInfo | undefined {
  const before = issues.length
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    issues.push({ path, message: `is not valid JSON (${(e as Error).message})` })
    return undefined
  }
  if (!isPlainObject(json)) {
    issues.push({ path, message: 'must hold a JSON object {chains, accounts}' })
    return undefined
  }
  const chains: ChainConfig[] = []
  const rawChains = json.chains ?? []
  if (!Array.isArray(rawChains)) issues.push({ path: `${path}.chains`, message: 'must be an array' })
  else {
    rawChains.forEach((c, i) => {
      const chain = parseChain(c, `${path}.chains[${i}]`, issues)
      if (!chain) return
      if (chains.some((x) => x.id === chain.id)) {
        issues.push({ path: `${path}.chains[${i}].id`, message: `duplicate chain id ${chain.id}` })
      } else chains.push(chain)
    })
  }
  const accounts: Address[] = []
  const rawAccounts = json.accounts ?? []
  if (!Array.isArray(rawAccounts)) issues.push({ path: `${path}.accounts`, message: 'must be an array' })
  else {
    rawAccounts.forEach((a, i) => {
      const address = typeof a === 'string' ? a : isPlainObject(a) ? a.address : undefined
      if (typeof address !== 'string' || !EVM_ADDRESS_PATTERN.test(address)) {
        issues.push({ path: `${path}.accounts[${i}]`, message: 'must be an address or {address}' })
      } else accounts.push(address as Address)
    })
  }
  const onrampSandbox = parseOnrampSandbox(json.onramp, `${path}.onramp`, issues)
  if (issues.length > before) return undefined
  return onrampSandbox ? { chains, accounts, onrampSandbox } : { chains, accounts }
}

/** `onramp: { sandbox: { url, webhookSecret } }`; absent or null: no sandbox. */
function parseOnrampSandbox(value: unknown, path: string, issues: Issue[]): DevnetOnrampSandbox | undefined {
  if (value === undefined || value === null) return undefined
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be an object {sandbox: {url, webhookSecret}}' })
    return undefined
  }
  const sandbox = value.sandbox
  if (sandbox === undefined || sandbox === null) return undefined
  if (!isPlainObject(sandbox)) {
    issues.push({ path: `${path}.sandbox`, message: 'must be an object {url, webhookSecret}' })
    return undefined
  }
  const { url, webhookSecret } = sandbox
  let urlOk = false
  if (typeof url === 'string') {
    try {
      urlOk = ['http:', 'https:'].includes(new URL(url).protocol)
    } catch {
      urlOk = false
    }
  }
  if (!urlOk) issues.push({ path: `${path}.sandbox.url`, message: 'must be an http(s) URL' })
  // A secret: only its shape is reported.
  const secretOk = typeof webhookSecret === 'string' && /^[\x21-\x7e]{16,512}$/.test(webhookSecret)
  if (!secretOk)
    issues.push({
      path: `${path}.sandbox.webhookSecret`,
      message: 'must be 16 to 512 printable characters without spaces',
    })
  if (!urlOk || !secretOk) return undefined
  return { url: (url as string).replace(/\/+$/, ''), webhookSecret: webhookSecret as string }
}

function parseChain(value: unknown, path: string, issues: Issue[]): ChainConfig | undefined {
  const before = issues.length
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be an object' })
    return undefined
  }
  const { id, name, rpcUrl } = value
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    issues.push({ path: `${path}.id`, message: 'must be a positive integer chain id' })
  }
  if (typeof name !== 'string' || name.trim() === '')
    issues.push({ path: `${path}.name`, message: 'must be a non-empty string' })
  let rpcOk = false
  if (typeof rpcUrl === 'string') {
    try {
      rpcOk = ['http:', 'https:', 'ws:', 'wss:'].includes(new URL(rpcUrl).protocol)
    } catch {
      rpcOk = false
    }
  }
  if (!rpcOk) issues.push({ path: `${path}.rpcUrl`, message: 'must be an http(s) or ws(s) URL' })
  const nativeSymbol = value.nativeSymbol ?? 'ETH'
  if (typeof nativeSymbol !== 'string' || !/^[A-Za-z0-9.$-]{1,16}$/.test(nativeSymbol)) {
    issues.push({ path: `${path}.nativeSymbol`, message: 'must be a short symbol like "ETH"' })
  }
  const contracts: ChainContracts = {}
  const rawContracts = value.contracts ?? {}
  if (!isPlainObject(rawContracts)) issues.push({ path: `${path}.contracts`, message: 'must be an object' })
  else {
    for (const key of ['weth', 'usd', 'token', 'factory', 'router'] as const) {
      const a = rawContracts[key]
      if (a === undefined || a === null) continue
      if (typeof a !== 'string' || !EVM_ADDRESS_PATTERN.test(a)) {
        issues.push({ path: `${path}.contracts.${key}`, message: 'must be a 0x-prefixed 20-byte address' })
      } else contracts[key] = a as Address
    }
  }
  const tokens: ChainToken[] = []
  const rawTokens = value.tokens ?? []
  if (!Array.isArray(rawTokens)) issues.push({ path: `${path}.tokens`, message: 'must be an array' })
  else {
    rawTokens.forEach((t, i) => {
      const p = `${path}.tokens[${i}]`
      if (!isPlainObject(t)) {
        issues.push({ path: p, message: 'must be an object {address, symbol, decimals}' })
        return
      }
      const ok =
        typeof t.address === 'string' &&
        EVM_ADDRESS_PATTERN.test(t.address) &&
        typeof t.symbol === 'string' &&
        t.symbol.length > 0 &&
        t.symbol.length <= 32 &&
        typeof t.decimals === 'number' &&
        Number.isInteger(t.decimals) &&
        t.decimals >= 0 &&
        t.decimals <= 36 &&
        (t.name === undefined || typeof t.name === 'string')
      if (!ok) {
        issues.push({ path: p, message: 'must be {address, symbol, decimals (0-36), name?}' })
        return
      }
      tokens.push({
        address: t.address as Address,
        symbol: t.symbol as string,
        name: (t.name as string | undefined) ?? (t.symbol as string),
        decimals: t.decimals as number,
      })
    })
  }
  const nfts: ChainNft[] = []
  const rawNfts = value.nfts ?? []
  if (!Array.isArray(rawNfts)) issues.push({ path: `${path}.nfts`, message: 'must be an array' })
  else {
    rawNfts.forEach((n, i) => {
      const p = `${path}.nfts[${i}]`
      const ok =
        isPlainObject(n) &&
        typeof n.address === 'string' &&
        EVM_ADDRESS_PATTERN.test(n.address) &&
        (n.name === undefined || (typeof n.name === 'string' && n.name.length <= 200)) &&
        (n.symbol === undefined || (typeof n.symbol === 'string' && n.symbol.length <= 32)) &&
        (n.spam === undefined || typeof n.spam === 'boolean')
      if (!ok) {
        issues.push({ path: p, message: 'must be {address, name?, symbol?, spam?: boolean}' })
        return
      }
      const nft = n as Record<string, unknown>
      nfts.push({
        address: nft.address as Address,
        name: (nft.name as string | undefined) ?? '',
        symbol: (nft.symbol as string | undefined) ?? '',
        spam: (nft.spam as boolean | undefined) ?? false,
      })
    })
  }
  if (issues.length > before) return undefined
  return {
    id: id as number,
    name: (name as string).trim(),
    rpcUrl: rpcUrl as string,
    nativeSymbol: nativeSymbol as string,
    contracts,
    tokens,
    nfts,
  }
}
