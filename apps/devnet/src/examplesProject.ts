/**
 * The project the example sites (examples/*) use against the local stack: the Vite site on 5180, the Next.js site
 * on 5181, the site with EVM and Solana on 5182 and its Solana-only page on 5183. The stack adds it to the server's
 * FOYER_PROJECTS, beside any projects given there.
 */
export const EXAMPLE_PORTS = {
  viteReact18: 5180,
  nextjs: 5181,
  viteMultichain: 5182,
  viteMultichainSolana: 5183,
} as const

export const EXAMPLES_PROJECT = {
  id: 'foyer-examples',
  name: 'Foyer examples',
  allowedOrigins: Object.values(EXAMPLE_PORTS).flatMap((port) => [
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
  ]),
}

/** FOYER_PROJECTS with the examples' project added (a malformed list is left for the server to report). */
export function withExamplesProject(projects: string | undefined): string {
  if (!projects?.trim()) return JSON.stringify([EXAMPLES_PROJECT])
  try {
    const list: unknown = JSON.parse(projects)
    if (Array.isArray(list) && !list.some((p) => (p as { id?: unknown })?.id === EXAMPLES_PROJECT.id))
      return JSON.stringify([...list, EXAMPLES_PROJECT])
  } catch {}
  return projects
}
