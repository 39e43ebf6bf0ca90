import type { NameAttributes } from '../protocol/names.ts'

export { nameCoinType } from './nameCoinType.ts'

export type CreateNameMessageParameters = {
  /** The full name (`alice.foyer.id`) or the label alone (the server adds its suffix); sent lower-case. */
  name: string
  /** Shown with the name: `avatar` (an https, http or ipfs URL), `bio` (up to 280 characters). */
  attributes?: NameAttributes
  /** Unix seconds; now when absent. The server takes messages up to 5 minutes old (60 s ahead of its clock). */
  timestamp?: number
}

/**
 * The text a wallet signs (EIP-191 personal_sign) to register a name with `registerAccountName`:
 * `{"name":"alice.foyer.id","attributes":{},"timestamp":1764000000}`.
 *
 * @example
 * const message = createNameMessage({ name: 'alice.foyer.id', attributes: { avatar: 'https://…/me.png' } })
 * const signature = await adapter.signMessage({ message })
 */
export function createNameMessage({ name, attributes = {}, timestamp }: CreateNameMessageParameters): string {
  return JSON.stringify({
    name: name.trim().toLowerCase(),
    attributes,
    timestamp: timestamp ?? Math.floor(Date.now() / 1000),
  })
}
