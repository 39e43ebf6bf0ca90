import { isFeatureAvailable, type ResolvedOptions } from '../options/options.ts'

/**
 * Whether the site's options let the embedded wallet sign in: a frame URL, a Foyer server and a project id, with
 * email or social login on.
 */
export function isEmbeddedLoginEnabled(options: ResolvedOptions): boolean {
  return Boolean(
    options.frameUrl &&
      options.apiUrl &&
      options.projectId &&
      (isFeatureAvailable(options, 'email') || isFeatureAvailable(options, 'socials')),
  )
}
