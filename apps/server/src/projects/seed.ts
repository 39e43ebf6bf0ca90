import type { ServerConfig } from '../config.ts'
import { DEMO_PROJECT } from './model.ts'
import type { ProjectStore } from './store.ts'

/**
 * Upserts the demo project (unless FOYER_SEED_DEMO is off), then every FOYER_PROJECTS entry. An entry whose id is the
 * demo's (`foyer-demo`) IS the demo project: it replaces the built-in one whole — its origins, features and social
 * credentials, nothing merged — and the built-in one is not written at all (so the row is not rewritten twice at each
 * start). With FOYER_SEED_DEMO off, such an entry is still written: it is the operator's own project.
 */
export async function seedProjects(store: ProjectStore, config: Pick<ServerConfig, 'seedDemoProject' | 'projects'>) {
  const demoGiven = config.projects.some((p) => p.id === DEMO_PROJECT.id)
  if (config.seedDemoProject && !demoGiven) await store.upsert(DEMO_PROJECT)
  for (const p of config.projects) await store.upsert(p)
}
