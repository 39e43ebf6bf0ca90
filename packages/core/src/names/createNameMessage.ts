import type { NameAttributes } from '../protocol/names.ts'

export { nameCoinType } from './nameCoinType.ts'

export type CreateNameMessageParameters = {
  /** The full name (`alice.foyer.id`) or the label alone (the server adds its suffix); sent lower-case. */
  name: string
  /** The account the name is registered to: the `address` the registration is sent with. */
  address: string
  /** The EVM chain the message is signed on: the chain of the coin type the registration is sent with. */
  chainId: number
  /** The project the registration is sent through (the client's `projectId`). */
  project: string
  /** Shown with the name: `avatar` (an https, http or ipfs URL), `bio` (up to 280 characters). */
  attributes?: NameAttributes
  /** Unix seconds; now when absent. The server takes messages up to 5 minutes old (60 s ahead of its clock). */
  timestamp?: number
}

/**
 * The text a wallet signs (EIP-191 personal_sign) to register a name with `registerAccountName`:
 * `{"name":"alice.foyer.id","address":"0x…","chainId":1,"project":"my-site","attributes":{},"timestamp":1764000000}`.
 * It binds every field the registration uses: the server refuses it (`message_mismatch`) when sent for another
 * address, another chain's coin type or through another project. The server takes it exactly as written here
 * (compact JSON, each key once); sign and send this text unchanged.
 *
 * @example
 * const message = createNameMessage({ name: 'alice.foyer.id', address, chainId: 1, project: 'my-site' })
 * const signature = await adapter.signMessage({ message })
 */
export function createNameMessage({
  name,
  address,
  chainId,
  project,
  attributes = {},
  timestamp,
}: CreateNameMessageParameters): string {
  return JSON.stringify({
    name: name.trim().toLowerCase(),
    address,
    chainId,
    project,
    attributes,
    timestamp: timestamp ?? Math.floor(Date.now() / 1000),
  })
}
