import { EMAIL_MESSAGE } from '@foyer/core/protocol'
import * as v from 'valibot'
import { json } from '../../settings/fields.ts'
import { operatorEmail } from './operatorStore.ts'
import { isPasswordHash } from './password.ts'

export interface OperatorSeed {
  email: string
  passwordHash?: string
}

const HASH_MESSAGE = 'an scrypt hash as `foyer-server operator hash` prints it ($scrypt$ln=…,r=…,p=…$…$…)'

const OperatorSeedSchema = v.strictObject({
  email: v.pipe(
    v.string(EMAIL_MESSAGE),
    v.check((email) => operatorEmail(email) !== undefined, EMAIL_MESSAGE),
    v.transform((email) => operatorEmail(email)!),
  ),
  passwordHash: v.optional(v.pipe(v.string(HASH_MESSAGE), v.check(isPasswordHash, HASH_MESSAGE))),
})

/**
 * FOYER_CONSOLE_OPERATORS: operators created at start when missing, `[{"email", "passwordHash"?}]`. Only a hash is
 * taken, never a password, so the setting can sit in a config file or an environment without disclosing one.
 */
export const operatorsSetting = json(
  v.array(OperatorSeedSchema, 'a JSON array of operators'),
  'a JSON array of operators [{"email", "passwordHash"?}]',
)
