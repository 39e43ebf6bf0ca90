import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpRequestError } from '../errors/errors.ts'
import { createApiClient } from './apiClient.ts'

// A real HTTP server on loopback that echoes what it received.
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (chunk) => (body += chunk))
  req.on('end', () => {
    if (req.url?.startsWith('/fail')) {
      res.writeHead(400, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ error: { code: 'bad', message: 'chainId must be a number' } }))
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

describe('createApiClient', () => {
  it('sends the project id and SDK headers, and drops empty parameters', async () => {
    const api = createApiClient({ apiUrl, projectId: 'foyer-demo' })
    const echo = await api.get<{ url: string; headers: Record<string, string> }>('/v1/x', {
      chainId: 1,
      cursor: undefined,
      ids: ['a', 'b'],
    })
    expect(echo.url).toBe('/v1/x?projectId=foyer-demo&chainId=1&ids=a%2Cb')
    expect(echo.headers['x-project-id']).toBe('foyer-demo')
    expect(echo.headers['x-sdk-type']).toBe('foyer')
  })
  it('posts JSON with the project id in the body', async () => {
    const api = createApiClient({ apiUrl, projectId: 'p' })
    const echo = await api.post<{ body: unknown }>('/v1/y', { currency: 'usd' })
    expect(echo.body).toEqual({ projectId: 'p', currency: 'usd' })
  })
  it('turns a failure into HttpRequestError with the server reason', async () => {
    const api = createApiClient({ apiUrl })
    const error = await api.get('/fail').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).shortMessage).toBe('HTTP status code 400')
    expect((error as HttpRequestError).details).toBe('chainId must be a number')
  })
})
