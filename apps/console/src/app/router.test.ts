import { describe, expect, it } from 'vitest'
import { parseRoute, routePath } from './router.tsx'

describe('the console’s routes', () => {
  it('reads its pages from paths under /console, and writes them back', () => {
    const cases = [
      ['/console/', { page: 'projects' }],
      ['/console/projects/shop', { page: 'project', projectId: 'shop' }],
      ['/console/projects/my%20site/analytics', { page: 'analytics', projectId: 'my site' }],
    ] as const
    for (const [path, route] of cases) {
      expect(parseRoute(path)).toEqual(route)
      expect(routePath(route)).toBe(path)
    }
    expect(parseRoute('/console')).toEqual({ page: 'projects' })
    expect(parseRoute('/console/projects/shop/nothing')).toEqual({ page: 'notFound' })
    expect(parseRoute('/console/settings')).toEqual({ page: 'notFound' })
  })
})
