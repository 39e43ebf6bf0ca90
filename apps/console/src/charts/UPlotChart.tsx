/**
 * Draws a ChartData with uPlot (loaded on first use, so only the analytics page downloads it): lines over time, or
 * bars per category. The canvas is decoration for sighted readers; the numbers are in the table beside it.
 */
import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import { type ChartData, formatAxisBucket } from './chartData.ts'

const SERIES_COLOURS = ['--console-series-1', '--console-series-2', '--console-series-3']
const HEIGHT = 220

function cssVariable(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888'
}

export function UPlotChart({ data, locale }: { data: ChartData; locale: string }) {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = container.current
    if (!element) return
    let chart: uPlot | undefined
    let observer: ResizeObserver | undefined
    let cancelled = false
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return
      const foreground = cssVariable('--foyer-foreground')
      const grid = cssVariable('--foyer-border')
      const axis = { stroke: foreground, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
      const width = Math.max(element.clientWidth, 280)
      const x = data.kind === 'time' ? data.at.map((at) => Date.parse(at) / 1000) : data.categories.map((_, i) => i)
      const bars = data.kind === 'categories' ? UPlot.paths.bars?.({ size: [0.6, 64] }) : undefined
      const options: uPlot.Options = {
        width,
        height: HEIGHT,
        legend: { show: true, live: false },
        cursor: { show: data.kind === 'time', drag: { x: false, y: false } },
        scales: {
          x:
            data.kind === 'time'
              ? { time: true }
              : { time: false, range: [-0.5, Math.max(data.categories.length - 0.5, 0.5)] },
          y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
        },
        axes: [
          {
            ...axis,
            space: 56,
            values:
              data.kind === 'time'
                ? (_u, splits) =>
                    splits.map((s) => formatAxisBucket(new Date(s * 1000).toISOString(), data.bucket, locale))
                : (_u, splits) => splits.map((s) => (Number.isInteger(s) ? (data.categories[s] ?? '') : '')),
            ...(data.kind === 'categories' ? { splits: () => data.categories.map((_, i) => i) } : {}),
          },
          { ...axis, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
        ],
        series: [
          {},
          ...data.series.map((s, i) => {
            const colour = cssVariable(SERIES_COLOURS[i % SERIES_COLOURS.length]!)
            return bars
              ? { label: s.label, stroke: colour, fill: colour, paths: bars, points: { show: false } }
              : { label: s.label, stroke: colour, width: 2, points: { show: true, size: 5 } }
          }),
        ],
      }
      chart = new UPlot(options, [x, ...data.series.map((s) => [...s.values])] as uPlot.AlignedData, element)
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }))
      observer.observe(element)
    })
    return () => {
      cancelled = true
      observer?.disconnect()
      chart?.destroy()
    }
  }, [data, locale])
  return <div ref={container} className="chart-canvas" aria-hidden="true" />
}
