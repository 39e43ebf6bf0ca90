/**
 * FOYER_PROJECTS and the built-in demo at each start against what the console changed since: the last change wins.
 * On PGlite and on Postgres.
 */
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { describeEachBackend } from '../test/eachBackend.ts'
import { configDigest } from './configDigest.ts'
import { DEMO_PROJECT, type ProjectInput } from './model.ts'
import { seedProjects } from './seed.ts'
import { ProjectStore } from './store.ts'

const config = (projects: unknown[], seedDemo = true) =>
  loadConfig(
    { PORT: '0', FOYER_PROJECTS: JSON.stringify(projects), FOYER_SEED_DEMO: String(seedDemo) },
    { repoRoot: '/nonexistent' },
  )

const SHOP = { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], features: { history: false } }

it('the digest of an entry does not depend on the order of its keys, and changes with any value', () => {
  const a: ProjectInput = { id: 'a', name: 'A', allowedOrigins: ['https://a.example'], features: { swaps: false } }
  const reordered = { features: { swaps: false }, allowedOrigins: ['https://a.example'], name: 'A', id: 'a' }
  expect(configDigest(reordered)).toBe(configDigest(a))
  expect(configDigest({ ...a, features: { swaps: true } })).not.toBe(configDigest(a))
  expect(configDigest({ ...a, allowedOrigins: [] })).not.toBe(configDigest(a))
})

await describeEachBackend('seed.test.ts', (t) => {
  const updatedAt = async (id: string) =>
    (
      await sql<{ updated_at: Date }>`select updated_at from projects where id = ${id}`.execute(t.database.kysely)
    ).rows[0]?.updated_at.getTime()

  it('a restart with the same settings keeps the console’s changes; an edited entry replaces them', async () => {
    const store = new ProjectStore(t.database.kysely)
    await seedProjects(store, config([SHOP]))
    expect(await store.get('shop')).toMatchObject({ name: 'Shop', features: { history: false } })

    // The console changes the configured project and the demo, and adds a project of its own.
    await store.change('shop', { name: 'Shop (console)', features: { swaps: false } })
    await store.change('foyer-demo', { features: { swaps: false } })
    await store.create({ id: 'console-made', name: 'Console made', allowedOrigins: [], features: {} })
    const changedAt = await updatedAt('shop')

    // A restart (another instance too) with the same settings, keys in another order: nothing is written.
    const reordered = {
      features: { history: false },
      allowedOrigins: ['https://shop.example'],
      name: 'Shop',
      id: 'shop',
    }
    await seedProjects(new ProjectStore(t.database.kysely), config([reordered]))
    expect(await store.get('shop')).toMatchObject({
      name: 'Shop (console)',
      features: { history: false, swaps: false },
    })
    expect(await updatedAt('shop')).toBe(changedAt)
    expect((await store.get('foyer-demo'))?.features).toEqual({ swaps: false })

    // The operator edits the entry: it replaces the project whole at the next start; once.
    await seedProjects(store, config([{ ...SHOP, features: { onramp: false } }]))
    expect(await store.get('shop')).toMatchObject({ name: 'Shop', features: { onramp: false } })
    const appliedAt = await updatedAt('shop')
    await seedProjects(store, config([{ ...SHOP, features: { onramp: false } }]))
    expect(await updatedAt('shop')).toBe(appliedAt)

    // The entry removed from FOYER_PROJECTS, and the demo seed off: the projects stay as they are.
    await seedProjects(store, config([], false))
    expect(await store.get('shop')).toMatchObject({ name: 'Shop', features: { onramp: false } })
    expect((await store.get('foyer-demo'))?.features).toEqual({ swaps: false })
    expect(await store.get('console-made')).toMatchObject({ name: 'Console made', features: {} })
  })

  it('an entry with the demo’s id replaces the built-in demo; removed, the built-in one is written again', async () => {
    const store = new ProjectStore(t.database.kysely)
    const entry = { id: DEMO_PROJECT.id, name: 'My demo', allowedOrigins: ['https://demo.example'] }
    await seedProjects(store, config([entry]))
    expect(await store.get('foyer-demo')).toMatchObject({ name: 'My demo', allowedOrigins: ['https://demo.example'] })
    await seedProjects(store, config([]))
    expect(await store.get('foyer-demo')).toMatchObject({
      name: DEMO_PROJECT.name,
      allowedOrigins: DEMO_PROJECT.allowedOrigins,
      features: {},
    })
  })
})
