import { identityQueryKey } from '../account-data/fetchIdentity.ts'
import { failureProps } from '../analytics/failureProps.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { onePerClient } from '../client/onePerClient.ts'
import { ChainAdapterNotFoundError, ClientNotSetError } from '../errors/errors.ts'
import { DEFAULT_NAMES_SUFFIX, isValidNameLabel } from '../protocol/nameRules.ts'
import { afterNameRegistrationFailure } from '../router/router.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { createNameMessage } from './createNameMessage.ts'
import { fetchAccountNames } from './fetchAccountNames.ts'
import { fetchNameSuggestions, type NameSuggestion } from './fetchNameSuggestions.ts'
import { nameCoinType } from './nameCoinType.ts'
import { registerAccountName } from './registerAccountName.ts'

/** Milliseconds the typed label rests before suggestions and availability are asked for. */
export const NAME_SUGGESTIONS_DELAY_MS = 300

/** What the server answered for a name (`POST /v1/profile/account`): the record the view shows. */
export type RegisteredName = { name: string; avatar: string | null }

export type NameRegistrationState = {
  /** The label as typed (trimmed, without the suffix). */
  label: string
  /** The suffix names end with: the server's, once it answered (`foyer.id` until then). */
  suffix: string
  /** idle: nothing valid typed; loading: waiting for the pause or the server; error: the server failed. */
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** The typed name first, then free variants. */
  suggestions: NameSuggestion[]
  /** Whether the typed name is free; undefined until the server answered for this label. */
  available?: boolean
  /** Waiting for the wallet's signature and the server. */
  registering: boolean
  /** The name just registered (RegisterAccountNameSuccess shows it). */
  registered?: RegisteredName
  /** The account's names already registered, its primary (newest) first; undefined until read. */
  ownNames?: string[]
}

export const initialNameRegistrationState: NameRegistrationState = {
  label: '',
  suffix: DEFAULT_NAMES_SUFFIX,
  status: 'idle',
  suggestions: [],
  available: undefined,
  registering: false,
  registered: undefined,
  ownNames: undefined,
}

/** `alice` → `alice`, `Alice.foyer.id` → `alice` (any suffix after the first dot is dropped). */
function labelOf(name: string): string {
  return name.trim().split('.')[0]!.toLowerCase()
}

export type NameRegistrationController = ReturnType<typeof createNameRegistrationController>
const controllers = onePerClient((client) => createNameRegistrationController(client))

/** The name registration flow of one Foyer client (made on first use). */
export function getNameRegistrationController(client: FoyerClient): NameRegistrationController {
  return controllers(client)
}

/**
 * Choosing an account name: the typed label is checked against the rule, and after a 300 ms pause the server is
 * asked for suggestions (the name itself, registered or free, then free variants). Register builds the signed
 * message (`createNameMessage`), has the wallet sign it (`signMessage`, EIP-191) and posts it with the coin type of
 * the current EVM chain; success shows RegisterAccountNameSuccess and refreshes the account's identity, failure
 * shows "Error registering name" and returns to RegisterAccountName (`afterNameRegistrationFailure`).
 */
export function createNameRegistrationController(
  client: FoyerClient,
  { delayMs = NAME_SUGGESTIONS_DELAY_MS }: { delayMs?: number } = {},
) {
  const store: Store<NameRegistrationState> = createStore(initialNameRegistrationState)
  const get = store.getState
  let timer: ReturnType<typeof setTimeout> | undefined
  let request: AbortController | undefined

  client.subscribe((state, previous) => {
    if (state.account.address !== previous.account.address) reset()
  })

  function cancelLookup() {
    clearTimeout(timer)
    request?.abort()
    request = undefined
  }

  function reset() {
    cancelLookup()
    store.setState({ ...initialNameRegistrationState, suffix: get().suffix })
  }

  /** Sets the typed label; a valid one is looked up after the pause (earlier lookups are dropped). */
  function setLabel(value: string) {
    const label = value.trim()
    cancelLookup()
    const valid = isValidNameLabel(labelOf(label))
    store.setState({ label, suggestions: [], available: undefined, status: valid ? 'loading' : 'idle' })
    if (valid) timer = setTimeout(() => void lookUp(labelOf(label)), delayMs)
  }

  async function lookUp(label: string) {
    const controller = new AbortController()
    request = controller
    try {
      const suggestions = await fetchNameSuggestions(client, { name: label, signal: controller.signal })
      if (request !== controller) return
      const own = suggestions.find((s) => labelOf(s.name) === label)
      const suffix = own?.name.slice(label.length + 1) || get().suffix
      store.setState({ status: 'ready', suggestions, available: own ? !own.registered : undefined, suffix })
    } catch (error) {
      if (request !== controller) return
      client.logger.error('names: suggestions', error)
      store.setState({ status: 'error' })
      client.showSnackbar('error', { key: 'snackbar.errorFetchingNameSuggestions' })
    } finally {
      if (request === controller) request = undefined
    }
  }

  let ownNamesRequest: AbortController | undefined
  /**
   * Reads the connected account's names (`GET /v1/profile/reverse/{address}`) for the view to list; a failure shows
   * "Error fetching names for address". Returns a clean-up that drops an answer still on its way.
   */
  function loadOwnNames(): () => void {
    const { address } = client.getState().account
    ownNamesRequest?.abort()
    if (!address) return () => {}
    const request = new AbortController()
    ownNamesRequest = request
    fetchAccountNames(client, { address, signal: request.signal }).then(
      (records) => {
        if (ownNamesRequest === request) store.setState({ ownNames: records.map((r) => r.name) })
      },
      (error: unknown) => {
        if (ownNamesRequest !== request) return
        client.logger.error('names: names for address', error)
        client.showSnackbar('error', { key: 'snackbar.errorFetchingNamesForAddress' })
      },
    )
    return () => {
      if (ownNamesRequest === request) ownNamesRequest = undefined
      request.abort()
    }
  }

  /** Picks a suggestion: it becomes the typed name (looked up at once, no pause). */
  function selectSuggestion(name: string) {
    cancelLookup()
    const label = labelOf(name)
    store.setState({ label, status: 'loading', available: undefined })
    void lookUp(label)
  }

  /** Registers the typed name (or `name`) for the connected account on the current EVM chain. */
  async function register(name = get().label): Promise<RegisteredName | undefined> {
    const label = labelOf(name)
    const { address } = client.getState().account
    if (get().registering || !address || !isValidNameLabel(label)) return undefined
    const fullName = `${label}.${get().suffix}`
    store.setState({ registering: true })
    try {
      const network = client.getSelectedNetwork()
      const adapter = client.options.adapters.find((a) => a.namespace === 'eip155')
      if (network.chainNamespace !== 'eip155' || !adapter?.signMessage)
        throw new ChainAdapterNotFoundError({ namespace: 'eip155' })
      const project = client.options.projectId
      if (!project) throw new ClientNotSetError({ details: 'No projectId: a name is registered through a project' })
      const chainId = Number(network.chainId)
      const message = createNameMessage({ name: fullName, address, chainId, project })
      const signature = await adapter.signMessage({ message })
      const record = await registerAccountName(client, {
        coinType: nameCoinType(chainId),
        address,
        message,
        signature,
      })
      const registered: RegisteredName = { name: record.name, avatar: record.attributes?.avatar ?? null }
      cancelLookup()
      client.emit('NAME_REGISTER_SUCCESS')
      store.setState({ ...initialNameRegistrationState, suffix: get().suffix, registered })
      // The newest name of an address is its primary name: Account shows it now, and reads it again.
      if (client.getState().account.address === address) {
        client.store.setState((s) => ({
          account: { ...s.account, profileName: registered.name, profileImage: registered.avatar },
        }))
      }
      client.queries.invalidate(identityQueryKey({ address }))
      client.navigate.push('RegisterAccountNameSuccess')
      return registered
    } catch (error) {
      client.logger.error('names: register', error)
      client.emit('NAME_REGISTER_ERROR', failureProps(error), 'error')
      store.setState({ registering: false })
      client.showSnackbar('error', { key: 'snackbar.errorRegisteringName' })
      if (client.getState().modal.open)
        client.store.setState({ router: afterNameRegistrationFailure(client.getState().router) })
      // What was typed may have been taken meanwhile: ask again.
      if (isValidNameLabel(labelOf(get().label))) selectSuggestion(get().label)
      return undefined
    }
  }

  return {
    store,
    getState: get,
    subscribe: store.subscribe,
    setLabel,
    selectSuggestion,
    register,
    reset,
    loadOwnNames,
  }
}
