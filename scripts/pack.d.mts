export declare const PACKS_DIR: string
export declare const PUBLISHED: readonly string[]
/** Runs a command to its end; a failure throws with the command, the folder and what it printed. */
export declare function run(cmd: string, args: string[], cwd: string, env?: Record<string, string>): string
export declare function buildPackages(): void
export declare function packOne(folder: string, name: string): string
