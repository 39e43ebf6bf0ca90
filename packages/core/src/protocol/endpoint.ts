/** One route of the Foyer server as a client calls it: its name, method and path (a Hono pattern, `:name` a path parameter). */
export type HttpMethod = 'GET' | 'POST'

export type Endpoint = { readonly name: string; readonly method: HttpMethod; readonly path: string }

/** The names of a path's parameters: `'/v1/account/:address/balance'` → `'address'`. */
export type PathParameterNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameterNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

/** A path with its parameters filled in, each URI-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`The path ${path} needs its :${name} parameter`)
    return encodeURIComponent(value)
  })
}
