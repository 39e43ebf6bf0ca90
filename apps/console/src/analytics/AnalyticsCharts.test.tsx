// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AnalyticsReport } from '../../../server/src/console/contract.ts'
import { cleanup, render } from '../test/render.tsx'
import { AnalyticsCharts } from './AnalyticsCharts.tsx'

vi.mock('../charts/UPlotChart.tsx', () => ({ UPlotChart: () => null })) // jsdom has no canvas
afterEach(cleanup)

const report: AnalyticsReport = {
  range: 'week',
  from: '2026-11-21T00:00:00.000Z',
  to: '2026-11-27T12:00:00.000Z',
  bucket: 'day',
  totals: { visitors: 9, opens: 12, connects: 4, swaps: 2, buys: 1, errors: 3 },
  funnel: [
    { at: '2026-11-26T00:00:00.000Z', opened: 5, methodChosen: 3, connected: 2 },
    { at: '2026-11-27T00:00:00.000Z', opened: 4, methodChosen: 2, connected: 2 },
  ],
  connectsByWallet: [
    { wallet: 'Foyer Test Wallet', count: 3 },
    { wallet: 'Other', count: 1 },
  ],
  connectsByMethod: [{ method: 'browser', count: 4 }],
  networks: [{ networkId: 'eip155:31337', count: 6 }],
  swapsAndBuys: [
    { at: '2026-11-26T00:00:00.000Z', swaps: 2, buys: 0 },
    { at: '2026-11-27T00:00:00.000Z', swaps: 0, buys: 1 },
  ],
  errors: [
    {
      event: 'SWAP_ERROR',
      code: 'rejected',
      count: 3,
      latest: [{ at: '2026-11-27T10:00:00.000Z', props: { step: 'sign' }, url: 'https://shop.example/' }],
    },
  ],
}

const table = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"] tbody tr`)].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  )

describe('AnalyticsCharts', () => {
  it('puts every figure of the report in the totals and the tables behind the charts', async () => {
    await render(<AnalyticsCharts report={report} />)
    expect(document.querySelector('[data-testid="total-visitors"] dd')?.textContent).toBe('9')
    expect(document.querySelector('[data-testid="total-errors"] dd')?.textContent).toBe('3')
    expect(table('chart-funnel')).toEqual([
      ['Nov 26', '5', '3', '2'],
      ['Nov 27', '4', '2', '2'],
    ])
    expect(table('chart-visitors')).toEqual([
      ['Nov 26', '5'],
      ['Nov 27', '4'],
    ])
    expect(table('chart-wallets')).toEqual([
      ['Foyer Test Wallet', '3'],
      ['Other', '1'],
    ])
    expect(table('chart-methods')).toEqual([['browser', '4']])
    expect(table('chart-networks')).toEqual([['eip155:31337', '6']])
    expect(table('chart-swaps-buys')).toEqual([
      ['Nov 26', '2', '0'],
      ['Nov 27', '0', '1'],
    ])
    expect(table('chart-errors')).toEqual([['SWAP_ERROR (rejected)', '3']])
    const example = document.querySelector('.error-examples li li')?.textContent
    expect(example).toContain('https://shop.example/')
    expect(example).toContain('{"step":"sign"}')
  })
})
