/** The sandbox's responses: JSON, errors and HTML pages (with their nonce and Content-Security-Policy). */
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { contentSecurityPolicy } from './page.ts'

const COMMON_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

export function sendError(res: ServerResponse, status: number, code: string, message: string) {
  sendJson(res, status, { error: { code, message } })
}

export function sendHtml(res: ServerResponse, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64')
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy(nonce),
    'x-frame-options': 'DENY',
  })
  res.end(render(nonce))
}
