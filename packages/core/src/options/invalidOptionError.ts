import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'

export type InvalidOptionErrorType = InvalidOptionError & { name: 'InvalidOptionError' }
/**
 * A site option Foyer cannot use, thrown when the client is made (`createFoyer`): `option` names it (`tokens`
 * entries as `tokens["eip155:1"].address`), the details say what was expected and what was given.
 */
export class InvalidOptionError extends FoyerError {
  override name = 'InvalidOptionError'
  readonly option: string
  constructor({
    option,
    expected,
    value,
    ...parameters
  }: FoyerErrorParameters & { option: string; expected: string; value: unknown }) {
    super(`Invalid option ${option}`, { details: `Expected ${expected}, got ${JSON.stringify(value)}`, ...parameters })
    this.option = option
  }
}
