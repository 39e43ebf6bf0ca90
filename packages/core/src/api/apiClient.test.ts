import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpRequestError } from '../errors/errors.ts'
import { accountHistory, fungiblePrice } from '../protocol/endpoints/accountData.ts'
import { walletImage, wallets } from '../protocol/endpoints/catalogue.ts'
import { project } from '../protocol/endpoints/service.ts'
import { createApiClient } from './apiClient.ts'

// A real HTTP server on loopback that echoes what it received.
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (chunk) => (body += chunk))
  req.on('end', () => {
    if (req.url?.startsWith('/v1/project')) {
      res.writeHead(400, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ error: { code: 'invalid_request', message: 'chainId must be a number' } }))
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: body ? JSON.parse(body) : null }),
    )
  })
})
let apiUrl = ''
beforeAll(
  () =>
    new Promise<void>((ok) =>
      server.listen(0, '127.0.0.1', () => {
        apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
        ok()
      }),
    ),
)
afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

/** What the echo server answers, in place of the route's own answer. */
type Echo = { method: string; url: string; headers: Record<string, string>; body: unknown }
const echoOf = (answer: unknown) => answer as Echo

describe('createApiClient', () => {
  it('calls a route by its endpoint: its method and path from the table, the project id and SDK headers', async () => {
    const api = createApiClient({ apiUrl, projectId: 'foyer-demo' })
    const echo = echoOf(await api.call(wallets, { query: { entries: 1, search: undefined, chains: ['a', 'b'] } }))
    expect(echo.method).toBe('GET')
    expect(echo.url).toBe('/getWallets?projectId=foyer-demo&entries=1&chains=a%2Cb')
    expect(echo.headers['x-project-id']).toBe('foyer-demo')
    expect(echo.headers['x-sdk-type']).toBe('foyer')
  })
  it('fills the path parameters, each URI-encoded', async () => {
    const api = createApiClient({ apiUrl, projectId: 'p' })
    const echo = echoOf(await api.call(accountHistory, { params: { account: 'a/b c' }, query: { limit: '5' } }))
    expect(echo.url).toBe('/v1/account/a%2Fb%20c/history?projectId=p&limit=5')
    expect(api.routeUrl(walletImage, { params: { id: 'metamask' } })).toBe(
      `${apiUrl}getWalletImage/metamask?projectId=p`,
    )
  })
  it('posts JSON with the project id in the body', async () => {
    const api = createApiClient({ apiUrl, projectId: 'p' })
    const echo = echoOf(await api.call(fungiblePrice, { body: { currency: 'usd', addresses: ['0x1'] } }))
    expect(echo.method).toBe('POST')
    expect(echo.url).toBe('/v1/fungible/price?projectId=p')
    expect(echo.body).toEqual({ projectId: 'p', currency: 'usd', addresses: ['0x1'] })
  })
  it('turns a failure into HttpRequestError with the server reason and code', async () => {
    const api = createApiClient({ apiUrl })
    const error = await api.call(project).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).shortMessage).toBe('HTTP status code 400')
    expect((error as HttpRequestError).details).toBe('chainId must be a number')
    expect((error as HttpRequestError).code).toBe('invalid_request')
  })
})
