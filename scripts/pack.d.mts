export declare const PACKS_DIR: string
export declare const PUBLISHED: readonly string[]
export declare function buildPackages(): void
export declare function packOne(folder: string, name: string): string
