export declare const EXAMPLES: string[]
export declare const EXAMPLES_DIR: string
export declare function prepareExample(name: string, options?: { build?: boolean }): string
