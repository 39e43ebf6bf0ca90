import type { ViewName } from '@foyer/core'
import type { ComponentType } from 'react'
import { describe, expectTypeOf, it } from 'vitest'
import type { Foyer } from '../createFoyer.ts'
import type { ChunkLoader } from './chunks.ts'
import { viewLoaders } from './viewLoaders.ts'

type ViewMap = Record<ViewName, ChunkLoader<ComponentType>>

describe('the map from view name to view', () => {
  it('has a view for every name a site can open', () => {
    expectTypeOf(viewLoaders).toEqualTypeOf<ViewMap>()
  })

  it('does not compile with a name that has no view, or a view that has no name', () => {
    const { Connect: _connect, ...withoutConnect } = viewLoaders
    // @ts-expect-error Connect is a view name, so the map must have its view
    const missing: ViewMap = withoutConnect
    // @ts-expect-error Tokens is not a view (yet), so the map has no place for one
    const extra: ViewMap = { ...viewLoaders, Tokens: viewLoaders.Connect }
    expectTypeOf([missing, extra]).toBeArray()
  })

  it('lets a site open only the views that exist', () => {
    const foyer = {} as Foyer
    expectTypeOf(foyer.open).toBeCallableWith({ view: 'Account' })
    expectTypeOf(foyer.open).toBeCallableWith({ view: 'GetWallet' })
    expectTypeOf(foyer.open).toBeCallableWith({ view: 'ConnectingFarcaster' })
    expectTypeOf(foyer.open).toBeCallableWith({ view: 'AccountSettings' })
    for (const view of ['EmailLogin', 'Tokens', 'ConnectingOAuth'] as const)
      expectTypeOf<typeof view>().not.toExtend<ViewName>()
    // @ts-expect-error Tokens has no view
    foyer.open({ view: 'Tokens' })
  })
})
