import { storage } from '../walletconnect/walletStorage.ts'

/** Where the Foyer server's session token is kept: one key per project, so two sites on one origin stay apart. */
export function siweTokenKey(projectId: string | undefined): string {
  return `foyer.siwe.${projectId ?? 'default'}`
}

export function readSiweToken(projectId: string | undefined): string | undefined {
  try {
    return storage()?.getItem(siweTokenKey(projectId)) ?? undefined
  } catch {
    return undefined
  }
}

export function writeSiweToken(projectId: string | undefined, token: string | undefined) {
  try {
    if (token === undefined) storage()?.removeItem(siweTokenKey(projectId))
    else storage()?.setItem(siweTokenKey(projectId), token)
  } catch {
    // quota or blocked storage: the session lasts until the page is left
  }
}
