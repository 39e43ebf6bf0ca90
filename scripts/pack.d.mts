export declare const PACKS_DIR: string
/** The libraries a site installs, in packages/<name>. */
export declare const PUBLISHED: readonly string[]
/** Every package `npm run pack` packs: its folder and its tarball's name. */
export declare const PACKED: readonly { folder: string; name: string }[]
/** Runs a command to its end; a failure throws with the command, the folder and what it printed. */
export declare function run(cmd: string, args: string[], cwd: string, env?: Record<string, string>): string
export declare function packOne(folder: string, name: string, options?: { build?: boolean }): Promise<string>
/** PACKED, each with the packed packages its prepack needs built first. */
export declare function packOrder(): { folder: string; name: string; after: string[] }[]
export declare function packAll(options: {
  build?: boolean
  parallel?: number
  report: (name: string, problems: string[]) => void
}): Promise<void>
/** The files of a tarball `npm pack` wrote (gzipped ustar), with their sizes, sorted by path. */
export declare function tarballFiles(tarball: string): { path: string; size: number }[]
