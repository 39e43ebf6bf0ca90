import type { ServerConfig } from '../config.ts'
import { DEMO_PROJECT } from './model.ts'
import type { ProjectStore } from './store.ts'

/** Upserts the demo project (unless switched off), then FOYER_PROJECTS — so an operator's entry wins. */
export async function seedProjects(store: ProjectStore, config: Pick<ServerConfig, 'seedDemoProject' | 'projects'>) {
  if (config.seedDemoProject) await store.upsert(DEMO_PROJECT)
  for (const p of config.projects) await store.upsert(p)
}
