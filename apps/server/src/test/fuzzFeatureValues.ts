/**
 * Per-feature plausible values for the route fuzzer (fuzzArbitraries.ts): the on-ramp, account names and the
 * embedded wallet's login, keyed by parameter name.
 */
import fc from 'fast-check'
import type { FuzzWorld } from './fuzzArbitraries.ts'

export const HUGE = 'x'.repeat(5_000)

export const hex = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}`)

/** Well-formed values for the on-ramp, account-name and embedded-wallet parameters, by parameter name. */
export function featurePlausible(world: FuzzWorld): Record<string, fc.Arbitrary<string>> {
  return {
    onramp: fc.constantFrom('coinbase', 'moonpay', 'BAD!', ''),
    // The on-ramp (/v1/onramp/*, /v1/generators/onrampurl): what the sandbox sells, on the live and the dead chain
    // (unknown values come from the hostile half of `valueFor`).
    // and the social-login routes' providers (/v1/embedded/social/:provider/*).
    provider: fc.constantFrom('sandbox', 'github', 'google', 'farcaster'),
    purchaseCurrency: fc.constantFrom('fUSD', 'ETH'),
    paymentCurrency: fc.constantFrom('USD', 'EUR'),
    paymentMethod: fc.constantFrom('card', 'bank_account'),
    network: fc.constantFrom(`eip155:${world.liveChainId}`, `eip155:${world.deadChainId}`),
    defaultNetwork: fc.constantFrom(`eip155:${world.liveChainId}`, `eip155:${world.deadChainId}`),
    presetFiatAmount: fc.constantFrom('10.00', '100', '7500.01', '9.99'),
    presetCryptoAmount: fc.constantFrom('1', '0.5', '100000', '1.1234567'),
    partnerUserId: fc.constantFrom('visitor-1', ''),
    defaultExperience: fc.constantFrom('buy', 'send'),
    quoteId: fc.uuid(),
    purchaseId: fc.uuid(),
    eventId: fc.constantFrom('evt_1', 'evt 2'),
    status: fc.constantFrom('pending', 'paid', 'completed', 'failed', 'created'),
    txHash: hex(32),
    failureReason: fc.constantFrom('declined', ''),
    // Account names (/v1/profile/*): labels that fit the rule and some that do not, coin types with and without the bit.
    name: fc.constantFrom('alice', 'Alice.foyer.id', 'abc', 'al_ce', 'a'.repeat(64), 'alice.eth', 'x-y-z-1'),
    coin_type: fc.constantFrom(String((0x80000000 | world.liveChainId) >>> 0), '60', '2147483648', '4294967296', '-1'),
    message: fc.oneof(
      fc.constantFrom('{}', 'not json', '{"name":"alice","attributes":{"x":1},"timestamp":1}'),
      fc
        .integer({ min: 0, max: 2 ** 40 })
        .map((timestamp) => JSON.stringify({ name: 'alice', attributes: {}, timestamp })),
    ),
    email: fc.oneof(
      fc.emailAddress(),
      fc.constantFrom('a@b', 'x@example.com', 'x@example.com, y@example.com', `${HUGE}@example.com`),
    ),
    otp: fc.oneof(
      fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
      fc.constantFrom('000000', '1234567'),
    ),
    deviceId: fc.oneof(
      hex(32).map((h) => h.slice(2)),
      fc.uuid(),
    ),
    id: hex(32).map((h) => h.slice(2)),
    token: fc.oneof(hex(32), fc.base64String({ maxLength: 64 })),
    authShare: hex(33).map((h) => h.slice(2)),
    signature: hex(65),
    // Social login: a flow token's shape, the site a flow is for, the provider's callback parameters.
    flow: fc.base64String({ minLength: 44, maxLength: 44 }).map((b) => b.replace(/[+/=]/g, '_').slice(0, 43)),
    origin: fc.constantFrom('https://site.example', 'http://127.0.0.1:5173', 'https://evil.example', 'not a url'),
    state: fc.base64String({ maxLength: 64 }),
    code: fc.base64String({ maxLength: 64 }),
    error: fc.constantFrom('access_denied', 'server_error', ''),
    link: fc.constantFrom('true', 'false'),
  }
}
