/**
 * Visitors' flows through the proxy, as the modal, the frame, a site's backend and an on-ramp provider make them: an
 * email login (code mailed through the real SMTP sink, then checked), a SIWE sign-in, a name registration, an
 * analytics batch, a purchase (created through the on-ramp, then moved to its final status by the provider's signed
 * webhooks, some sent twice on purpose), and the reads (catalogue, project, balance). Each visitor names its own client address (X-Forwarded-For) so limits count
 * per visitor. Every flow records what it got; `ledger` keeps what the server said it wrote, for the SQL checks.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { ONRAMP_SIGNATURE_HEADER, signOnrampWebhook } from '@foyer/devnet'
import type { MailSink } from '@foyer/devnet/mail'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { CHAIN_ID, ONRAMP_PROVIDER, ONRAMP_WEBHOOK_SECRET } from './index.ts'
import { sleep } from './process.ts'

const SITE = 'http://127.0.0.1:5173' // the demo project's origin
const FRAME = 'http://127.0.0.1:5174' // the embedded wallet frame's origin
const PROJECT = 'foyer-demo'
const COIN_TYPE = (0x80000000 | CHAIN_ID) >>> 0

export type FlowName = 'email-login' | 'siwe' | 'name' | 'analytics' | 'purchase' | 'read'

export interface Outcome {
  flow: FlowName
  /** The HTTP status of the step that decided the outcome; 0 when the connection failed. */
  status: number
  ok: boolean
  /** For a failure: the step and what came back. */
  detail?: string
  startedAt: number
  endedAt: number
}

/** What the server answered as written, to compare with the database afterwards. */
export interface Ledger {
  /** sha256 of every embedded session token handed out, with its email. */
  emailSessions: { email: string; tokenHash: string }[]
  /** Emails whose login failed after the code was sent (a user row may exist, a session must not be counted). */
  siweSessions: { tokenHash: string; nonce: string }[]
  names: { name: string; address: string }[]
  analytics: string[]
  /** Every purchase the server answered as created, with the webhook events it acknowledged (200). */
  purchases: PurchaseRecord[]
  /** The provider's side of the webhooks, for the figures. */
  webhooks: WebhookFigures
}

/** The statuses a purchase's webhooks move it through, in order; the last is final. */
export const PURCHASE_PROGRESSION = ['pending', 'paid', 'completed'] as const
export type PurchaseEventStatus = (typeof PURCHASE_PROGRESSION)[number]

export interface PurchaseRecord {
  id: string
  /** Each event the server acknowledged, once, in the order sent. */
  acknowledged: { eventId: string; status: PurchaseEventStatus }[]
}

export interface WebhookFigures {
  /** POSTs sent, retries and duplicates included. */
  deliveries: number
  /** Deliveries sent a second time on purpose (at once, after the answer, or after the final status). */
  duplicatesSent: number
  /** Deliveries sent again because the first try's connection broke or the answer was a 5xx. */
  retries: number
  /** Answers that said the event had been seen before. */
  answeredDuplicate: number
}

export const newLedger = (): Ledger => ({
  emailSessions: [],
  siweSessions: [],
  names: [],
  analytics: [],
  purchases: [],
  webhooks: { deliveries: 0, duplicatesSent: 0, retries: 0, answeredDuplicate: 0 },
})

/** A provider's waits between tries of one delivery (same event id, signed afresh): about 4 s in all. */
const WEBHOOK_RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000]
let purchaseSerial = 0

let visitorSerial = 0
const newVisitor = () => {
  const n = ++visitorSerial
  return `10.${80 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255 || 1}`
}
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export interface Flows {
  run(flow: FlowName): Promise<Outcome>
  readonly ledger: Ledger
}

export function flows(base: string, sink: MailSink, ledger: Ledger = newLedger()): Flows {
  const call = async (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string>; text?: string },
  ) => {
    const body = init.text ?? (init.body === undefined ? undefined : JSON.stringify(init.body))
    try {
      const res = await fetch(`${base}${path}`, {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(body !== undefined && init.text === undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        body,
        signal: AbortSignal.timeout(20_000),
      })
      const text = await res.text()
      let json: Record<string, string> | undefined
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      return { status: res.status, json, text, headers: res.headers }
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } }
      return { status: 0, json: undefined, text: e.cause?.code ?? e.message, headers: new Headers() }
    }
  }
  const failed = (step: string, r: { status: number; text: string; headers: Headers }) => {
    const retryAfter = r.headers.get('retry-after')
    const detail = `${step}: ${r.status}${retryAfter ? ` retry-after=${retryAfter}` : ''} ${r.text.slice(0, 200)}`
    return { ok: false, status: r.status, detail } as const
  }

  const emailLogin = async () => {
    const email = `fault-${randomBytes(6).toString('hex')}@example.com`
    const deviceId = randomBytes(32).toString('hex')
    const headers = { origin: FRAME, 'x-project-id': PROJECT, 'x-forwarded-for': newVisitor() }
    const started = await call('/v1/embedded/email/start', { body: { email, deviceId }, headers })
    if (started.status !== 200) return failed('email/start', started)
    let otp: string | undefined
    for (let i = 0; i < 200 && !otp; i++) {
      const mail = sink.messages().find((m) => m.to.includes(email))
      otp = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1]
      if (!otp) await sleep(50)
    }
    if (!otp) return { ok: false, status: started.status, detail: 'no code mailed within 10 s' } as const
    const verified = await call('/v1/embedded/email/verify', { body: { email, deviceId, otp }, headers })
    if (verified.status !== 200) return failed('email/verify', verified)
    ledger.emailSessions.push({ email, tokenHash: sha256(String(verified.json?.sessionToken)) })
    const session = await call('/v1/embedded/session', {
      headers: { ...headers, authorization: `Bearer ${verified.json?.sessionToken}` },
    })
    if (session.status !== 200) return failed('embedded/session', session)
    return { ok: true, status: 200 } as const
  }

  const siwe = async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const headers = { origin: SITE, 'x-project-id': PROJECT, 'x-forwarded-for': newVisitor() }
    const nonce = await call('/v1/auth/siwe/nonce', { headers })
    if (nonce.status !== 200) return failed('siwe/nonce', nonce)
    const message = createSiweMessage({
      domain: '127.0.0.1:5173',
      uri: `${SITE}/login`,
      address: account.address,
      chainId: CHAIN_ID,
      nonce: String(nonce.json?.nonce),
      version: '1',
      issuedAt: new Date(),
    })
    const verified = await call('/v1/auth/siwe/verify', {
      body: { message, signature: await account.signMessage({ message }) },
      headers,
    })
    if (verified.status !== 200) return failed('siwe/verify', verified)
    ledger.siweSessions.push({ tokenHash: sha256(String(verified.json?.token)), nonce: String(nonce.json?.nonce) })
    const session = await call('/v1/auth/siwe/session', {
      headers: { ...headers, authorization: `Bearer ${verified.json?.token}` },
    })
    if (session.status !== 200) return failed('siwe/session', session)
    return { ok: true, status: 200 } as const
  }

  const name = async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const full = `fault-${randomBytes(5).toString('hex')}.foyer.id`
    const message = JSON.stringify({
      name: full,
      address: account.address,
      chainId: CHAIN_ID,
      project: PROJECT,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const res = await call('/v1/profile/account', {
      body: {
        coin_type: COIN_TYPE,
        address: account.address,
        message,
        signature: await account.signMessage({ message }),
      },
      headers: { 'x-project-id': PROJECT, 'x-forwarded-for': newVisitor() },
    })
    if (res.status !== 200) return failed('profile/account', res)
    ledger.names.push({ name: full, address: account.address.toLowerCase() })
    return { ok: true, status: 200 } as const
  }

  const analytics = async () => {
    const eventId = randomUUID()
    const event = {
      eventId,
      url: `${SITE}/shop`,
      domain: '127.0.0.1',
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    }
    const res = await call(`/e?projectId=${PROJECT}`, {
      text: JSON.stringify([event]),
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE, 'x-forwarded-for': newVisitor() },
    })
    if (res.status !== 202) return failed('analytics', res)
    ledger.analytics.push(eventId)
    return { ok: true, status: 202 } as const
  }

  type Answer = { eventId: string; status: string; duplicate: boolean }
  /**
   * One webhook delivery as a provider makes it: signed with the provider's secret; when the connection breaks or
   * the answer is a 5xx, sent again with the same event id (signed afresh), as providers do.
   */
  const deliver = async (record: PurchaseRecord, event: Record<string, string> & { status: PurchaseEventStatus }) => {
    const raw = JSON.stringify(event)
    for (let attempt = 0; ; attempt++) {
      ledger.webhooks.deliveries++
      if (attempt > 0) ledger.webhooks.retries++
      const r = await call(`/v1/onramp/webhook/${ONRAMP_PROVIDER}`, {
        text: raw,
        headers: {
          'content-type': 'application/json',
          [ONRAMP_SIGNATURE_HEADER]: signOnrampWebhook(ONRAMP_WEBHOOK_SECRET, raw),
        },
      })
      if (r.status === 200) {
        const answer = r.json as unknown as Answer
        if (answer.duplicate) ledger.webhooks.answeredDuplicate++
        if (!record.acknowledged.some((a) => a.eventId === event.eventId))
          record.acknowledged.push({ eventId: String(event.eventId), status: event.status })
        return { ok: true, answer: { ...answer, eventId: String(event.eventId) } } as const
      }
      const delay = WEBHOOK_RETRY_DELAYS_MS[attempt]
      if ((r.status === 0 || r.status >= 500) && delay !== undefined) {
        await sleep(delay)
        continue
      }
      return failed(`webhook ${event.status}${attempt > 0 ? ` (try ${attempt + 1})` : ''}`, r)
    }
  }

  /**
   * A visitor's purchase, created through the on-ramp, then the provider's webhooks moving it to its final status.
   * Each purchase has one delivery sent twice on purpose, in turn: the `paid` event twice at once, the `pending`
   * event again after its answer, or the `pending` event again after the final status (a stale one).
   */
  const purchase = async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address
    const headers = { origin: SITE, 'x-project-id': PROJECT, 'x-forwarded-for': newVisitor() }
    const created = await call('/v1/generators/onrampurl', {
      body: {
        destinationWallets: [{ address, blockchains: [`eip155:${CHAIN_ID}`], assets: ['fUSD'] }],
        defaultNetwork: `eip155:${CHAIN_ID}`,
        presetFiatAmount: '25.00',
      },
      headers,
    })
    if (created.status !== 200) return failed('onrampurl', created)
    const record: PurchaseRecord = { id: String(created.json?.purchaseId), acknowledged: [] }
    ledger.purchases.push(record)
    const twice = (['at-once', 'after-answer', 'stale'] as const)[purchaseSerial++ % 3]!
    const events = PURCHASE_PROGRESSION.map((status) => ({
      eventId: `evt_${randomUUID()}`,
      purchaseId: record.id,
      status,
      ...(status === 'completed' ? { txHash: `0x${randomBytes(32).toString('hex')}` } : {}),
    }))
    const wrong = (what: string) => ({ ok: false, status: 200, detail: what }) as const
    let last: Answer | undefined
    for (const event of events) {
      if (twice === 'at-once' && event.status === 'paid') {
        ledger.webhooks.duplicatesSent++
        const both = await Promise.all([deliver(record, event), deliver(record, event)])
        for (const d of both) if (!d.ok) return d
        const answers = both.map((d) => (d as { answer: Answer }).answer)
        if (answers.every((a) => !a.duplicate)) return wrong('paid sent twice at once: both applied')
        last = answers[0]
      } else {
        const d = await deliver(record, event)
        if (!d.ok) return d
        last = d.answer
      }
      if (last.status !== event.status) return wrong(`webhook ${event.status}: answered status ${last.status}`)
      if (twice === 'after-answer' && event.status === 'pending') {
        ledger.webhooks.duplicatesSent++
        const again = await deliver(record, event)
        if (!again.ok) return again
        if (!again.answer.duplicate) return wrong('pending sent again after its answer: applied again')
      }
    }
    if (twice === 'stale') {
      ledger.webhooks.duplicatesSent++
      const stale = await deliver(record, events[0]!)
      if (!stale.ok) return stale
      if (!stale.answer.duplicate || stale.answer.status !== 'completed')
        return wrong(`pending sent again after completed: ${JSON.stringify(stale.answer)}`)
    }
    return { ok: true, status: 200 } as const
  }

  const read = async () => {
    const headers = { 'x-project-id': PROJECT, origin: SITE, 'x-forwarded-for': newVisitor() }
    const wallets = await call('/getWallets?page=1&entries=4', { headers })
    if (wallets.status !== 200) return failed('getWallets', wallets)
    const balance = await call(
      `/v1/account/0x${'1'.repeat(40)}/balance?projectId=${PROJECT}&chainId=eip155:${CHAIN_ID}`,
      { headers },
    )
    if (balance.status !== 200) return failed('balance', balance)
    return { ok: true, status: 200 } as const
  }

  const byName = { 'email-login': emailLogin, siwe, name, analytics, purchase, read }
  return {
    ledger,
    async run(flow) {
      const startedAt = performance.now()
      const result = await byName[flow]()
      return { flow, ...result, startedAt, endedAt: performance.now() }
    },
  }
}

/** The flows a burst cycles through, in this order. */
export const MIX: FlowName[] = ['read', 'email-login', 'siwe', 'name', 'analytics']
/**
 * The same with on-ramp purchases. A purchase is five requests or more in a row, so it slows the rest of the mix:
 * the Redis file, which counts the sign-ins made during a 4 s outage, keeps to MIX.
 */
export const MIX_WITH_PURCHASES: FlowName[] = [...MIX, 'purchase']

/**
 * Runs flows `concurrency` at a time, cycling through `mix`, while `during` runs (the fault), then `after` more once
 * it is over — at most `max` in all. Returns every outcome and what `during` returned.
 */
export async function burst<T>(
  f: Flows,
  { concurrency, after, max, mix = MIX }: { concurrency: number; after: number; max: number; mix?: FlowName[] },
  during: () => Promise<T>,
): Promise<{ outcomes: Outcome[]; fault: T; ms: number }> {
  const outcomes: Outcome[] = []
  let next = 0
  let stopAt = max
  const began = performance.now()
  const worker = async () => {
    for (;;) {
      const i = next++
      if (i >= stopAt) return
      outcomes.push(await f.run(mix[i % mix.length]!))
    }
  }
  const fault = during().finally(() => {
    stopAt = Math.min(max, next + after)
  })
  const [result] = await Promise.all([fault, ...Array.from({ length: concurrency }, worker)])
  return { outcomes, fault: result as T, ms: Math.round(performance.now() - began) }
}

/** A one-line summary per flow: how many ran, how many failed, and the distinct failure details. */
export function summarize(outcomes: Outcome[]) {
  const byFlow: Record<string, { ran: number; failed: number; details: string[] }> = {}
  for (const o of outcomes) {
    byFlow[o.flow] ??= { ran: 0, failed: 0, details: [] }
    const s = byFlow[o.flow]!
    s.ran++
    if (!o.ok) {
      s.failed++
      if (o.detail && s.details.length < 5 && !s.details.includes(o.detail)) s.details.push(o.detail)
    }
  }
  return byFlow
}
