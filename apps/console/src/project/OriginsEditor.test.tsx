// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  alertText,
  aProject,
  byLabel,
  byRole,
  cleanup,
  click,
  fakeApi,
  render,
  submit,
  type,
  waitFor,
} from '../test/render.tsx'
import { OriginsEditor } from './OriginsEditor.tsx'

afterEach(cleanup)
const listed = () => [...document.querySelectorAll('.item-list code')].map((e) => e.textContent)

describe('OriginsEditor', () => {
  it('adds and removes origins locally, then saves the whole list in one request', async () => {
    const api = fakeApi()
    const project = aProject({ allowedOrigins: ['https://shop.example'] })
    const saved = aProject({ allowedOrigins: ['http://localhost:3000'] })
    api.updateProject.mockResolvedValue(saved)
    const onSaved = vi.fn()
    await render(<OriginsEditor project={project} onSaved={onSaved} />, { api })
    expect(byRole('button', 'Save origins').hasAttribute('disabled')).toBe(true) // nothing changed yet
    await type(byLabel('Origin to add'), 'http://localhost:3000/')
    await submit(byRole('button', 'Add origin').closest('form')!)
    expect(listed()).toEqual(['https://shop.example', 'http://localhost:3000'])
    await click(byRole('button', '×Remove https://shop.example'))
    expect(listed()).toEqual(['http://localhost:3000'])
    await click(byRole('button', 'Save origins'))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved))
    expect(api.updateProject).toHaveBeenCalledWith('shop', { allowedOrigins: ['http://localhost:3000'] })
  })

  it('refuses what is not an origin, and a duplicate', async () => {
    const api = fakeApi()
    await render(<OriginsEditor project={aProject()} onSaved={vi.fn()} />, { api })
    await type(byLabel('Origin to add'), 'shop.example')
    await submit(byRole('button', 'Add origin').closest('form')!)
    expect(alertText()).toContain('“shop.example” is not an origin')
    expect(byLabel('Origin to add').getAttribute('aria-invalid')).toBe('true')
    await type(byLabel('Origin to add'), 'https://SHOP.example')
    await submit(byRole('button', 'Add origin').closest('form')!)
    expect(alertText()).toBe('https://shop.example is already in the list.')
    expect(listed()).toEqual(['https://shop.example'])
  })
})
