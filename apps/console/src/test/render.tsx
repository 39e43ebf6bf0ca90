/** Rendering the console's components in jsdom, with a fake API the test scripts (every method a vi.fn) or the real one. */
import { act, type ReactNode, StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { vi } from 'vitest'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import type { ConsoleApi } from '../api/consoleApi.ts'
import { ConsoleContext } from '../app/consoleContext.tsx'
import { type ConsoleLocale, LocaleProvider } from '../locale/locale.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const mounted: Root[] = []

export type FakeApi = { [name in keyof ConsoleApi]: ReturnType<typeof vi.fn<ConsoleApi[name]>> }

export function fakeApi(): FakeApi {
  const refuse = () => Promise.reject(new Error('not scripted'))
  return {
    getSession: vi.fn(refuse),
    signIn: vi.fn(refuse),
    requestLink: vi.fn(refuse),
    signInWithLink: vi.fn(refuse),
    signOut: vi.fn(refuse),
    listProjects: vi.fn(refuse),
    createProject: vi.fn(refuse),
    updateProject: vi.fn(refuse),
    setSocialCredentials: vi.fn(refuse),
    removeSocialCredentials: vi.fn(refuse),
    analytics: vi.fn(refuse),
    listChains: vi.fn(refuse),
  }
}

export function aProject(overrides: Partial<ConsoleProject> = {}): ConsoleProject {
  return {
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://shop.example'],
    features: { swaps: true, onramp: true, analytics: true, names: true, history: true, email: true, socials: [] },
    socialLogin: {},
    sponsorship: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  }
}

export async function render(
  ui: ReactNode,
  {
    api = fakeApi(),
    locale = 'en',
    onSignedOut = vi.fn(),
  }: { api?: ConsoleApi; locale?: ConsoleLocale; onSignedOut?: () => void } = {},
) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  mounted.push(root)
  await act(async () =>
    root.render(
      <StrictMode>
        <LocaleProvider locale={locale}>
          <ConsoleContext.Provider value={{ api, session: null, onSignedOut }}>{ui}</ConsoleContext.Provider>
        </LocaleProvider>
      </StrictMode>,
    ),
  )
  return { container, api, onSignedOut }
}

export async function cleanup() {
  for (const root of mounted.splice(0)) await act(async () => root.unmount())
  document.body.innerHTML = ''
}

/** The form control whose accessible label (its <label>) starts with `text`. */
export function byLabel<element extends HTMLElement = HTMLInputElement>(text: string): element {
  for (const label of document.querySelectorAll('label')) {
    const own = label.querySelector('span')?.textContent ?? label.textContent ?? ''
    if (own.trim().startsWith(text)) {
      const control = label.querySelector<element>('input, select, textarea')
      if (control) return control
    }
  }
  throw new Error(`No control labelled "${text}"`)
}

export function byRole<element extends HTMLElement = HTMLElement>(role: string, name: string): element {
  const candidates = [...document.querySelectorAll<element>(role === 'button' ? 'button' : `[role="${role}"]`)]
  const found = candidates.find((e) => e.textContent?.trim() === name || e.getAttribute('aria-label') === name)
  if (!found) throw new Error(`No ${role} named "${name}"`)
  return found
}

/** Types into a React-controlled field the way a browser does (the native setter, then an input event). */
export async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value)
    element.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

export async function click(element: HTMLElement) {
  await act(async () => element.click())
}

export async function submit(form: HTMLFormElement) {
  await act(async () => form.requestSubmit())
}

export async function waitFor<value>(check: () => value, timeout = 10_000): Promise<value> {
  const started = Date.now()
  for (;;) {
    try {
      return check()
    } catch (error) {
      if (Date.now() - started > timeout) throw error
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)))
    }
  }
}

export const alertText = () =>
  [...document.querySelectorAll('[role="alert"]')]
    .map((e) => e.textContent?.trim())
    .filter(Boolean)
    .join(' | ')
export const statusText = () =>
  [...document.querySelectorAll('[role="status"]')]
    .map((e) => e.textContent?.trim())
    .filter(Boolean)
    .join(' | ')
