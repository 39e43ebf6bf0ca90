/**
 * A project the e2e stack seeds with swaps turned off, allowed on the demo's origin: the demo opened with
 * `?project=e2e-no-swaps` shows what the modal hides for it (e2e/project-settings.spec.ts).
 */
export const NO_SWAPS_PROJECT = {
  id: 'e2e-no-swaps',
  allowedOrigins: ['http://127.0.0.1:5173'],
  features: { swaps: false },
} as const
