// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleApiError } from '../api/consoleApi.ts'
import { alertText, aProject, byLabel, cleanup, click, fakeApi, render, statusText, waitFor } from '../test/render.tsx'
import { FeatureSwitches } from './FeatureSwitches.tsx'

afterEach(cleanup)

describe('FeatureSwitches', () => {
  it('saves a switch as it is flipped, sending that switch only', async () => {
    const api = fakeApi()
    const project = aProject()
    const saved = aProject({ features: { ...project.features, swaps: false } })
    api.updateProject.mockResolvedValue(saved)
    const onSaved = vi.fn()
    await render(<FeatureSwitches project={project} onSaved={onSaved} />, { api })
    const swaps = byLabel('Swaps')
    expect(swaps.getAttribute('role')).toBe('switch')
    expect(swaps.checked).toBe(true)
    await click(swaps)
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved))
    expect(api.updateProject).toHaveBeenCalledWith('shop', { features: { swaps: false } })
    expect(statusText()).toBe('Saved.')
  })

  it('turns a sign-in provider on in the modal’s order, keeping the others', async () => {
    const api = fakeApi()
    const project = aProject({ features: { ...aProject().features, socials: ['github'] } })
    api.updateProject.mockResolvedValue(project)
    await render(<FeatureSwitches project={project} onSaved={vi.fn()} />, { api })
    await click(byLabel('Google'))
    await waitFor(() =>
      expect(api.updateProject).toHaveBeenCalledWith('shop', { features: { socials: ['google', 'github'] } }),
    )
  })

  it('sends the operator back to sign-in when the session is over', async () => {
    const api = fakeApi()
    api.updateProject.mockRejectedValue(new ConsoleApiError(403, 'csrf_failed', 'csrf'))
    const { onSignedOut } = await render(<FeatureSwitches project={aProject()} onSaved={vi.fn()} />, { api })
    await click(byLabel('Email sign-in'))
    await waitFor(() => expect(alertText()).toBe('Your session expired. Sign in again.'))
    expect(onSignedOut).toHaveBeenCalled()
  })
})
