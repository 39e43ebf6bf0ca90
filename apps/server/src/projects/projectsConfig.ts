import type { Issue } from '../http/errors.ts'
import { type ProjectInput, parseProjectInput } from './model.ts'

/** FOYER_PROJECTS: a JSON array of extra projects to upsert at start; duplicate ids are refused. */
export function parseProjectsEnv(get: (name: string) => string | undefined, issues: Issue[]): ProjectInput[] {
  const projects: ProjectInput[] = []
  const rawProjects = get('FOYER_PROJECTS')
  if (rawProjects !== undefined) {
    let parsed: unknown
    try {
      parsed = JSON.parse(rawProjects)
    } catch (e) {
      issues.push({ path: 'FOYER_PROJECTS', message: `is not valid JSON (${(e as Error).message})` })
    }
    if (parsed !== undefined) {
      if (!Array.isArray(parsed)) {
        issues.push({ path: 'FOYER_PROJECTS', message: 'must be a JSON array of projects' })
      } else {
        parsed.forEach((p, i) => {
          const project = parseProjectInput(p, `FOYER_PROJECTS[${i}]`, issues)
          if (!project) return
          if (projects.some((q) => q.id === project.id)) {
            issues.push({
              path: `FOYER_PROJECTS[${i}].id`,
              message: `duplicate project id ${JSON.stringify(project.id)}`,
            })
          } else projects.push(project)
        })
      }
    }
  }
  return projects
}
