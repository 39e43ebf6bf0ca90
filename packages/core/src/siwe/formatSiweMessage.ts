import type { SiweMessageParameters } from './siweTypes.ts'

/**
 * The EIP-4361 text of a sign-in message. Hand-written rather than viem's `createSiweMessage` so that core keeps no
 * viem import: the sign-in chunk importing viem made the bundler split viem modules the page shares out of its
 * entry (+388 B gzip and one more start-up file on the demo, even without `siwe`). It only formats fields Foyer
 * itself fills; nothing untrusted is parsed here (the server parses with viem's `parseSiweMessage`), and
 * `formatSiweMessage.test.ts` checks it character for character against viem's `createSiweMessage`.
 * `address` must already be EIP-55 checksummed (the EVM adapter reports wagmi's checksummed addresses).
 */
export function formatSiweMessage(parameters: SiweMessageParameters): string {
  const { domain, uri, address, chainId, nonce, version, statement, issuedAt, expirationTime } = parameters
  if (statement?.includes('\n')) throw new Error('A sign-in statement must be one line')
  const lines = [
    `${domain} wants you to sign in with your Ethereum account:`,
    address,
    '',
    ...(statement ? [statement] : []),
    '',
    `URI: ${uri}`,
    `Version: ${version}`,
    `Chain ID: ${chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
  ]
  if (expirationTime) lines.push(`Expiration Time: ${expirationTime.toISOString()}`)
  return lines.join('\n')
}
