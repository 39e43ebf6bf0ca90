import { act, type ReactNode, StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const mounted: { root: Root; container: HTMLElement }[] = []

/** Renders into a fresh container in <body> (in StrictMode, as sites do in development). */
export async function render(ui: ReactNode, { strict = true } = {}) {
  const container = document.createElement('div')
  container.id = 'app'
  document.body.appendChild(container)
  const root = createRoot(container)
  mounted.push({ root, container })
  await act(async () => root.render(strict ? <StrictMode>{ui}</StrictMode> : ui))
  return { container, root }
}

export async function cleanup() {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount())
    container.remove()
  }
  document.body.innerHTML = ''
}

/** Retries `check` while React and lazy chunks settle (a bound only: a busy machine may take seconds). */
export async function waitFor<value>(check: () => value, timeout = 10_000): Promise<value> {
  const started = Date.now()
  for (;;) {
    try {
      return check()
    } catch (error) {
      if (Date.now() - started > timeout) throw error
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10))
      })
    }
  }
}

export const byTestId = <element extends HTMLElement = HTMLElement>(id: string): element => {
  const element = document.querySelector<element>(`[data-testid="${id}"]`)
  if (!element) throw new Error(`No element with data-testid="${id}"`)
  return element
}
export const queryTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)

export async function click(element: HTMLElement) {
  await act(async () => element.click())
}

export async function press(key: string, init: KeyboardEventInit = {}) {
  await act(async () => {
    ;(document.activeElement ?? document.body).dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }),
    )
  })
}

/** The modal with its view's chunk loaded. */
export async function openedModal(view: string) {
  return waitFor(() => {
    const body = byTestId('foyer-modal').querySelector(`[data-view="${view}"]`)
    if (!body || body.querySelector('[role="progressbar"]') || !body.firstElementChild)
      throw new Error(`View ${view} not shown yet`)
    return byTestId('foyer-modal')
  })
}
