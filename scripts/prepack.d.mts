type Workspaces = Map<
  string,
  { folder: string; manifest: { name: string; scripts?: Record<string, string> } & Record<string, unknown> }
>
/** The workspaces of the repository at `root` (root package.json `workspaces`, folders or `folder/*`), by name. */
export declare function readWorkspaces(root: string): Workspaces
/** `name`'s workspace dependencies, transitively, each after the ones it depends on, and `name` last. */
export declare function buildOrder(workspaces: Workspaces, name: string): string[]
/** Hashes of a repository's builds: of each package's inputs, and of what a package's dist/ holds. */
export declare function fingerprints(
  root: string,
  workspaces: Workspaces,
): { inputsOf(name: string): string; distOf(name: string): string | null }
/**
 * Builds `name` and, before it, each workspace package it depends on whose dist/ is missing or stale. Returns what
 * was done to each package of the build order, in that order.
 */
export declare function prepack(
  root: string,
  name: string,
  log?: (line: string) => void,
): { name: string; built: boolean }[]
