import type { Issue } from '../http/errors.ts'
import { normalizeOrigin } from '../projects/model.ts'

export interface SmtpConfig {
  host: string
  port: number
  /** TLS from the first byte (port 465 style). Default false. */
  secure: boolean
  user?: string
  /** Secret: never logged. */
  pass?: string
  from: string
}

export interface EmbeddedConfig {
  /** The secure frame's origin: the only browser origin the /v1/embedded routes answer. */
  frameOrigin: string
  smtp: SmtpConfig
  /** Public base URL of this server, for the device approval links in emails. */
  publicUrl: string
  codeTtlMs: number
  sessionTtlMs: number
  /** How long an approved device stays approved after it last signed in (FOYER_EMBEDDED_DEVICE_TTL_DAYS). */
  deviceTtlMs: number
  /** Emails (codes and device links) one client address may cause per hour (FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR). */
  emailSendsPerClientPerHour: number
  /** Emails this server sends per hour in all (FOYER_EMAIL_SENDS_PER_HOUR): a cap on what abuse can cost. */
  emailSendsPerHour: number
  /** Devnet only: a faucet that funds new embedded wallets (POST {address}). */
  faucetUrl?: string
}

type Get = (name: string) => string | undefined

/** Reads the embedded-wallet settings (docs/configuration.md); problems go to `issues`. */
export function loadEmbeddedConfig(get: Get, issues: Issue[], server: { host: string; port: number }): EmbeddedConfig {
  const frameOrigin = normalizeOrigin(get('FOYER_FRAME_ORIGIN') ?? 'http://127.0.0.1:5174')
  if (!frameOrigin)
    issues.push({ path: 'FOYER_FRAME_ORIGIN', message: 'must be an origin like https://wallet.example.com' })

  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = get(name)
    if (raw === undefined) return fallback
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      issues.push({ path: name, message: `must be an integer from ${min} to ${max}` })
      return fallback
    }
    return n
  }

  const secureRaw = get('SMTP_SECURE')
  const secure = secureRaw === undefined ? false : ['1', 'true', 'yes', 'on'].includes(secureRaw.toLowerCase())
  const smtp: SmtpConfig = {
    host: get('SMTP_HOST') ?? '127.0.0.1',
    port: int('SMTP_PORT', 2525, 1, 65535),
    secure,
    user: get('SMTP_USER'),
    pass: get('SMTP_PASS'),
    from: get('SMTP_FROM') ?? 'Foyer <no-reply@foyer.local>',
  }
  if (!/^[A-Za-z0-9.:\-[\]]{1,255}$/.test(smtp.host))
    issues.push({ path: 'SMTP_HOST', message: 'must be a hostname or IP address' })

  const urlHost = server.host === '0.0.0.0' || server.host === '::' ? '127.0.0.1' : server.host
  const explicitUrl = get('FOYER_PUBLIC_URL')
  const publicUrl = (explicitUrl ?? `http://${urlHost}:${server.port || 8787}`).replace(/\/$/, '')
  // Checked only when given: a derived one is as good as HOST, which is checked (and reported) on its own.
  if (explicitUrl !== undefined && !/^https?:\/\/[^/\s]+$/.test(publicUrl))
    issues.push({ path: 'FOYER_PUBLIC_URL', message: 'must be an http(s) base URL without a path' })

  const faucetUrl = get('FOYER_EMBEDDED_FAUCET_URL')
  if (faucetUrl !== undefined && !/^https?:\/\/\S+$/.test(faucetUrl))
    issues.push({ path: 'FOYER_EMBEDDED_FAUCET_URL', message: 'must be an http(s) URL' })

  return {
    frameOrigin: frameOrigin ?? 'http://127.0.0.1:5174',
    smtp,
    publicUrl,
    codeTtlMs: int('FOYER_EMAIL_CODE_TTL_SECONDS', 600, 60, 3600) * 1000,
    sessionTtlMs: int('FOYER_EMBEDDED_SESSION_TTL_SECONDS', 7 * 24 * 3600, 60, 90 * 24 * 3600) * 1000,
    deviceTtlMs: int('FOYER_EMBEDDED_DEVICE_TTL_DAYS', 90, 1, 3650) * 24 * 3600 * 1000,
    emailSendsPerClientPerHour: int('FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR', 20, 1, 1_000_000),
    emailSendsPerHour: int('FOYER_EMAIL_SENDS_PER_HOUR', 1000, 1, 10_000_000),
    faucetUrl,
  }
}
