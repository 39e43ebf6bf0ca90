import type { OnrampConfig } from './onrampConfig.ts'
import type { OnrampProviderModule } from './onrampProvider.ts'
import { createSandboxProvider } from './sandboxProvider.ts'

/** The configured providers, by id, in the operator's order (the first is the default). */
export function createOnrampProviders(config: OnrampConfig): Map<string, OnrampProviderModule> {
  const providers = new Map<string, OnrampProviderModule>()
  for (const settings of config.providers) {
    switch (settings.kind) {
      case 'sandbox':
        providers.set(settings.id, createSandboxProvider(settings))
        break
    }
  }
  return providers
}
