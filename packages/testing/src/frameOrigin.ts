import type { Frame } from '@playwright/test'

/** The origin a frame acts with; about:blank and srcdoc frames inherit their parent's. */
export function frameOrigin(frame: Frame): string {
  for (let f: Frame | null = frame; f; f = f.parentFrame()) {
    const url = f.url()
    if (url && url !== 'about:blank' && url !== 'about:srcdoc') {
      try {
        return new URL(url).origin
      } catch {
        return 'null'
      }
    }
  }
  return 'null'
}
