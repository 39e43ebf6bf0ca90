import nodemailer from 'nodemailer'
import type { SmtpConfig } from './embeddedConfig.ts'

export type Mail = { to: string; subject: string; text: string }
export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/** Real SMTP through nodemailer (devnet: the mail sink on 127.0.0.1:2525). Codes are never logged. */
export function createSmtpMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  })
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from: smtp.from, to, subject, text })
    },
    close: () => transport.close(),
  }
}

export const loginCodeMail = (to: string, code: string, minutes: number): Mail => ({
  to,
  subject: `${code} is your Foyer login code`,
  text: `Your login code is ${code}\n\nIt expires in ${minutes} minutes. If you did not try to sign in, ignore this email.\n`,
})

export const deviceApprovalMail = (to: string, link: string): Mail => ({
  to,
  subject: 'Approve a new device for your Foyer wallet',
  text: `Someone is signing in to your Foyer wallet from a new device.\n\nIf it is you, approve it here:\n${link}\n\nThen enter the login code we send next. If it is not you, ignore this email.\n`,
})

export const updateEmailCodeMail = (to: string, code: string, step: 'current' | 'new'): Mail => ({
  to,
  subject: `${code} is your Foyer email change code`,
  text:
    step === 'current'
      ? `Your code to confirm the email change is ${code}\n\nIf you did not ask to change your email, ignore this email.\n`
      : `Your code to confirm your new email address is ${code}\n`,
})

/** To the OLD address once an email change is complete: the person hears of it even if the change was not theirs. */
export const emailChangedMail = (to: string, newEmail: string): Mail => ({
  to,
  subject: 'Your Foyer wallet email was changed',
  text: `The email address of your Foyer wallet was changed to ${newEmail}. Every other signed-in device was signed out.\n\nIf you did not do this, contact the site you use the wallet with.\n`,
})
