// @vitest-environment jsdom
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import type { SponsorshipPolicy } from '../../../server/src/sponsorship/sponsorshipPolicy.ts'
import type { ConsoleLocale } from '../locale/locale.tsx'
import { type ConsoleServer, consoleServerConfig, startConsoleServer } from '../test/consoleServer.ts'
import {
  alertText,
  byLabel,
  byRole,
  cleanup,
  click,
  render,
  statusText,
  submit,
  type,
  waitFor,
} from '../test/render.tsx'
import { SponsorshipForm } from './SponsorshipForm.tsx'

const TOKEN = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const ROUTER = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const POLICY: SponsorshipPolicy = {
  chains: [31337],
  contracts: [TOKEN],
  maxOperationsPerAccountPerDay: 20,
  maxGasWeiPerAccountPerDay: '50000000000000000',
}

let server: ConsoleServer
beforeAll(async () => {
  server = await startConsoleServer()
}, 120_000)
afterAll(() => server?.close(), 120_000)
afterEach(cleanup)

/** A new project on the server (with `sponsorship` when given), as the console lists it. */
async function aProject(id: string, sponsorship?: SponsorshipPolicy): Promise<ConsoleProject> {
  await server.projects.create({ id, name: id, allowedOrigins: [], features: {} })
  if (sponsorship) await server.projects.change(id, { sponsorship })
  const listed = (await server.api.listProjects()).find((p) => p.id === id)
  if (!listed) throw new Error(`project ${id} not listed`)
  return listed
}

/** The form as the project page holds it: the project the server answered last, which `onSaved` replaces. */
function Page({ initial, onSaved }: { initial: ConsoleProject; onSaved(project: ConsoleProject): void }) {
  const [project, setProject] = useState(initial)
  const saved = (next: ConsoleProject) => {
    setProject(next)
    onSaved(next)
  }
  return <SponsorshipForm project={project} onSaved={saved} />
}

async function renderForm(project: ConsoleProject, locale: ConsoleLocale = 'en') {
  const onSaved = vi.fn()
  await render(<Page initial={project} onSaved={onSaved} />, { api: server.api, locale })
  await waitFor(() => byLabel('Foyer Local (31337)'))
  return onSaved
}
const current = () => document.querySelector('[data-testid="sponsorship-current"]')?.textContent
const contracts = () => [...document.querySelectorAll('.item-list code')].map((e) => e.textContent)
const patches = () => server.requests.filter((r) => r.startsWith('PATCH'))
const switchNamed = (name: string) => byLabel(name)
const addContracts = async (text: string) => {
  await type(byLabel('Contract address to add'), text)
  await submit(byRole('button', 'Add contract').closest('form')!)
}
const save = () => submit(byRole('button', 'Save sponsorship').closest('form')!)

describe('SponsorshipForm', () => {
  it('shows no policy, then saves the chains, contracts and limits the operator sets, whole, in one PATCH', async () => {
    const project = await aProject('sponsor-new')
    const onSaved = await renderForm(project)
    expect(current()).toBe('Saved policy: none. This project sponsors no gas.')
    // The server's chains, in its order; the one without a paymaster says so.
    const local2 = switchNamed('Foyer Local 2 (31338)')
    expect(document.getElementById(local2.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No paymaster on this chain (FOYER_PAYMASTERS): nothing on it is sponsored.',
    )
    expect(byRole('button', 'Save sponsorship').hasAttribute('disabled')).toBe(true) // nothing changed yet
    expect(document.body.textContent).not.toContain('no paymaster signer')

    await click(switchNamed('Foyer Local (31337)'))
    await addContracts(`${TOKEN.toUpperCase().replace('0X', '0x')}, ${ROUTER}`)
    expect(contracts()).toEqual([TOKEN, ROUTER])
    await type(byLabel('Operations per account and day'), '5')
    await type(byLabel('Gas per account and day (wei)'), '50000000000000000')
    expect(document.body.textContent).toContain('That is 0.05 of the chain’s coin.')
    expect(document.body.textContent).toContain('Unsaved changes.')
    await save()

    const policy = { ...POLICY, contracts: [TOKEN, ROUTER], maxOperationsPerAccountPerDay: 5 }
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ sponsorship: policy })))
    expect(patches()).toHaveLength(1)
    expect((await server.stored('sponsor-new'))?.sponsorship).toEqual(policy)
    expect(statusText()).toBe('Saved.')
    expect(current()).toBe('Saved policy: sponsoring on Foyer Local (31337).')
    expect(document.body.textContent).not.toContain('Unsaved changes.')
    expect(byRole('button', 'Save sponsorship').hasAttribute('disabled')).toBe(true)
  })

  it('shows the saved policy, and a chain it names that this server does not serve, kept on save', async () => {
    const project = await aProject('sponsor-base', { ...POLICY, chains: [8453, 31337] })
    const onSaved = await renderForm(project)
    expect(current()).toBe('Saved policy: sponsoring on Chain 8453 and Foyer Local (31337).')
    expect(switchNamed('Foyer Local (31337)').checked).toBe(true)
    expect(switchNamed('Foyer Local 2 (31338)').checked).toBe(false)
    const base = switchNamed('Chain 8453')
    expect(base.checked).toBe(true)
    expect(document.getElementById(base.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This server does not serve this chain: nothing on it is sponsored.',
    )
    expect(contracts()).toEqual([TOKEN])
    expect(byLabel('Operations per account and day').value).toBe('20')
    expect(byLabel('Gas per account and day (wei)').value).toBe('50000000000000000')

    await click(switchNamed('Foyer Local 2 (31338)'))
    await click(byRole('button', `×Remove ${TOKEN}`))
    await addContracts(ROUTER)
    await save()
    const policy = { ...POLICY, chains: [8453, 31337, 31338], contracts: [ROUTER] }
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect((await server.stored('sponsor-base'))?.sponsorship).toEqual(policy)
  })

  it('refuses an address that is not a contract’s, and a duplicate, with a clear message; adds nothing', async () => {
    await renderForm(await aProject('sponsor-typo', POLICY))
    await addContracts(`${ROUTER} 0x833589fcd6edb6e08f4c7c32d4f71b54bda0291`)
    expect(alertText()).toBe(
      '“0x833589fcd6edb6e08f4c7c32d4f71b54bda0291” is not a contract address. Write 0x and 40 hexadecimal digits.',
    )
    const field = byLabel('Contract address to add')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(document.querySelector('[role="alert"].form-error')!.id)
    expect(contracts()).toEqual([TOKEN]) // the good one of the two is not added either
    await addContracts(TOKEN.toUpperCase().replace('0X', '0x'))
    expect(alertText()).toBe(`${TOKEN} is already in the list.`)
    expect(contracts()).toEqual([TOKEN])
    expect(byRole('button', 'Save sponsorship').hasAttribute('disabled')).toBe(true)
  })

  it('refuses a limit out of the server’s bounds before sending anything, and marks the field', async () => {
    await renderForm(await aProject('sponsor-limits', POLICY))
    const sent = patches().length
    await type(byLabel('Gas per account and day (wei)'), '1e18')
    await save()
    expect(alertText()).toBe('Gas per account and day: type a whole number of wei from 0 to 10^30, digits only.')
    const gas = byLabel('Gas per account and day (wei)')
    expect(gas.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(gas)
    await type(gas, '50000000000000000')
    await type(byLabel('Operations per account and day'), '1000001')
    await save()
    expect(alertText()).toContain('Operations per account and day: type a whole number from 0 to 1,000,000.')
    expect(patches()).toHaveLength(sent)
    expect((await server.stored('sponsor-limits'))?.sponsorship).toEqual(POLICY)
  })

  it('shows the server’s refusal and keeps both the stored policy and the form as they were', async () => {
    // The project is gone by the time the operator saves: the server answers 404 unknown_project.
    const project = await aProject('sponsor-gone', POLICY)
    const onSaved = await renderForm({ ...project, id: 'sponsor-never-created' })
    await click(switchNamed('Foyer Local 2 (31338)'))
    await save()
    await waitFor(() => expect(alertText()).toBe('There is no such project.'))
    expect(onSaved).not.toHaveBeenCalled()
    expect(switchNamed('Foyer Local 2 (31338)').checked).toBe(true) // the operator's change is still there
    expect(document.body.textContent).toContain('Unsaved changes.')
    expect(await server.stored('sponsor-never-created')).toBeUndefined()
    expect((await server.stored('sponsor-gone'))?.sponsorship).toEqual(POLICY)
  })

  it('stops sponsoring: the policy removed whole', async () => {
    const onSaved = await renderForm(await aProject('sponsor-stop', POLICY))
    await click(byRole('button', 'Stop sponsoring'))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ sponsorship: null })))
    expect(await server.stored('sponsor-stop')).toMatchObject({ sponsorship: null })
    expect(statusText()).toBe('Policy removed: this project sponsors no gas.')
    expect(current()).toBe('Saved policy: none. This project sponsors no gas.')
    expect(switchNamed('Foyer Local (31337)').checked).toBe(false)
    expect(contracts()).toEqual([])
    expect(document.body.textContent).not.toContain('Unsaved changes.')
    expect(() => byRole('button', 'Stop sponsoring')).toThrow() // nothing left to stop
  })

  it('speaks Spanish', async () => {
    await renderForm(await aProject('sponsor-es', POLICY), 'es')
    expect(document.querySelector('h2')?.textContent).toBe('Patrocinio de gas')
    expect(current()).toBe('Política guardada: patrocina en Foyer Local (31337).')
    expect(byLabel('Gas por cuenta y día (wei)').value).toBe('50000000000000000')
  })
})

describe('SponsorshipForm on a server without the paymasters’ signer', () => {
  let bare: ConsoleServer
  beforeAll(async () => {
    bare = await startConsoleServer(consoleServerConfig({ signer: false }))
  }, 120_000)
  afterAll(() => bare?.close(), 120_000)

  it('says the server sponsors nothing, whatever the policy', async () => {
    await bare.projects.create({ id: 'unsigned', name: 'unsigned', allowedOrigins: [], features: {} })
    const [project] = await bare.api.listProjects()
    await render(<SponsorshipForm project={project!} onSaved={vi.fn()} />, { api: bare.api })
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'This server has no paymaster signer (FOYER_PAYMASTER_SIGNER_KEY): it sponsors nothing, whatever the policy says.',
      ),
    )
  })
})
