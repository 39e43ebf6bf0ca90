/**
 * The devices signed in to this wallet, in the frame: this one marked, any revocable, and "Sign out everywhere".
 * Revoking this device signs out here (and forgets its share).
 */

import type { EmbeddedDevice } from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'
import { holdScreen } from '../login/flowScreen.ts'
import { clearScreen, el, root, t } from '../screens.ts'

export type DevicesOutcome = 'stayed' | 'revokedThis' | 'signedOutEverywhere'
export type DevicesActions = {
  list: () => Promise<EmbeddedDevice[]>
  revoke: (id: string) => Promise<void>
  signOutEverywhere: () => Promise<void>
}

function when(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date)
}

/** This device first, then the most recently used. */
function byRecentUse(devices: EmbeddedDevice[]): EmbeddedDevice[] {
  const used = (device: EmbeddedDevice) => Date.parse(device.lastUsedAt) || 0
  return [...devices].sort((a, b) => Number(b.current) - Number(a.current) || used(b) - used(a))
}

export function showDevices(actions: DevicesActions): Promise<DevicesOutcome> {
  return new Promise((resolve, reject) => {
    const list = el('ul', { testId: 'frame-devices' })
    list.style.cssText =
      'list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px;overflow:auto;flex:1'
    const error = el('p', {
      className: 'error',
      role: 'alert',
      testId: 'frame-devices-error',
    } as Partial<HTMLParagraphElement>)
    const everywhere = el('button', {
      type: 'button',
      textContent: t('frame.signOutEverywhere'),
      testId: 'frame-sign-out-everywhere',
    })
    const done = el('button', {
      type: 'button',
      className: 'primary',
      textContent: t('frame.done'),
      testId: 'frame-devices-done',
    })
    const settle = (finish: () => void) => {
      release()
      clearScreen()
      finish()
    }
    const release = holdScreen(() => settle(() => reject(new FrameHostError('aborted', 'Request was aborted'))))

    /** Runs an action; a failure shows here and the person may try again. */
    async function act(task: () => Promise<void>) {
      error.textContent = ''
      for (const button of root().querySelectorAll('button')) button.disabled = true
      try {
        await task()
      } catch (caught) {
        if (caught instanceof FrameHostError && caught.code === 'unauthorized') return settle(() => reject(caught))
        error.textContent = t('frame.devicesFailed')
      } finally {
        for (const button of root().querySelectorAll('button')) button.disabled = false
      }
    }

    async function render() {
      list.replaceChildren(
        ...byRecentUse(await actions.list()).map((device) => {
          const revoke = el('button', { type: 'button', textContent: t('frame.revoke'), testId: 'frame-device-revoke' })
          revoke.style.cssText = 'flex:0 0 auto;min-height:36px;padding:0 14px'
          revoke.onclick = () =>
            void act(async () => {
              await actions.revoke(device.id)
              if (device.current) return settle(() => resolve('revokedThis'))
              await render()
            })
          const name = el('strong', { textContent: device.current ? t('frame.thisDevice') : t('frame.otherDevice') })
          const detail = el('span', {
            className: 'muted',
            textContent: t('frame.deviceLastUsed', { date: when(device.lastUsedAt) }),
          })
          const text = el('div', {}, name, el('br'), detail)
          text.style.cssText = 'flex:1'
          const row = el('li', { testId: 'frame-device' }, text, revoke)
          row.dataset.current = String(device.current)
          row.style.cssText =
            'display:flex;align-items:center;gap:8px;padding:8px 10px;border:1px solid var(--line);border-radius:10px'
          return row
        }),
      )
    }

    everywhere.onclick = () =>
      void act(async () => {
        await actions.signOutEverywhere()
        settle(() => resolve('signedOutEverywhere'))
      })
    done.onclick = () => settle(() => resolve('stayed'))
    root().replaceChildren(
      el('h1', { textContent: t('frame.devicesTitle') }),
      el('p', { className: 'muted', textContent: t('frame.devicesBody') }),
      list,
      error,
      el('div', { className: 'actions' }, everywhere, done),
    )
    document.body.dataset.screen = 'devices'
    void act(render)
  })
}
