import * as v from 'valibot'
import { chainIdOfNameCoinType, isValidNameLabel, NAME_RULE_TEXT } from './nameRules.ts'
import { EvmAddress, objectMessage } from './primitives.ts'

/**
 * The account-name API (`/v1/profile/…`): look a name up, list an address's names, suggest free names and register
 * one with a signed message. Names are `<label>.<suffix>` (nameRules.ts); the suffix is the server's, so whether a
 * full name ends in it is checked by the server, not here.
 */

const NAME_MESSAGE = `must be a name of ${NAME_RULE_TEXT}, alone or followed by this server’s suffix (alice or alice.foyer.id)`

/** The most a name may be as typed: a 63-character label, a dot and a suffix. */
export const MAX_NAME_LENGTH = 253

/** A name as typed: its label must fit the rule; what follows the first dot is checked against the server's suffix. */
export const NameInput = v.pipe(
  v.string(NAME_MESSAGE),
  v.maxLength(MAX_NAME_LENGTH, NAME_MESSAGE),
  v.check((text) => isValidNameLabel(text.trim().split('.')[0]), NAME_MESSAGE),
)

/** `GET /v1/profile/account/{name}` and `GET /v1/profile/suggestions/{name}` path. */
export const NameParams = v.object({ name: NameInput })

const AVATAR_MESSAGE = 'must be an https, http or ipfs URL of at most 2048 characters'
const BIO_MESSAGE = 'must be text of at most 280 characters'
/** The most bytes a signed name message may have. */
export const MAX_NAME_MESSAGE_LENGTH = 4096

/** What a name says about its owner. Only these keys are kept. */
export const NameAttributes = v.strictObject(
  {
    avatar: v.optional(
      v.pipe(
        v.string(AVATAR_MESSAGE),
        v.maxLength(2048, AVATAR_MESSAGE),
        v.regex(/^(?:https?|ipfs):\/\/\S+$/i, AVATAR_MESSAGE),
      ),
    ),
    bio: v.optional(v.pipe(v.string(BIO_MESSAGE), v.maxLength(280, BIO_MESSAGE))),
  },
  'must be an object with avatar and bio only',
)
export type NameAttributes = v.InferOutput<typeof NameAttributes>

const TIMESTAMP_MESSAGE = 'must be the signing time in whole seconds since 1970'
const CHAIN_ID_MESSAGE = 'must be the EVM chain id the message is signed for, from 1 to 2147483647'
const PROJECT_MESSAGE = 'must be the id of the project the name is registered through'

const nameMessageEntries = {
  name: NameInput,
  address: EvmAddress,
  chainId: v.pipe(
    v.number(CHAIN_ID_MESSAGE),
    v.safeInteger(CHAIN_ID_MESSAGE),
    v.minValue(1, CHAIN_ID_MESSAGE),
    v.maxValue(0x7fffffff, CHAIN_ID_MESSAGE),
  ),
  project: v.pipe(v.string(PROJECT_MESSAGE), v.minLength(1, PROJECT_MESSAGE), v.maxLength(128, PROJECT_MESSAGE)),
  attributes: v.optional(NameAttributes, {}),
  timestamp: v.pipe(v.number(TIMESTAMP_MESSAGE), v.safeInteger(TIMESTAMP_MESSAGE), v.minValue(0, TIMESTAMP_MESSAGE)),
}

/** The keys of a signed name message, in the order `createNameMessage` writes them (for the error message). */
const NAME_MESSAGE_KEYS = ['name', 'address', 'chainId', 'project', 'attributes', 'timestamp'] as const

/**
 * The signed `message` of `POST /v1/profile/account`, once parsed from its JSON text:
 * `{"name":"alice.foyer.id","address":"0x…","chainId":1,"project":"my-site","attributes":{},"timestamp":1764000000}`.
 * Every field the registration uses is signed, so a signature holds only for the request it was made for: the
 * server checks that `address` is the request's address, `chainId` the chain of its coin type and `project` the
 * project it is sent through. Other keys are refused: what the wallet showed is all that is registered.
 */
export const NameMessage = v.strictObject(
  nameMessageEntries,
  objectMessage(nameMessageEntries, `must be JSON text {${NAME_MESSAGE_KEYS.map((k) => `"${k}"`).join(',')}}`),
)
export type NameMessage = v.InferOutput<typeof NameMessage>

const COIN_TYPE_MESSAGE = 'must be (0x80000000 | chainId) >>> 0 for an EVM chain id below 2147483648'

/** `coin_type`: an EVM chain's coin type (ENSIP-11), as a number or decimal text; the output is the number. */
export const NameCoinType = v.pipe(
  v.union([v.pipe(v.string(), v.regex(/^[0-9]{1,10}$/), v.transform(Number)), v.number()], COIN_TYPE_MESSAGE),
  v.check((coinType) => chainIdOfNameCoinType(coinType) !== undefined, COIN_TYPE_MESSAGE),
)

const SIGNATURE_MESSAGE = 'must be a 0x-prefixed hex signature'

const registerNameEntries = {
  coin_type: NameCoinType,
  address: EvmAddress,
  message: v.pipe(
    v.string('must be the signed JSON text'),
    v.minLength(2, 'must be the signed JSON text'),
    v.maxLength(MAX_NAME_MESSAGE_LENGTH, `must be at most ${MAX_NAME_MESSAGE_LENGTH} characters`),
  ),
  signature: v.pipe(v.string(SIGNATURE_MESSAGE), v.regex(/^0x(?:[0-9a-fA-F]{2}){1,8192}$/, SIGNATURE_MESSAGE)),
}

/** `POST /v1/profile/account` body: `message` signed (EIP-191 personal_sign) by `address` on the coin type's chain. */
export const RegisterNameBody = v.object(
  registerNameEntries,
  objectMessage(registerNameEntries, 'send a JSON body {coin_type, address, message, signature}'),
)
export type RegisterNameBodyInput = v.InferInput<typeof RegisterNameBody>

/** A registered name: its address per coin type (decimal text), attributes and registration time. */
export const NameRecord = v.object({
  /** The full name, lower-case: `alice.foyer.id`. */
  name: v.string(),
  /** `{ "2147514985": { "address": "0x…" } }`, the address checksummed. */
  addresses: v.record(v.string(), v.object({ address: v.string() })),
  attributes: v.object({ avatar: v.optional(v.string()), bio: v.optional(v.string()) }),
  /** ISO 8601. */
  createdAt: v.string(),
})
export type NameRecord = v.InferOutput<typeof NameRecord>

/** `GET /v1/profile/reverse/{address}`: the address's names, its primary (newest) name first. */
export const NameRecordList = v.array(NameRecord)

/** One suggestion: a full name and whether it is taken. */
export const NameSuggestion = v.object({ name: v.string(), registered: v.boolean() })
export type NameSuggestion = v.InferOutput<typeof NameSuggestion>

/** `GET /v1/profile/suggestions/{name}`: the name itself, then up to 4 free variants. */
export const NameSuggestionsResponse = v.object({ suggestions: v.array(NameSuggestion) })
export type NameSuggestionsResponse = v.InferOutput<typeof NameSuggestionsResponse>
