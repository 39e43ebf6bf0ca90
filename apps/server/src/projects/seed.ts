import type { ServerConfig } from '../config.ts'
import { type Logger, silentLogger } from '../log.ts'
import { configDigest } from './configDigest.ts'
import { DEMO_PROJECT } from './model.ts'
import type { ProjectStore } from './store.ts'

/**
 * Writes the demo project (unless FOYER_SEED_DEMO is off), then every FOYER_PROJECTS entry — each only when it is new
 * or differs from what the last start wrote (`ProjectStore.applyConfigured`). The last change wins: an entry the
 * operator edits replaces the project whole at the next start, and a restart with the same settings keeps what the
 * console changed since. A project the console created and no entry names is never touched.
 *
 * An entry whose id is the demo's (`foyer-demo`) IS the demo project: it replaces the built-in one whole — its
 * origins, features and social credentials, nothing merged — and the built-in one is not written at all. With
 * FOYER_SEED_DEMO off, such an entry is still written: it is the operator's own project. The entry removed, the
 * built-in demo differs from it, so it is written again.
 */
export async function seedProjects(
  store: ProjectStore,
  config: Pick<ServerConfig, 'seedDemoProject' | 'projects'>,
  logger: Logger = silentLogger,
) {
  const demoGiven = config.projects.some((p) => p.id === DEMO_PROJECT.id)
  const entries = [...(config.seedDemoProject && !demoGiven ? [DEMO_PROJECT] : []), ...config.projects]
  for (const entry of entries) {
    if (await store.applyConfigured(entry, configDigest(entry)))
      logger.info('project written from the configuration (new or changed since the last start)', { project: entry.id })
  }
}
