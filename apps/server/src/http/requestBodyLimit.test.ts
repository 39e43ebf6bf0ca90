import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestBodyLimit } from './requestBodyLimit.ts'

// Through @hono/node-server over a socket: the failure it guards against does not show with app.request().
const app = new Hono()
app.use(requestBodyLimit({ maxSize: 16, onError: (c) => c.text('too large', 413) }))
app.delete('/thing', (c) => c.body(null, 204))
app.post('/thing', async (c) => c.text(await c.req.text()))
// As the server runs it (src/index.ts): node-server's Request is not made the global one.
const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false })
let port = 0
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A raw HTTP/1.1 request: `chunks` sent with Transfer-Encoding: chunked, none: no body and no length header. */
function send(method: string, chunks?: string[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/thing', method, headers }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    for (const chunk of chunks ?? []) req.write(chunk)
    req.end()
  })
}

describe('requestBodyLimit', () => {
  it('lets a body-less DELETE through (no Content-Length, no Transfer-Encoding), as browsers send it', async () => {
    expect(await send('DELETE')).toEqual({ status: 204, body: '' })
  })

  it('still limits a body, with a length or chunked, and passes one within the limit', async () => {
    expect((await send('POST', ['x'.repeat(17)], { 'Content-Length': '17' })).status).toBe(413)
    expect((await send('POST', ['x'.repeat(10), 'y'.repeat(10)], { 'Transfer-Encoding': 'chunked' })).status).toBe(413)
    expect(await send('POST', ['small', ' body'], { 'Transfer-Encoding': 'chunked' })).toEqual({
      status: 200,
      body: 'small body',
    })
  })
})
