export { FoyerError, type FoyerErrorParameters, type FoyerErrorType } from './base.ts'
export * from './errors.ts'
