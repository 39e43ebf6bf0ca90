import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { nameRegister } from '../protocol/endpoints/names.ts'
import type { NameRecord, RegisterNameBodyInput } from '../protocol/names.ts'
import { RegisterNameError } from './nameErrors.ts'

export type RegisterAccountNameParameters = {
  /** `nameCoinType(chainId)` of the chain the message was signed on. */
  coinType: number
  /** The signing account. */
  address: string
  /** `createNameMessage({ name, address, chainId, project, attributes })`, exactly as signed. */
  message: string
  /** The account's EIP-191 (personal_sign) signature of `message`: EOA, ERC-1271 or ERC-6492. */
  signature: string
  signal?: AbortSignal
}

export type RegisterAccountNameReturnType = NameRecord
export type RegisterAccountNameErrorType = RegisterNameError

/**
 * Registers the name in `message` to `address` (`POST /v1/profile/account`); the newest name of an address becomes
 * its primary name. Sending it again for a name the address owns, with a later message, replaces its attributes.
 * Throws `RegisterNameError` ("Error registering name"; `reason` is the server's code: `name_taken` when another
 * address has it, `invalid_signature`, `invalid_name`, `invalid_coin_type`, `message_mismatch` (the message is for another address, chain or project),
 * `stale_message` …), or
 * `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const message = createNameMessage({ name: 'alice.foyer.id', address, chainId: 31337, project: 'my-site' })
 * const signature = await adapter.signMessage({ message })
 * const record = await registerAccountName(client, { coinType: nameCoinType(31337), address, message, signature })
 */
export async function registerAccountName(
  client: { api?: ApiClient },
  { coinType, address, message, signature, signal }: RegisterAccountNameParameters,
): Promise<RegisterAccountNameReturnType> {
  const api = requireApi(client, 'account names')
  try {
    const body = { coin_type: coinType, address, message, signature } satisfies RegisterNameBodyInput
    return await api.call(nameRegister, { body }, { signal })
  } catch (error) {
    throw new RegisterNameError({ cause: error })
  }
}
