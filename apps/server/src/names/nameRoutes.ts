import {
  chainIdOfNameCoinType,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  NAME_MESSAGE_MAX_SKEW_SECONDS,
  NameMessage,
  normalizeName,
  routes,
} from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import type { ServerConfig } from '../config.ts'
import { parseCanonicalJson } from '../http/canonicalJson.ts'
import type { AppEnv } from '../http/context.ts'
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { parseRequest } from '../http/validate.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { verifyNameSignature } from './nameSignature.ts'
import { MAX_REVERSE_NAMES, type NameStore, toNameRecord } from './nameStore.ts'
import { suggestNames } from './nameSuggestions.ts'

export interface NameRouteDeps {
  config: ServerConfig
  project: MiddlewareHandler<AppEnv>
  store: NameStore
  clients: ChainClients
  /** Unix seconds now (tests move the clock). */
  now?: () => number
}

const NAME_CODES = { name: 'invalid_name' } as const

/**
 * Account names, `<label>.<FOYER_NAMES_SUFFIX>`:
 * - `GET /v1/profile/account/{name}` → the name's record, 404 `name_not_found`;
 * - `GET /v1/profile/reverse/{address}` → the address's records, its primary (newest) name first;
 * - `GET /v1/profile/suggestions/{name}` → the name (registered or not), then up to 4 free variants;
 * - `POST /v1/profile/account` `{ coin_type, address, message, signature }` → registers `message`'s name (or, for
 *   its owner, replaces its attributes) once `signature` proves `address` signed `message` on the coin type's chain.
 *   The message is canonical JSON (`parseCanonicalJson`: no key twice) and binds every field the registration uses:
 *   its `address`, `chainId` and `project` must be the request's address, the coin type's chain and the project it
 *   is sent through (400 `message_mismatch`), so a signature made for one of them is worth nothing for another.
 * Projects with `features.names: false` get 403 `feature_disabled`.
 */
export function registerNameRoutes(app: FoyerApp, deps: NameRouteDeps) {
  const { config, project, store, clients } = deps
  const suffix = config.namesSuffix
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000))
  const namesEnabled: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!effectiveFeatures(c.get('project').features).names)
      throw forbidden('feature_disabled', 'Account names are switched off for this project')
    await next()
  }
  const nameOf = (input: string) => {
    const name = normalizeName(input, suffix)
    if (!name)
      throw badRequest(
        'invalid_name',
        `The name must be 4 to 63 letters, digits or hyphens, a letter or digit first and last, without -- in the third and fourth places (no xn--), alone or followed by .${suffix}`,
      )
    return name
  }

  route(app, routes.nameAccount, project, namesEnabled, async (c, request) => {
    const { name } = nameOf(request.params().name)
    const row = await store.find(name)
    if (!row) throw notFound('name_not_found', `${name} is not registered`)
    c.header('Cache-Control', 'no-store')
    return toNameRecord(row)
  })

  route(app, routes.nameReverse, project, namesEnabled, async (c, request) => {
    const { address } = request.params()
    const rows = await store.ofAddress(address, MAX_REVERSE_NAMES)
    c.header('Cache-Control', 'no-store')
    return rows.map(toNameRecord)
  })

  route(app, routes.nameSuggestions, project, namesEnabled, async (c, request) => {
    const { label } = nameOf(request.params().name)
    const suggestions = await suggestNames(label, suffix, (names) => store.registeredAmong(names))
    c.header('Cache-Control', 'no-store')
    return { suggestions }
  })

  route(app, routes.nameRegister, project, namesEnabled, async (c, request) => {
    const body = await request.body({ require: true })
    const parsed = parseCanonicalJson(body.message)
    if (!parsed)
      throw badRequest(
        'invalid_request',
        'message: must be JSON text exactly as JSON.stringify writes it (createNameMessage): no spaces, each key once',
      )
    const message = parseRequest(NameMessage, parsed.value, NAME_CODES)
    const { name } = nameOf(message.name)

    const chainId = chainIdOfNameCoinType(body.coin_type)!
    const chain = config.chains.find((c) => c.id === chainId)
    if (!chain)
      throw badRequest(
        'invalid_coin_type',
        `Coin type ${body.coin_type} names chain eip155:${chainId}, which this server does not serve (it serves ${
          config.chains.map((c) => `eip155:${c.id}`).join(', ') || 'none'
        })`,
      )

    const address = body.address.toLowerCase() as `0x${string}`
    const projectId = c.get('project').id
    const mismatch =
      message.address.toLowerCase() !== address
        ? `is signed for address ${message.address}, not ${body.address}`
        : message.chainId !== chainId
          ? `is signed for chain eip155:${message.chainId}, not the coin type's eip155:${chainId}`
          : message.project !== projectId
            ? `is signed for project ${JSON.stringify(message.project)}, not ${JSON.stringify(projectId)}`
            : undefined
    if (mismatch) throw badRequest('message_mismatch', `The message ${mismatch}; sign a message for this request`)

    const age = now() - message.timestamp
    if (age > NAME_MESSAGE_MAX_AGE_SECONDS || age < -NAME_MESSAGE_MAX_SKEW_SECONDS)
      throw badRequest(
        'stale_message',
        `The message's timestamp must be within the last ${NAME_MESSAGE_MAX_AGE_SECONDS} seconds (and at most ${NAME_MESSAGE_MAX_SKEW_SECONDS} ahead); sign a new message`,
      )

    const signature = body.signature as `0x${string}`
    if (!(await verifyNameSignature(clients.get(chain), chain, { address, message: body.message, signature })))
      throw unauthorized('invalid_signature', 'The signature is not the address’s signature of this message')

    const row = await store.register({
      name,
      address,
      coinType: body.coin_type,
      attributes: message.attributes,
      signedAt: new Date(message.timestamp * 1000),
      message: body.message,
      signature,
      projectId,
    })
    c.header('Cache-Control', 'no-store')
    return toNameRecord(row)
  })
}
