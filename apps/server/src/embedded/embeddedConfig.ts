import type { SettingValues } from '../settings/serverSettings.ts'

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

/** The settings the embedded wallet reads (settings/serverSettings.ts). */
export type EmbeddedSettings = Pick<
  SettingValues,
  | 'FOYER_FRAME_ORIGIN'
  | 'FOYER_PUBLIC_URL'
  | 'FOYER_EMBEDDED_FAUCET_URL'
  | 'FOYER_EMAIL_CODE_TTL_SECONDS'
  | 'FOYER_EMBEDDED_SESSION_TTL_SECONDS'
  | 'FOYER_EMBEDDED_DEVICE_TTL_DAYS'
  | 'FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR'
  | 'FOYER_EMAIL_SENDS_PER_HOUR'
  | 'SMTP_HOST'
  | 'SMTP_PORT'
  | 'SMTP_SECURE'
  | 'SMTP_USER'
  | 'SMTP_PASS'
  | 'SMTP_FROM'
>

/** The embedded-wallet configuration from its parsed settings; the public URL defaults to this server's address. */
export function embeddedConfig(values: EmbeddedSettings, server: { host: string; port: number }): EmbeddedConfig {
  const urlHost = server.host === '0.0.0.0' || server.host === '::' ? '127.0.0.1' : server.host
  return {
    frameOrigin: values.FOYER_FRAME_ORIGIN,
    smtp: {
      host: values.SMTP_HOST,
      port: values.SMTP_PORT,
      secure: values.SMTP_SECURE,
      user: values.SMTP_USER,
      pass: values.SMTP_PASS,
      from: values.SMTP_FROM,
    },
    publicUrl: values.FOYER_PUBLIC_URL ?? `http://${urlHost}:${server.port || 8787}`,
    codeTtlMs: values.FOYER_EMAIL_CODE_TTL_SECONDS,
    sessionTtlMs: values.FOYER_EMBEDDED_SESSION_TTL_SECONDS,
    deviceTtlMs: values.FOYER_EMBEDDED_DEVICE_TTL_DAYS,
    emailSendsPerClientPerHour: values.FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR,
    emailSendsPerHour: values.FOYER_EMAIL_SENDS_PER_HOUR,
    faucetUrl: values.FOYER_EMBEDDED_FAUCET_URL,
  }
}
