/**
 * `@foyer/core/protocol`: the Foyer server's API, each request and response defined once with valibot. The server
 * validates with these schemas; the client takes its types from them, so a change that breaks one side fails `tsc`.
 */
export * from './accountData.ts'
export * from './catalogue.ts'
export * from './embedded.ts'
export * from './features.ts'
export * from './names.ts'
export * from './onramp.ts'
export * from './primitives.ts'
export * from './siwe.ts'
export * from './swap.ts'
