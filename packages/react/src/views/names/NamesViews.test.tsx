// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { ADDRESS, fakeAdapter, localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

afterEach(async () => {
  await cleanup()
  vi.unstubAllGlobals()
})

const API = 'https://foyer.test'
const RULE = 'Letters, digits and hyphens, at least 4 characters, starting and ending with a letter or digit.'
const COIN_TYPE = String((0x80000000 | 31337) >>> 0)

/**
 * Test double only: the names routes as the contract defines them, in memory (the real server is exercised by
 * core's nameRegistrationController.test.ts and e2e/names.spec.ts).
 */
function namesServerDouble() {
  const owners = new Map<string, string>([['taken.foyer.id', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8']])
  const record = (name: string) => ({
    name,
    addresses: { [COIN_TYPE]: { address: owners.get(name)! } },
    attributes: {},
    createdAt: '2026-11-25T00:00:00.000Z',
  })
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
    const path = decodeURIComponent(url.pathname)
    const full = (name: string) => (name.includes('.') ? name : `${name}.foyer.id`).toLowerCase()
    if (path.startsWith('/v1/identity/')) {
      const address = path.split('/').at(-1)!.toLowerCase()
      const name = [...owners].reverse().find(([, owner]) => owner.toLowerCase() === address)?.[0] ?? null
      return json({ name, avatar: null })
    }
    if (path.startsWith('/v1/profile/suggestions/')) {
      const name = full(path.split('/').at(-1)!)
      const label = name.split('.')[0]
      return json({
        suggestions: [
          { name, registered: owners.has(name) },
          { name: `${label}1.foyer.id`, registered: false },
        ],
      })
    }
    if (path === '/v1/profile/account' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { address: string; message: string; coin_type: number }
      const { name } = JSON.parse(body.message) as { name: string }
      if (owners.has(name)) return json({ error: 'name_taken', message: 'taken' }, 409)
      owners.set(name, body.address)
      return json(record(name))
    }
    return json({ error: 'not_found', message: 'no route' }, 404)
  })
  return { fetch, owners }
}

async function openAccount() {
  const server = namesServerDouble()
  vi.stubGlobal('fetch', server.fetch)
  const signMessage = vi.fn(async (_: { message: string }) => `0x${'11'.repeat(65)}`)
  const adapter = Object.assign(fakeAdapter(), { signMessage })
  const foyer = createFoyer({
    adapters: [adapter],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: API,
    projectId: 'test',
    features: { swaps: false, history: false },
    logLevel: 'silent',
  })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.connect('dev.foyer.testwallet'))
  await act(async () => foyer.open({ view: 'Account' }))
  await openedModal('Account')
  return { foyer, server, signMessage }
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('account names', () => {
  it('Account offers "Choose a name"; the registration view shows the rule, the suffix and suggestions', async () => {
    const { foyer } = await openAccount()
    expect(byTestId('account-name').textContent).toBe('0xf39F…2266')
    expect(byTestId('choose-name').textContent).toContain('Choose a name')
    await click(byTestId('choose-name'))
    await openedModal('RegisterAccountName')
    expect(foyer.getState().router.history).toEqual(['Account', 'RegisterAccountName'])
    expect(byTestId('foyer-modal').textContent).toContain('Choose a Name')
    expect(byTestId('foyer-modal').textContent).toContain(RULE)
    expect(byTestId('name-suffix').textContent).toBe('.foyer.id')
    const input = byTestId<HTMLInputElement>('name-input')
    // Labelled, and described by the rule and the live status.
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Name')
    const describedBy = input.getAttribute('aria-describedby')!.split(' ')
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(RULE)

    // The DNS label rule: no underscore, no hyphen first or last, no punycode or other `--` prefix.
    for (const bad of ['ab_c', '-abc', 'abc-', '----', 'xn--abcd']) {
      await type(input, bad)
      expect(byTestId('name-availability').textContent, bad).toBe(
        'Use letters, digits and hyphens, at least 4 characters, starting and ending with a letter or digit',
      )
      expect(input.getAttribute('aria-invalid'), bad).toBe('true')
      expect(byTestId<HTMLButtonElement>('name-register').disabled, bad).toBe(true)
    }

    await type(input, 'taken')
    expect(byTestId('name-availability').textContent).toBe('Checking availability…')
    await waitFor(() => expect(byTestId('name-suggestion-taken.foyer.id').textContent).toContain('Registered'))
    expect(byTestId<HTMLButtonElement>('name-suggestion-taken.foyer.id').disabled).toBe(true)
    expect(byTestId('name-suggestion-taken1.foyer.id').textContent).toContain('Available')
    expect(byTestId('name-availability').textContent).toBe('taken.foyer.id is already registered')
    expect(byTestId<HTMLButtonElement>('name-register').disabled).toBe(true)

    // A free suggestion becomes the typed name.
    await click(byTestId('name-suggestion-taken1.foyer.id'))
    await waitFor(() => expect(byTestId('name-availability').textContent).toBe('taken1.foyer.id is available'))
    expect(byTestId<HTMLInputElement>('name-input').value).toBe('taken1')
    expect(byTestId<HTMLButtonElement>('name-register').disabled).toBe(false)
  })

  it('Register asks for the signature, shows Success, and Account then shows the name', async () => {
    const { foyer, signMessage } = await openAccount()
    await click(byTestId('choose-name'))
    await openedModal('RegisterAccountName')
    await type(byTestId<HTMLInputElement>('name-input'), 'Alice')
    await waitFor(() => expect(byTestId('name-availability').textContent).toBe('alice.foyer.id is available'))
    await click(byTestId('name-register'))
    await openedModal('RegisterAccountNameSuccess')
    // The signed message binds the name, the account, the chain and the project the registration is sent with.
    const signed = JSON.parse(signMessage.mock.calls[0]![0].message)
    expect(signed).toEqual({
      name: 'alice.foyer.id',
      address: foyer.getState().account.address,
      chainId: 31337,
      project: 'test',
      attributes: {},
      timestamp: expect.any(Number),
    })
    expect(byTestId('name-success-name').textContent).toBe('alice.foyer.id')
    expect(foyer.getState().router.history).toEqual(['Account', 'RegisterAccountName', 'RegisterAccountNameSuccess'])
    await click(byTestId('name-success-done'))
    await openedModal('Account')
    await waitFor(() => expect(byTestId('account-name').textContent).toBe('alice.foyer.id'))
    expect(byTestId('account-name').getAttribute('title')).toBe(ADDRESS)
  })

  it('a refused registration says "Error registering name" and stays on the registration view', async () => {
    const { foyer, server, signMessage } = await openAccount()
    await click(byTestId('choose-name'))
    await openedModal('RegisterAccountName')
    await type(byTestId<HTMLInputElement>('name-input'), 'raced')
    await waitFor(() => expect(byTestId('name-availability').textContent).toBe('raced.foyer.id is available'))
    server.owners.set('raced.foyer.id', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // taken meanwhile
    await click(byTestId('name-register'))
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Error registering name'))
    expect(signMessage).toHaveBeenCalledTimes(1)
    expect(foyer.getState().router.view).toBe('RegisterAccountName')
    await waitFor(() => expect(byTestId('name-availability').textContent).toBe('raced.foyer.id is already registered'))
    expect(queryTestId('name-success')).toBeNull()
  })
})
