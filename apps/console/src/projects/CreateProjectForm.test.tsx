// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleApiError } from '../api/consoleApi.ts'
import {
  alertText,
  aProject,
  byLabel,
  byRole,
  cleanup,
  fakeApi,
  render,
  statusText,
  submit,
  type,
  waitFor,
} from '../test/render.tsx'
import { CreateProjectForm } from './CreateProjectForm.tsx'

afterEach(cleanup)
const form = () => byRole('button', 'Create project').closest('form')!

describe('CreateProjectForm', () => {
  it('creates a project with its name and its origins, one a line, normalised', async () => {
    const api = fakeApi()
    const created = aProject({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] })
    api.createProject.mockResolvedValue(created)
    const onCreated = vi.fn()
    await render(<CreateProjectForm onCreated={onCreated} />, { api })
    await type(byLabel('Project id'), 'shop')
    await type(byLabel('Name'), ' Shop ')
    await type(byLabel<HTMLTextAreaElement>('Allowed origins'), 'https://shop.example/\n\nhttp://localhost:3000\n')
    await submit(form())
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created))
    expect(api.createProject).toHaveBeenCalledWith({
      id: 'shop',
      name: 'Shop',
      allowedOrigins: ['https://shop.example', 'http://localhost:3000'],
    })
    expect(statusText()).toBe('Project shop created.')
    expect(byLabel('Project id').value).toBe('')
  })

  it('refuses an id or an origin the server would refuse, before sending anything', async () => {
    const api = fakeApi()
    await render(<CreateProjectForm onCreated={vi.fn()} />, { api })
    await type(byLabel('Project id'), '-shop')
    await submit(form())
    expect(alertText()).toContain('Use 1 to 64 letters')
    expect(byLabel('Project id').getAttribute('aria-invalid')).toBe('true')
    await type(byLabel('Project id'), 'shop')
    await type(byLabel<HTMLTextAreaElement>('Allowed origins'), 'https://shop.example/checkout')
    await submit(form())
    expect(alertText()).toContain('“https://shop.example/checkout” is not an origin')
    expect(api.createProject).not.toHaveBeenCalled()
  })

  it('says so when the id is taken', async () => {
    const api = fakeApi()
    api.createProject.mockRejectedValue(new ConsoleApiError(409, 'project_exists', 'exists'))
    await render(<CreateProjectForm onCreated={vi.fn()} />, { api })
    await type(byLabel('Project id'), 'foyer-demo')
    await submit(form())
    await waitFor(() => expect(alertText()).toBe('A project with this id already exists.'))
  })
})
