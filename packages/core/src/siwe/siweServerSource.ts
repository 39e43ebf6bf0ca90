import type { ApiClient } from '../api/apiClient.ts'
import { fetchSiweNonce } from './fetchSiweNonce.ts'
import { fetchSiweSession } from './fetchSiweSession.ts'
import { signOutSiwe } from './signOutSiwe.ts'
import type { SiweBackend } from './siweSource.ts'
import { readSiweToken, writeSiweToken } from './siweStorage.ts'
import { verifySiweMessage } from './verifySiweMessage.ts'

/**
 * `siwe: true`: the Foyer server issues nonces, verifies the signed message and signs a session token (a JWT),
 * which stays in localStorage per project so the session survives a reload; start-up asks the server whether the
 * stored token is still valid.
 */
export function createSiweServerBackend(client: { api?: ApiClient }, projectId: string | undefined): SiweBackend {
  return {
    async getNonce() {
      return (await fetchSiweNonce(client, {})).nonce
    },
    async verify(parameters) {
      const { token, address, chainId, expiresAt } = await verifySiweMessage(client, parameters)
      writeSiweToken(projectId, token)
      return { address, chainId, expiresAt }
    },
    async getSession() {
      const token = readSiweToken(projectId)
      if (!token) return null
      const session = await fetchSiweSession(client, { token })
      if (!session) writeSiweToken(projectId, undefined) // expired, revoked or another project's: forget it
      return session ? { address: session.address, chainId: session.chainId, expiresAt: session.expiresAt } : null
    },
    async signOut() {
      const token = readSiweToken(projectId)
      writeSiweToken(projectId, undefined)
      if (token) await signOutSiwe(client, { token })
    },
  }
}
