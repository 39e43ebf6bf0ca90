import { type BaseMessageKey, en } from './en.ts'
import type { enAccount } from './enAccount.ts'
import type { enActivity } from './enActivity.ts'
import type { enBuy } from './enBuy.ts'
import type { enConnecting } from './enConnecting.ts'
import type { enEmail } from './enEmail.ts'
import type { enFrame } from './enFrame.ts'
import type { enHelp } from './enHelp.ts'
import type { enLegal } from './enLegal.ts'
import type { enNames } from './enNames.ts'
import type { enSiwe } from './enSiwe.ts'
import type { enSocial } from './enSocial.ts'
import type { enTransfer } from './enTransfer.ts'
import type { enWalletConnect } from './enWalletConnect.ts'
import type { enWallets } from './enWallets.ts'

export type Locale = 'en' | 'es'
export const supportedLocales: readonly Locale[] = ['en', 'es']
export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español' }

/** Every key of the English catalogue: the base and each feature's part. */
export type MessageKey =
  | BaseMessageKey
  | keyof typeof enAccount
  | keyof typeof enActivity
  | keyof typeof enBuy
  | keyof typeof enConnecting
  | keyof typeof enEmail
  | keyof typeof enNames
  | keyof typeof enSiwe
  | keyof typeof enSocial
  | keyof typeof enFrame
  | keyof typeof enHelp
  | keyof typeof enLegal
  | keyof typeof enTransfer
  | keyof typeof enWalletConnect
  | keyof typeof enWallets
/** A complete translation: every key. */
export type Catalogue = Record<MessageKey, string>
/** Some of the keys in one language: the English base, a feature's English part. */
export type Messages = Partial<Catalogue>

export type MessageParameters = Record<string, string | number>
/** The keys a view can show when it brings the English `part` (e.g. `KeysWith<typeof enTransfer>`). */
export type KeysWith<part> = BaseMessageKey | (keyof part & MessageKey)
/** Translates the keys it was made for (the English base, plus the parts it was given). */
export type Translate<key extends MessageKey = BaseMessageKey> = (key: key, parameters?: MessageParameters) => string

/**
 * Fills `{name}` placeholders. A key comes from the locale's catalogue, else from the English `part` the caller
 * brings (a feature's strings, e.g. `enTransfer`), else from the English base, else it is shown as itself.
 */
export function createTranslate(catalogue: Messages): Translate
export function createTranslate<partKey extends MessageKey>(
  catalogue: Messages,
  part: Readonly<Record<partKey, string>>,
): Translate<BaseMessageKey | partKey>
export function createTranslate(catalogue: Messages, part?: Messages): Translate<MessageKey> {
  return (key, parameters) => {
    const template = catalogue[key] ?? part?.[key] ?? (en as Messages)[key] ?? key
    if (!parameters) return template
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in parameters ? String(parameters[name]) : whole,
    )
  }
}

/** Whether the English base has the key (error classes name theirs with `messageKey`). */
export function isBaseMessageKey(key: string): key is BaseMessageKey {
  return key in en
}

export { type BaseMessageKey, en }
