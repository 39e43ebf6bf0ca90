import { type Address, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fetchIdentity } from '../account-data/fetchIdentity.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { UserRejectedRequestError } from '../errors/errors.ts'
import { nameSuggestions } from '../protocol/endpoints/names.ts'
import { createSendController } from '../send/sendController.ts'
import { sendInputError } from '../send/sendInputError.ts'
import { connectedAnvilClient } from '../test/anvilWallet.ts'
import { SWAP_TEST_TIMEOUT_MS, type SwapTestServer, startSwapTestServer } from '../test/swapTestServer.ts'
import { createNameRegistrationController } from './nameRegistrationController.ts'
import { watchAccountIdentity } from './watchAccountIdentity.ts'

// The real server (PGlite) on this file's own anvil (19530), two sites' clients holding dev accounts 5 and 6 through
// the real EVM adapter (wagmi's mock connector, signing with anvil's unlocked accounts).
let server: SwapTestServer
let me: { client: FoyerClient; unmount(): void }
let other: { client: FoyerClient; unmount(): void }
let myAddress: Address
let otherAddress: Address
const run = Date.now().toString(36)

beforeAll(async () => {
  server = await startSwapTestServer({ port: 19530 })
  myAddress = server.accounts[5]!.address as Address
  otherAddress = server.accounts[6]!.address as Address
  const site = { chain: server.chain, network: server.network, apiUrl: server.apiUrl, projectId: 'foyer-demo' }
  ;[me, other] = await Promise.all([
    connectedAnvilClient({ ...site, address: myAddress }),
    connectedAnvilClient({ ...site, address: otherAddress }),
  ])
}, SWAP_TEST_TIMEOUT_MS)
afterAll(async () => {
  me?.unmount()
  other?.unmount()
  await server?.stop()
})

/** The client's modal on RegisterAccountName, reached from Account. */
function onRegistrationView(client: FoyerClient) {
  client.open({ view: 'Account' })
  client.navigate.push('RegisterAccountName')
}

async function typed(names: ReturnType<typeof createNameRegistrationController>, label: string) {
  names.setLabel(label)
  await vi.waitFor(() => expect(names.getState().status).toBe('ready'), { timeout: 5000 })
  return names.getState()
}

describe('name registration controller', () => {
  it('asks the server once the typing rests 300 ms; a label that breaks the rule is never sent', async () => {
    const names = createNameRegistrationController(me.client)
    const get = vi.spyOn(me.client.api!, 'call')
    try {
      names.setLabel('ab')
      expect(names.getState()).toMatchObject({ status: 'idle', suggestions: [], available: undefined })
      names.setLabel('no_underscores')
      expect(names.getState().status).toBe('idle')
      names.setLabel(`fre`)
      names.setLabel(`free-${run}`)
      names.setLabel(`Free-${run}-x`)
      expect(names.getState().status).toBe('loading')
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(get).not.toHaveBeenCalled()
      await vi.waitFor(() => expect(names.getState().status).toBe('ready'))
      expect(get).toHaveBeenCalledTimes(1)
      expect(get.mock.calls[0]!.slice(0, 2)).toEqual([nameSuggestions, { params: { name: `free-${run}-x` } }])
    } finally {
      get.mockRestore()
    }
    const state = names.getState()
    expect(state.suggestions[0]).toEqual({ name: `free-${run}-x.foyer.id`, registered: false })
    expect(state).toMatchObject({ available: true, suffix: 'foyer.id' })
  })

  it('registers: the wallet signs, the server keeps it, Success shows it and Account’s identity follows', async () => {
    const names = createNameRegistrationController(me.client)
    onRegistrationView(me.client)
    await typed(names, `mine-${run}`)
    const signMessage = vi.spyOn(me.client.options.adapters[0]!, 'signMessage')
    const registered = await names.register()
    expect(signMessage).toHaveBeenCalledTimes(1)
    const message = JSON.parse(signMessage.mock.calls[0]![0].message)
    expect(message).toMatchObject({ name: `mine-${run}.foyer.id`, attributes: {} })
    expect(Math.abs(message.timestamp - Date.now() / 1000)).toBeLessThan(10)
    signMessage.mockRestore()

    expect(registered).toEqual({ name: `mine-${run}.foyer.id`, avatar: null })
    expect(names.getState()).toMatchObject({ registering: false, registered, label: '' })
    expect(me.client.getState().router).toMatchObject({
      view: 'RegisterAccountNameSuccess',
      history: ['Account', 'RegisterAccountName', 'RegisterAccountNameSuccess'],
    })
    expect(me.client.getState().account.profileName).toBe(`mine-${run}.foyer.id`)
    expect(await fetchIdentity(me.client, { address: myAddress })).toEqual({
      name: `mine-${run}.foyer.id`,
      avatar: null,
    })

    // Account reads the identity on its own (a fresh page): the name replaces the short address.
    me.client.store.setState((s) => ({ account: { ...s.account, profileName: undefined } }))
    const stop = watchAccountIdentity(me.client)
    await vi.waitFor(() => expect(me.client.getState().account.profileName).toBe(`mine-${run}.foyer.id`))
    stop()
    me.client.close()
  })

  it('a taken name is shown as registered with free variants; registering it is refused and returns to the view', async () => {
    const theirs = createNameRegistrationController(other.client)
    await typed(theirs, `taken-${run}`)
    expect(await theirs.register()).toEqual({ name: `taken-${run}.foyer.id`, avatar: null })

    const names = createNameRegistrationController(me.client)
    onRegistrationView(me.client)
    const state = await typed(names, `taken-${run}`)
    expect(state.available).toBe(false)
    expect(state.suggestions[0]).toEqual({ name: `taken-${run}.foyer.id`, registered: true })
    expect(state.suggestions.length).toBeGreaterThan(1)
    expect(state.suggestions.slice(1).every((s) => !s.registered)).toBe(true)

    // Refused (409 name_taken) even with something on top (as the secure frame's approval would be).
    me.client.navigate.push('ApproveTransaction')
    expect(await names.register()).toBeUndefined()
    expect(me.client.getState().snackbar).toMatchObject({
      variant: 'error',
      message: { key: 'snackbar.errorRegisteringName' },
    })
    expect(me.client.getState().router).toMatchObject({
      view: 'RegisterAccountName',
      history: ['Account', 'RegisterAccountName'],
    })
    expect(names.getState().registering).toBe(false)
    me.client.close()
  })

  it('a declined signature: "Error registering name", back on the registration view, nothing registered', async () => {
    const names = createNameRegistrationController(me.client)
    onRegistrationView(me.client)
    await typed(names, `declined-${run}`)
    const signMessage = vi
      .spyOn(me.client.options.adapters[0]!, 'signMessage')
      .mockRejectedValue(new UserRejectedRequestError())
    try {
      expect(await names.register()).toBeUndefined()
    } finally {
      signMessage.mockRestore()
    }
    expect(me.client.getState().snackbar.message).toEqual({ key: 'snackbar.errorRegisteringName' })
    expect(me.client.getState().router.view).toBe('RegisterAccountName')
    const again = await typed(names, `declined-${run}`)
    expect(again.available).toBe(true)
    me.client.close()
  })

  it('lists the account\'s names, the shown (newest) first; a failing server says "Error fetching names for address"', async () => {
    const theirs = createNameRegistrationController(other.client)
    await typed(theirs, `first-${run}`)
    await theirs.register()
    await typed(theirs, `second-${run}`)
    await theirs.register()
    theirs.loadOwnNames()
    await vi.waitFor(() =>
      expect(theirs.getState().ownNames?.slice(0, 2)).toEqual([`second-${run}.foyer.id`, `first-${run}.foyer.id`]),
    )

    const names = createNameRegistrationController(other.client)
    const get = vi.spyOn(other.client.api!, 'call').mockRejectedValue(new TypeError('fetch failed'))
    try {
      names.loadOwnNames()
      await vi.waitFor(() =>
        expect(other.client.getState().snackbar.message).toEqual({ key: 'snackbar.errorFetchingNamesForAddress' }),
      )
    } finally {
      get.mockRestore()
    }
    expect(names.getState().ownNames).toBeUndefined()
    other.client.close()
  })

  it('a failing server: "Error fetching name suggestions"', async () => {
    const names = createNameRegistrationController(me.client)
    const get = vi.spyOn(me.client.api!, 'call').mockRejectedValue(new TypeError('fetch failed'))
    try {
      names.setLabel(`broken-${run}`)
      await vi.waitFor(() => expect(names.getState().status).toBe('error'))
    } finally {
      get.mockRestore()
    }
    expect(me.client.getState().snackbar.message).toEqual({ key: 'snackbar.errorFetchingNameSuggestions' })
  })
})

describe('send to a name', () => {
  it('a label or full name resolves to its address on this chain, shows its name, and receives', async () => {
    const theirs = createNameRegistrationController(other.client)
    await typed(theirs, `payee-${run}`)
    await theirs.register()

    const send = createSendController(me.client)
    await send.initialize()
    send.setAmount('0.25')
    send.setReceiverAddress(`Payee-${run}.foyer.id`)
    expect(send.getState()).toMatchObject({ receiverNameStatus: 'resolving', receiverAddress: '' })
    expect(sendInputError(send.getState(), server.network)).toBe('send.resolvingName')
    await vi.waitFor(() => expect(send.getState().receiverNameStatus).toBe('resolved'))
    expect(send.getState()).toMatchObject({
      receiverName: `Payee-${run}.foyer.id`,
      receiverAddress: otherAddress,
      receiverProfileName: `payee-${run}.foyer.id`,
      receiverProfileImage: null,
    })
    expect(sendInputError(send.getState(), server.network)).toBeUndefined()

    send.setReceiverAddress(`payee-${run}`)
    await vi.waitFor(() => expect(send.getState().receiverNameStatus).toBe('resolved'))
    const before = await server.publicClient.getBalance({ address: otherAddress })
    await send.send()
    expect(me.client.getState().snackbar.message).toEqual({ key: 'snackbar.transactionStarted' })
    await vi.waitFor(async () =>
      expect((await server.publicClient.getBalance({ address: otherAddress })) - before).toBe(parseEther('0.25')),
    )
  })

  it('an unknown name (or another suffix) says "Error resolving name" and blocks the send', async () => {
    const send = createSendController(me.client)
    await send.initialize()
    send.setAmount('0.1')
    for (const name of [`nobody-${run}`, `payee-${run}.elsewhere.id`]) {
      send.setReceiverAddress(name)
      await vi.waitFor(() => expect(send.getState().receiverNameStatus).toBe('error'))
      expect(send.getState().receiverAddress).toBe('')
      expect(sendInputError(send.getState(), server.network)).toBe('snackbar.errorResolvingName')
    }
    // An address is still an address.
    send.setReceiverAddress(otherAddress)
    expect(send.getState()).toMatchObject({ receiverAddress: otherAddress, receiverName: undefined })
    expect(sendInputError(send.getState(), server.network)).toBeUndefined()
  })
})
