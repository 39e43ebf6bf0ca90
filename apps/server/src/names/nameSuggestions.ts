import { isValidNameLabel, MAX_NAME_LABEL_LENGTH, type NameSuggestion } from '@foyer/core/protocol'

/** How many free variants `GET /v1/profile/suggestions/{name}` offers after the name itself. */
export const MAX_NAME_VARIANTS = 4

const ENDINGS = ['1', '2', '3', '-id', '-web3', '4', '5', '-app', '7', '8', '9', '-me']
const YEAR = () => String(new Date().getUTCFullYear())

/**
 * Variants of `label` to offer when it, or they, may be taken: the label with a short ending (digits, `-id`, the
 * year …), cut so that every variant keeps to the 63-character limit. In a fixed order, never the label itself.
 */
export function nameVariants(label: string): string[] {
  const out: string[] = []
  for (const ending of [...ENDINGS.slice(0, 3), YEAR(), ...ENDINGS.slice(3)]) {
    const variant = `${label.slice(0, MAX_NAME_LABEL_LENGTH - ending.length)}${ending}`
    if (variant !== label && isValidNameLabel(variant) && !out.includes(variant)) out.push(variant)
  }
  return out
}

/** The name itself (registered or not), then up to MAX_NAME_VARIANTS free variants. */
export async function suggestNames(
  label: string,
  suffix: string,
  registeredAmong: (names: string[]) => Promise<Set<string>>,
): Promise<NameSuggestion[]> {
  const full = (l: string) => `${l}.${suffix}`
  const candidates = [label, ...nameVariants(label)].map(full)
  const taken = await registeredAmong(candidates)
  const [own, ...variants] = candidates
  return [
    { name: own!, registered: taken.has(own!) },
    ...variants
      .filter((name) => !taken.has(name))
      .slice(0, MAX_NAME_VARIANTS)
      .map((name) => ({ name, registered: false })),
  ]
}
