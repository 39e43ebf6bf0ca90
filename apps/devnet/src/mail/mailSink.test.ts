import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MailSink, parseMessage, startMailSink } from './mailSink.ts'

describe('mail sink', () => {
  let sink: MailSink
  beforeAll(async () => {
    sink = await startMailSink({ smtpPort: 19400, httpPort: 19401 })
  })
  afterAll(() => sink?.stop())

  it('receives real SMTP from nodemailer and serves it over HTTP, per recipient', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: sink.smtpPort, secure: false })
    await transport.sendMail({
      from: 'Foyer <no-reply@foyer.local>',
      to: 'Ana@Example.com',
      subject: '123456 is your code — ¡hola!',
      text: 'Your code is 123456\nBye',
    })
    await transport.sendMail({
      from: 'no-reply@foyer.local',
      to: 'bo@example.com',
      subject: 'Other',
      text: 'x'.repeat(200),
    })
    transport.close()

    const forAna = (await (await fetch(`${sink.inboxUrl}/messages?to=ana@example.com`)).json()) as {
      id: string
      subject: string
      text: string
      from: string
    }[]
    expect(forAna).toHaveLength(1)
    expect(forAna[0]!.subject).toBe('123456 is your code — ¡hola!')
    expect(forAna[0]!.text).toContain('Your code is 123456\nBye')
    expect(forAna[0]!.from).toBe('no-reply@foyer.local')
    const one = await (await fetch(`${sink.inboxUrl}/messages/${forAna[0]!.id}`)).json()
    expect(one).toEqual(forAna[0])
    const forBo = (await (await fetch(`${sink.inboxUrl}/messages?to=bo@example.com`)).json()) as { text: string }[]
    expect(forBo[0]!.text.replace(/\n/g, '')).toBe('x'.repeat(200))

    expect((await fetch(`${sink.inboxUrl}/messages/nope`)).status).toBe(404)
    await fetch(`${sink.inboxUrl}/messages`, { method: 'DELETE' })
    expect(await (await fetch(`${sink.inboxUrl}/messages`)).json()).toEqual([])
  })

  it('decodes quoted-printable, base64 and multipart bodies', () => {
    expect(
      parseMessage(
        'a',
        'f',
        ['t'],
        'Subject: x\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nl=C3=ADnea =\r\nlarga',
      ).text,
    ).toBe('línea larga')
    expect(
      parseMessage(
        'a',
        'f',
        ['t'],
        `Subject: =?UTF-8?B?${Buffer.from('código').toString('base64')}?=\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from('hola').toString('base64')}`,
      ),
    ).toMatchObject({ subject: 'código', text: 'hola' })
    const multipart =
      'Content-Type: multipart/alternative; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nplain part\r\n--b1\r\nContent-Type: text/html\r\n\r\n<p>html</p>\r\n--b1--'
    expect(parseMessage('a', 'f', ['t'], multipart).text).toBe('plain part\n')
  })
})
