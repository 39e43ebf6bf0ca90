// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { byRole, cleanup, click, render } from '../test/render.tsx'
import { ChartWithTable } from './ChartWithTable.tsx'

// jsdom has no canvas: the drawing is replaced, the table (what this test is about) is the real one.
vi.mock('./UPlotChart.tsx', () => ({ UPlotChart: () => <div data-testid="canvas-stand-in" aria-hidden="true" /> }))
afterEach(cleanup)

const cells = (table: HTMLTableElement) =>
  [...table.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent))

describe('ChartWithTable', () => {
  it('has every number of the chart in a table, a row a bucket and a column a series', async () => {
    await render(
      <ChartWithTable
        title="Connect funnel"
        categoryHeader="Time"
        data={{
          kind: 'time',
          bucket: 'day',
          at: ['2026-11-26T00:00:00.000Z', '2026-11-27T00:00:00.000Z'],
          series: [
            { label: 'Opened', values: [4, 7] },
            { label: 'Connected', values: [1, 3] },
          ],
        }}
      />,
    )
    const table = document.querySelector('table')!
    expect(table.querySelector('caption')?.textContent).toBe('Connect funnel')
    expect(cells(table)).toEqual([
      ['Time', 'Opened', 'Connected'],
      ['Nov 26', '4', '1'],
      ['Nov 27', '7', '3'],
    ])
    expect(document.querySelector('[data-testid="canvas-stand-in"]')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('keeps the table for screen readers and shows it on "Show table"', async () => {
    await render(
      <ChartWithTable
        title="Connects by wallet"
        categoryHeader="Wallet"
        data={{
          kind: 'categories',
          categories: ['Test Wallet', 'Other'],
          series: [{ label: 'Count', values: [5, 2] }],
        }}
      />,
    )
    const toggle = byRole('button', 'Show table')
    const region = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(region.className).toBe('visually-hidden')
    expect(cells(region.querySelector('table')!)[1]).toEqual(['Test Wallet', '5'])
    await click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(toggle.textContent).toBe('Hide table')
    expect(region.className).toBe('table-scroll')
  })

  it('says when there is nothing to draw, and the table is empty', async () => {
    await render(
      <ChartWithTable
        title="Networks"
        categoryHeader="Network"
        data={{ kind: 'categories', categories: [], series: [{ label: 'Count', values: [] }] }}
      />,
    )
    expect(document.body.textContent).toContain('Nothing recorded in this range.')
    expect(document.querySelectorAll('tbody tr')).toHaveLength(0)
  })
})
