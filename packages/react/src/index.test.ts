import { expect, it } from 'vitest'
import * as exports from './index.ts'

it('keeps the public API visible in review', () => {
  expect(Object.keys(exports).sort()).toMatchSnapshot()
})
