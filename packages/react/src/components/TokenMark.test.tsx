// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFoyer } from '../createFoyer.ts'
import { FoyerProvider } from '../provider/FoyerProvider.tsx'
import { fakeAdapter, localNetwork } from '../test/fakeAdapter.ts'
import { cleanup, render } from '../test/render.tsx'
import { TokenMark } from './TokenMark.tsx'

afterEach(cleanup)

async function renderMarks(iconUrl: string | null) {
  const foyer = createFoyer({
    adapters: [fakeAdapter([])],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: 'http://foyer.test',
    projectId: 'foyer-demo',
    logLevel: 'silent',
  })
  const { container } = await render(
    <FoyerProvider foyer={foyer}>
      <TokenMark symbol="ETH" iconUrl={iconUrl} />
      <TokenMark symbol="ETH" iconUrl={iconUrl} small />
    </FoyerProvider>,
  )
  return container
}

describe('token marks', () => {
  it("load the server's token image from the site's Foyer server, with the project id", async () => {
    const container = await renderMarks('/public/getTokenImage/ETH?v=w3i-4.0.56')
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))
    expect(sources).toEqual([
      'http://foyer.test/public/getTokenImage/ETH?v=w3i-4.0.56&projectId=foyer-demo',
      'http://foyer.test/public/getTokenImage/ETH?v=w3i-4.0.56&projectId=foyer-demo',
    ])
  })

  it('fall back to the letters without an image, or when it fails to load', async () => {
    const none = await renderMarks(null)
    expect(none.querySelector('img')).toBeNull()
    expect([...none.querySelectorAll('.fo-token-mark')].map((mark) => mark.getAttribute('data-mark'))).toEqual([
      'ETH',
      'ETH',
    ])
    await cleanup()
    const broken = await renderMarks('/public/getTokenImage/ETH')
    for (const img of broken.querySelectorAll('img')) await act(async () => img.dispatchEvent(new Event('error')))
    expect(broken.querySelector('img')).toBeNull()
    expect([...broken.querySelectorAll('.fo-token-mark')].map((mark) => mark.getAttribute('data-mark'))).toEqual([
      'ETH',
      'ETH',
    ])
  })
})
