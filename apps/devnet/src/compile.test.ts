import { describe, expect, it } from 'vitest'
import { ownArtifacts } from './artifacts.ts'
import { compileContracts, hashSources, readSources } from './compile.ts'

// The artifacts are committed so `npm start` never runs solc; this keeps them honest.
describe('committed contract artifacts', () => {
  it('were compiled from the current sources', () => {
    expect(ownArtifacts().sourceHash, 'run `npm run compile -w @foyer/devnet`').toBe(hashSources(readSources()))
  })

  it('equal a fresh compile', async () => {
    const fresh = await compileContracts()
    expect(ownArtifacts(), 'run `npm run compile -w @foyer/devnet`').toEqual(fresh)
  })
})
