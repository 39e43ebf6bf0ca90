/**
 * Reading SPL Token and Token-2022 accounts as the Solana JSON-RPC shows them: the `jsonParsed` form of mints and
 * token accounts, and the `uiTokenAmount` of transaction metadata. Both programs share the base layouts (a mint is
 * 82 bytes, a token account 165); a Token-2022 account with extensions is longer and says which it is in the byte
 * after the 165 — the extensions themselves are not parsed here.
 */
import type { Address, ReadonlyUint8Array } from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
export { TOKEN_PROGRAM_ADDRESS }

const MINT_SIZE = 82
const TOKEN_ACCOUNT_SIZE = 165
/** Token-2022's account-type byte, right after the base account's 165 bytes. */
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

export const isTokenProgram = (owner: string) => owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022_PROGRAM_ADDRESS

/** The `program` name that jsonParsed data carries for each token program. */
export const tokenProgramName = (owner: string) => (owner === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022')

export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

/** `amount` in base units as the RPC shows it: a string, the float, and the exact decimal string without trailing zeros. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

export interface ParsedTokenAccount {
  mint: Address
  owner: Address
  amount: bigint
  delegate: Address | null
  delegatedAmount: bigint
  state: 'uninitialized' | 'initialized' | 'frozen'
  isNative: boolean
  closeAuthority: Address | null
}

export interface ParsedMint {
  mintAuthority: Address | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: Address | null
}

const kind = (data: ReadonlyUint8Array): 'mint' | 'account' | undefined => {
  if (data.length === MINT_SIZE) return 'mint'
  if (data.length === TOKEN_ACCOUNT_SIZE) return 'account'
  if (data.length > TOKEN_ACCOUNT_SIZE) {
    if (data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT) return 'mint'
    if (data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT) return 'account'
  }
  return undefined
}

const optionValue = <T>(option: { __option: 'Some'; value: T } | { __option: 'None' }): T | null =>
  option.__option === 'Some' ? option.value : null

const STATES = ['uninitialized', 'initialized', 'frozen'] as const

/** A token account of either program, or undefined when the data is not one (or not initialized). */
export function parseTokenAccount(owner: string, data: ReadonlyUint8Array): ParsedTokenAccount | undefined {
  if (!isTokenProgram(owner) || kind(data) !== 'account') return undefined
  const t = getTokenDecoder().decode(data.subarray(0, TOKEN_ACCOUNT_SIZE))
  if (t.state === 0) return undefined
  return {
    mint: t.mint,
    owner: t.owner,
    amount: t.amount,
    delegate: optionValue(t.delegate),
    delegatedAmount: t.delegatedAmount,
    state: STATES[t.state] ?? 'initialized',
    isNative: t.isNative.__option === 'Some',
    closeAuthority: optionValue(t.closeAuthority),
  }
}

/** A mint of either program, or undefined when the data is not one (or not initialized). */
export function parseMint(owner: string, data: ReadonlyUint8Array): ParsedMint | undefined {
  if (!isTokenProgram(owner) || kind(data) !== 'mint') return undefined
  const m = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
  if (!m.isInitialized) return undefined
  return {
    mintAuthority: optionValue(m.mintAuthority),
    supply: m.supply,
    decimals: m.decimals,
    isInitialized: m.isInitialized,
    freezeAuthority: optionValue(m.freezeAuthority),
  }
}

/** The `parsed` object of a token program account in jsonParsed encoding; `decimals` looks up the account's mint. */
export function jsonParsedTokenData(
  owner: string,
  data: ReadonlyUint8Array,
  decimalsOf: (mint: Address) => number | undefined,
): { program: string; parsed: { type: string; info: Record<string, unknown> }; space: number } | undefined {
  const program = tokenProgramName(owner)
  const mint = parseMint(owner, data)
  if (mint)
    return {
      program,
      space: data.length,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
    }
  const account = parseTokenAccount(owner, data)
  if (!account) return undefined
  const decimals = decimalsOf(account.mint)
  if (decimals === undefined) return undefined
  const info: Record<string, unknown> = {
    isNative: account.isNative,
    mint: account.mint,
    owner: account.owner,
    state: account.state,
    tokenAmount: uiTokenAmount(account.amount, decimals),
  }
  if (account.delegate) {
    info.delegate = account.delegate
    info.delegatedAmount = uiTokenAmount(account.delegatedAmount, decimals)
  }
  if (account.closeAuthority) info.closeAuthority = account.closeAuthority
  return { program, space: data.length, parsed: { type: 'account', info } }
}
