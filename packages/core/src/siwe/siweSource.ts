import type { ApiClient } from '../api/apiClient.ts'
import { formatSiweMessage } from './formatSiweMessage.ts'
import { SiweNotVerifiedError } from './siweClientErrors.ts'
import { createSiweServerBackend } from './siweServerSource.ts'
import type { SiweBehaviour, SiweConfig, SiweMessageParameters, SiweOption, SiweSession } from './siweTypes.ts'

/** What the controller needs from a sign-in backend: the Foyer server's, or the site's own. */
export type SiweBackend = {
  getNonce(address: string): Promise<string>
  /** Checks the signed message and starts the session; throws when refused. */
  verify(parameters: { message: string; signature: string }): Promise<SiweSession>
  getSession(): Promise<SiweSession | null>
  signOut(): Promise<void>
}

export type SiweSource = SiweBackend & {
  behaviour: Required<SiweBehaviour>
  createMessage(parameters: SiweMessageParameters): string
}

function isSiteConfig(option: SiweOption): option is SiweConfig {
  return typeof option === 'object' && 'getNonce' in option
}

/** The backend for the site's `siwe` option, with the message maker and the sign-out rules (each true by default). */
export function createSiweSource(option: SiweOption, context: { api?: ApiClient; projectId?: string }): SiweSource {
  const flags: SiweBehaviour = typeof option === 'object' ? option : {}
  const behaviour: Required<SiweBehaviour> = {
    signOutOnDisconnect: flags.signOutOnDisconnect ?? true,
    signOutOnAccountChange: flags.signOutOnAccountChange ?? true,
    signOutOnNetworkChange: flags.signOutOnNetworkChange ?? true,
  }
  const createMessage = (isSiteConfig(option) && option.createMessage) || formatSiweMessage
  if (!isSiteConfig(option))
    return { ...createSiweServerBackend({ api: context.api }, context.projectId), behaviour, createMessage }
  const site = option
  return {
    behaviour,
    createMessage,
    getNonce: (address) => site.getNonce(address),
    async verify(parameters) {
      if (!(await site.verifyMessage(parameters))) throw new SiweNotVerifiedError()
      const session = await site.getSession()
      if (!session) throw new SiweNotVerifiedError({ details: 'getSession returned no session after verifyMessage' })
      return session
    },
    getSession: () => site.getSession(),
    async signOut() {
      await site.signOut()
    },
  }
}
