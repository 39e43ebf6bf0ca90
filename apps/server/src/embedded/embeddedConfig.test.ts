import { describe, expect, it } from 'vitest'
import { parseSettings, SETTING_KEYS } from '../settings/serverSettings.ts'
import { embeddedConfig } from './embeddedConfig.ts'

const load = (env: Record<string, string>, server = { host: '127.0.0.1', port: 8787 }) => {
  const { values, issues } = parseSettings(env, SETTING_KEYS)
  return { config: embeddedConfig(values, server), issues: issues.map((i) => i.path) }
}

describe('embedded-wallet configuration', () => {
  it('defaults to the devnet: frame on 5174, the mail sink on 2525, links to this server', () => {
    const { config, issues } = load({}, { host: '0.0.0.0', port: 9000 })
    expect(issues).toEqual([])
    expect(config).toMatchObject({
      frameOrigin: 'http://127.0.0.1:5174',
      smtp: { host: '127.0.0.1', port: 2525, secure: false },
      publicUrl: 'http://127.0.0.1:9000',
      codeTtlMs: 600_000,
      deviceTtlMs: 90 * 86_400_000,
      emailSendsPerClientPerHour: 20,
      emailSendsPerHour: 1000,
    })
    expect(config.faucetUrl).toBeUndefined()
  })

  it('refuses a misspelt SMTP_SECURE instead of reading it as false', () => {
    expect(load({ SMTP_SECURE: 'ture' }).issues).toEqual(['SMTP_SECURE'])
    expect(load({ SMTP_SECURE: 'FALSE' }).config.smtp.secure).toBe(false)
    expect(load({ SMTP_SECURE: 'On' }).config.smtp.secure).toBe(true)
  })

  it('reads SMTP, origins and lifetimes from the environment and refuses bad values', () => {
    const good = load({
      FOYER_FRAME_ORIGIN: 'HTTPS://Wallet.Example.com/',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      FOYER_PUBLIC_URL: 'https://foyer.example.com/',
      FOYER_EMBEDDED_SESSION_TTL_SECONDS: '3600',
      FOYER_EMBEDDED_DEVICE_TTL_DAYS: '30',
      FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR: '5',
      FOYER_EMAIL_SENDS_PER_HOUR: '50',
    })
    expect(good.issues).toEqual([])
    expect(good.config).toMatchObject({
      frameOrigin: 'https://wallet.example.com',
      smtp: { port: 465, secure: true, user: 'u', pass: 'p' },
      publicUrl: 'https://foyer.example.com',
      sessionTtlMs: 3_600_000,
      deviceTtlMs: 30 * 86_400_000,
      emailSendsPerClientPerHour: 5,
      emailSendsPerHour: 50,
    })
    const bad = load({
      FOYER_FRAME_ORIGIN: 'not an origin',
      SMTP_PORT: '99999',
      FOYER_PUBLIC_URL: 'ftp://x/y',
      FOYER_EMAIL_CODE_TTL_SECONDS: '5',
      FOYER_EMBEDDED_FAUCET_URL: 'nope',
      FOYER_EMBEDDED_DEVICE_TTL_DAYS: '0',
      FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR: '-1',
      FOYER_EMAIL_SENDS_PER_HOUR: 'many',
    })
    expect(bad.issues.sort()).toEqual([
      'FOYER_EMAIL_CODE_TTL_SECONDS',
      'FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR',
      'FOYER_EMAIL_SENDS_PER_HOUR',
      'FOYER_EMBEDDED_DEVICE_TTL_DAYS',
      'FOYER_EMBEDDED_FAUCET_URL',
      'FOYER_FRAME_ORIGIN',
      'FOYER_PUBLIC_URL',
      'SMTP_PORT',
    ])
  })
})
