export declare const CANDIDATES: readonly string[]
/** How every test and benchmark starts it: headless, no sandbox, nothing that reaches the internet. */
export declare const CHROMIUM_ARGS: string[]
export declare const NOT_FOUND_MESSAGE: string
/** The Chromium to use ($FOYER_CHROMIUM, /usr/bin/chromium, /usr/bin/chromium-browser), or null. */
export declare function findChromium(env?: NodeJS.ProcessEnv): string | null
/** Finds Chromium, installing Debian's package when root with apt-get; throws with a one-line message otherwise. */
export declare function ensureChromium(options?: { install?: boolean; log?: (line: string) => void }): string
