import type { SocialProvider } from '@foyer/core/protocol'
import { effectiveFeatures, type Project } from '../../projects/model.ts'
import type { SocialProviderSettings } from '../../projects/socialLogin.ts'
import type { ConsoleProject, ConsoleSocialCredentials } from '../contract.ts'

/** A project as the console sees it: every switch with its effective value, and no client secret, only whether one is set. */
export function toConsoleProject(project: Project): ConsoleProject {
  const socialLogin: ConsoleProject['socialLogin'] = {}
  for (const [provider, settings] of Object.entries(project.socialLogin) as [SocialProvider, SocialProviderSettings][])
    socialLogin[provider] = toConsoleCredentials(settings)
  return {
    id: project.id,
    name: project.name,
    allowedOrigins: project.allowedOrigins,
    features: effectiveFeatures(project.features),
    socialLogin,
    sponsorship: project.sponsorship,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  }
}

function toConsoleCredentials({ clientSecret, ...visible }: SocialProviderSettings): ConsoleSocialCredentials {
  return { ...visible, hasClientSecret: clientSecret !== undefined }
}
