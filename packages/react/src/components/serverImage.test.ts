import { createApiClient } from '@foyer/core/internal'
import { describe, expect, it } from 'vitest'
import { serverImageUrl } from './serverImage.ts'

describe('serverImageUrl', () => {
  const api = createApiClient({ apiUrl: 'https://foyer.shop.example/', projectId: 'shop' })

  it("resolves the server's own image paths against its URL with the project id, like wallet images", () => {
    expect(serverImageUrl(api, '/public/getTokenImage/ETH?v=w3i-4.0.56')).toBe(
      'https://foyer.shop.example/public/getTokenImage/ETH?v=w3i-4.0.56&projectId=shop',
    )
  })

  it('takes the absolute URLs the server answers with (its public URL, the project id already in) as they are', () => {
    const url = 'https://foyer.shop.example/public/getTokenImage/ETH?projectId=shop&v=w3i-4.0.56'
    expect(serverImageUrl(api, url)).toBe(url)
  })

  it('passes absolute http(s) URLs through and drops the rest, so the lettered mark shows', () => {
    expect(serverImageUrl(api, 'https://cdn.example/eth.svg')).toBe('https://cdn.example/eth.svg')
    for (const url of [null, undefined, '', '//evil.example/x.svg', 'javascript:alert(1)', 'data:text/html,x'])
      expect(serverImageUrl(api, url), String(url)).toBeUndefined()
    expect(serverImageUrl(undefined, '/public/getTokenImage/ETH')).toBeUndefined()
  })
})
