import { paymaster } from '../protocol/endpoints/sponsorship.ts'
import type { ProjectSettings } from './fetchProjectSettings.ts'

/**
 * Whether the project pays the gas of a transaction on `chainId` (`GET /v1/project`'s `sponsorship.chains`): what the
 * modal says as "Gas sponsored by this site". Settings not loaded yet, or failed: not sponsored.
 */
export function isGasSponsored(settings: Pick<ProjectSettings, 'sponsorship'> | undefined, chainId: number): boolean {
  return settings?.sponsorship?.chains.includes(chainId) ?? false
}

/**
 * The project's ERC-7677 paymaster service (`POST /v1/paymaster?projectId=…`): the URL a bundler client takes as
 * its paymaster (viem's `createPaymasterClient({ transport: http(url) })`). Undefined without `apiUrl` or `projectId`.
 */
export function paymasterServiceUrl(options: { apiUrl?: string; projectId?: string }): string | undefined {
  if (!options.apiUrl || !options.projectId) return undefined
  return `${options.apiUrl}${paymaster.path}?projectId=${encodeURIComponent(options.projectId)}`
}
