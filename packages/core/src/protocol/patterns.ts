/**
 * The patterns the API's schemas are built from, kept apart from valibot so the browser's UI checks
 * (validation/validation.ts) can share them without loading a schema.
 */

/** `0x` and 40 hex digits, any case: an EVM address. The one copy of this pattern. */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/
