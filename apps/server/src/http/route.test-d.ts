/**
 * The server's side of the route table: a handler registered with `route` must answer the entry's answer type and
 * reads its input with the entry's schemas, so a change to the table that the server does not follow fails `tsc`.
 */
import { routes, type SwapTokensResponse } from '@foyer/core/protocol'
import { Hono } from 'hono'
import { describe, expectTypeOf, it } from 'vitest'
import type { AppEnv } from './context.ts'
import { JsonText, route } from './route.ts'

const app = new Hono<AppEnv>()
const token = { name: 'Ether', symbol: 'ETH', address: 'eip155:1:0xeeee', decimals: 18, logoUri: null }
const router = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'

describe('a route handler is typed by its entry', () => {
  it('answers the entry’s type, or JSON text written from it', () => {
    route(app, routes.swapTokens, () => ({ tokens: [token], router }))
    route(app, routes.swapTokens, () => JsonText.of<SwapTokensResponse>({ tokens: [], router }))
    // @ts-expect-error `tokens` is what the route answers, not `list`
    route(app, routes.swapTokens, () => ({ list: [token], router }))
    // @ts-expect-error each token has a `decimals`
    route(app, routes.swapTokens, () => ({ tokens: [{ ...token, decimals: undefined }], router }))
    // @ts-expect-error `ok: true` only
    route(app, routes.embeddedSignOut, async () => ({ ok: false }))
    // @ts-expect-error an image route answers a Response
    route(app, routes.tokenImage, () => ({ ok: true }))
  })

  it('reads its input as the entry’s schemas give it', () => {
    route(app, routes.swapTokens, (_c, request) => {
      expectTypeOf(request.query().chainId).toEqualTypeOf<number>()
      // @ts-expect-error the tokens route has no body
      void request.body
      return { tokens: [], router }
    })
    route(app, routes.accountHistory, (_c, request) => {
      expectTypeOf(request.params().account).toEqualTypeOf<{ evm?: `0x${string}`; solana?: string }>()
      expectTypeOf(request.query().limit).toEqualTypeOf<number>()
      return { data: [], next: null }
    })
  })
})
