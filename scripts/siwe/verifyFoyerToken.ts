import { createRemoteJWKSet, jwtVerify } from 'jose'

// Your Foyer server's public URL (its FOYER_PUBLIC_URL) and your project id.
const FOYER_URL = process.env.FOYER_URL ?? 'https://foyer.example.com'
const PROJECT_ID = process.env.FOYER_PROJECT_ID ?? 'my-site'

// Fetched once, cached, fetched again when a token names a key it does not know (after a rotation).
const foyerKeys = createRemoteJWKSet(new URL('/.well-known/jwks.json', FOYER_URL))

/** Who a Foyer sign-in token stands for; throws when it is not a valid token for this site. */
export async function verifyFoyerToken(token: string) {
  const { payload } = await jwtVerify(token, foyerKeys, {
    issuer: FOYER_URL,
    audience: PROJECT_ID,
    algorithms: ['ES256'],
  })
  return { address: payload.sub as `0x${string}`, chainId: payload.chain_id as number, sessionId: payload.jti }
}
