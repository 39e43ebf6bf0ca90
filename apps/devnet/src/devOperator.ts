/**
 * The local stack's console operator: `dev@foyer.local` with the password `foyer-dev-operator`, public like the anvil
 * keys. The stack gives it to the server as a FOYER_CONSOLE_OPERATORS entry, which the server creates at start when
 * missing (so it is there on every start, and a password changed since is kept). The setting takes a hash only; this
 * one was printed by `echo -n foyer-dev-operator | foyer-server operator hash`.
 */
export const DEV_OPERATOR_EMAIL = 'dev@foyer.local'
export const DEV_OPERATOR_PASSWORD = 'foyer-dev-operator'
export const DEV_OPERATOR_PASSWORD_HASH =
  '$scrypt$ln=15,r=8,p=1$shLdLPIOBFNerNlN6uN+Mg$3S2W6NJKPxokmi47gT2vNTNbJcEM0onqyZI2vqM4TO4'

/** The console's address on a server at `serverUrl`. */
export const consoleUrl = (serverUrl: string) => `${serverUrl.replace(/\/+$/, '')}/console/`

/**
 * FOYER_CONSOLE_OPERATORS with the dev operator added, unless the list already names that address (the developer's
 * entry wins) or is malformed (left for the server to report).
 */
export function withDevOperator(operators: string | undefined): string {
  const entry = { email: DEV_OPERATOR_EMAIL, passwordHash: DEV_OPERATOR_PASSWORD_HASH }
  if (!operators?.trim()) return JSON.stringify([entry])
  try {
    const list: unknown = JSON.parse(operators)
    if (
      Array.isArray(list) &&
      !list.some((o) => String((o as { email?: unknown })?.email).toLowerCase() === DEV_OPERATOR_EMAIL)
    )
      return JSON.stringify([...list, entry])
  } catch {}
  return operators
}
