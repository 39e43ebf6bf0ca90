/**
 * The devnet's mail sink: a small real SMTP server (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
 * QUIT; no TLS, no auth) that keeps every message in memory, and an HTTP inbox to read them:
 *
 *   GET    /messages?to=<address>   → [{ id, from, to, subject, text, receivedAt }] newest first
 *   GET    /messages/<id>           → one message
 *   DELETE /messages                → empties the inbox
 *
 * Local development and tests only: it accepts mail for anyone from anyone on the loopback interface.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { type AddressInfo, createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net'

export type SinkMessage = { id: string; from: string; to: string[]; subject: string; text: string; receivedAt: string }

export type MailSinkOptions = { host?: string; smtpPort?: number; httpPort?: number; maxMessages?: number }

export type MailSink = {
  smtpPort: number
  httpPort: number
  inboxUrl: string
  messages(): SinkMessage[]
  stop(): Promise<void>
}

const MAX_MESSAGE_BYTES = 1024 * 1024

export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const host = options.host ?? '127.0.0.1'
  const maxMessages = options.maxMessages ?? 500
  const inbox: SinkMessage[] = []
  let counter = 0
  const sockets = new Set<Socket>()

  const smtp: TcpServer = createTcpServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setEncoding('latin1')
    let buffer = ''
    let from = ''
    let to: string[] = []
    let data: string[] | undefined
    let dataBytes = 0
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 foyer-mail-sink ESMTP ready')

    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (let index = buffer.indexOf('\r\n'); index >= 0; index = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, index)
        buffer = buffer.slice(index + 2)
        if (data) {
          if (line === '.') {
            const raw = data.join('\r\n')
            data = undefined
            if (dataBytes > MAX_MESSAGE_BYTES) {
              reply('552 Message too large')
            } else {
              inbox.unshift(parseMessage(`m${++counter}`, from, to, raw))
              inbox.splice(maxMessages)
              reply('250 OK: queued')
            }
            from = ''
            to = []
          } else {
            dataBytes += line.length + 2
            if (dataBytes <= MAX_MESSAGE_BYTES) data.push(line.startsWith('..') ? line.slice(1) : line)
          }
          continue
        }
        const [verb = '', ...rest] = line.split(' ')
        const argument = rest.join(' ')
        switch (verb.toUpperCase()) {
          case 'EHLO':
            socket.write('250-foyer-mail-sink\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 1048576\r\n')
            break
          case 'HELO':
            reply('250 foyer-mail-sink')
            break
          case 'MAIL':
            from = addressIn(argument)
            to = []
            reply('250 OK')
            break
          case 'RCPT':
            if (!from) reply('503 MAIL first')
            else {
              to.push(addressIn(argument))
              reply('250 OK')
            }
            break
          case 'DATA':
            if (!to.length) reply('503 RCPT first')
            else {
              data = []
              dataBytes = 0
              reply('354 End data with <CR><LF>.<CR><LF>')
            }
            break
          case 'RSET':
            from = ''
            to = []
            reply('250 OK')
            break
          case 'NOOP':
            reply('250 OK')
            break
          case 'QUIT':
            reply('221 Bye')
            socket.end()
            break
          default:
            reply('502 Command not implemented')
        }
      }
    })
    socket.on('error', () => socket.destroy())
  })

  const http: HttpServer = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink')
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/messages' && req.method === 'GET') {
      const recipient = url.searchParams.get('to')?.toLowerCase()
      return send(200, recipient ? inbox.filter((m) => m.to.some((t) => t.toLowerCase() === recipient)) : inbox)
    }
    if (url.pathname === '/messages' && req.method === 'DELETE') {
      inbox.splice(0)
      return send(200, { ok: true })
    }
    const one = /^\/messages\/([A-Za-z0-9]+)$/.exec(url.pathname)
    if (one && req.method === 'GET') {
      const message = inbox.find((m) => m.id === one[1])
      return message ? send(200, message) : send(404, { error: { code: 'not_found', message: 'No such message' } })
    }
    if (url.pathname === '/health') return send(200, { ok: true, messages: inbox.length })
    send(404, { error: { code: 'not_found', message: 'Try GET /messages?to=<address>' } })
  })

  await listen(smtp, options.smtpPort ?? 2525, host)
  try {
    await listen(http, options.httpPort ?? 8025, host)
  } catch (error) {
    smtp.close()
    throw error
  }
  const smtpPort = (smtp.address() as AddressInfo).port
  const httpPort = (http.address() as AddressInfo).port
  let stopping: Promise<void> | undefined
  return {
    smtpPort,
    httpPort,
    inboxUrl: `http://${host}:${httpPort}`,
    messages: () => [...inbox],
    stop: () =>
      (stopping ??= (async () => {
        for (const socket of sockets) socket.destroy()
        http.closeAllConnections?.()
        await Promise.all([
          new Promise<void>((ok) => smtp.close(() => ok())),
          new Promise<void>((ok) => http.close(() => ok())),
        ])
      })()),
  }
}

function listen(server: TcpServer | HttpServer, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

function addressIn(argument: string): string {
  return /<([^>]*)>/.exec(argument)?.[1] ?? argument.replace(/^(FROM|TO):/i, '').trim()
}

/** Headers (unfolded), the subject (RFC 2047 encoded words decoded) and the text body (quoted-printable and base64 decoded). */
export function parseMessage(id: string, from: string, to: string[], raw: string): SinkMessage {
  const split = raw.indexOf('\r\n\r\n')
  const head = split >= 0 ? raw.slice(0, split) : raw
  let body = split >= 0 ? raw.slice(split + 4) : ''
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  let encoding = headers.get('content-transfer-encoding')?.toLowerCase()
  if (boundary) {
    // multipart: take the first text/plain part
    const parts = body.split(`--${boundary}`)
    const plain = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? parts[1] ?? ''
    const at = plain.indexOf('\r\n\r\n')
    encoding = /content-transfer-encoding:\s*([^\r\n]+)/i.exec(plain.slice(0, at))?.[1]?.trim().toLowerCase()
    body = at >= 0 ? plain.slice(at + 4) : plain
  }
  const text = decodeBody(body, encoding).replace(/\r\n/g, '\n')
  return {
    id,
    from,
    to,
    subject: decodeWords(headers.get('subject') ?? ''),
    text,
    receivedAt: new Date().toISOString(),
  }
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return Buffer.from(body, 'latin1').toString('utf8')
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2); a character may span words.
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1')
  return joined.replace(/(?:=\?[^?]+\?[BQbq]\?[^?]*\?=)+/g, (run) => {
    const bytes: Buffer[] = []
    for (const [, , kind, data] of run.matchAll(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g)) {
      bytes.push(
        kind!.toUpperCase() === 'B'
          ? Buffer.from(data!, 'base64')
          : Buffer.from(
              data!
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
              'latin1',
            ),
      )
    }
    return Buffer.concat(bytes).toString('utf8')
  })
}
