// Test-only (not shipped): the frame-backed wallet as the views see it. The frame is a browser app on its own origin;
// its flows are tested in apps/frame against the real server, anvil and the bundler.
import type { Connector } from '@foyer/core'
import type { EmbeddedWallet } from '@foyer/core/internal'

/** The embedded wallet's connector, as the EVM adapter lists it. */
export const embeddedConnector: Connector = { id: 'foyer-embedded', name: 'Email', type: 'AUTH', chain: 'eip155' }

/**
 * Test double of the frame-backed wallet: an email login that asks for the code, no email on record, no devices
 * signed out; `overrides` give each test the part it looks at.
 */
export function embeddedWalletStandIn(overrides: Partial<EmbeddedWallet> = {}): EmbeddedWallet {
  return {
    connectorId: embeddedConnector.id,
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectOtp: async () => undefined,
    getEmail: () => undefined,
    updateEmail: async ({ email }) => ({ email }),
    showDevices: async () => ({ signedOut: false }),
    attachFrame: () => () => {},
    abortPendingRequests: () => undefined,
    ...overrides,
  }
}
