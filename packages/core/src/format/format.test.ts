import { describe, expect, it } from 'vitest'
import { floorDecimalString, formatUnitsFloored, shortenAddress } from './format.ts'
import { formatDecimalForLocale } from './formatDecimalForLocale.ts'
import { parseUnits } from './parseUnits.ts'

describe('formatUnitsFloored', () => {
  it('floors to three decimals by default', () => {
    expect(formatUnitsFloored(1_999_999_999_999_999_999n, 18)).toBe('1.999')
    expect(formatUnitsFloored(10_000n * 10n ** 18n, 18)).toBe('10000')
    expect(formatUnitsFloored(1_500_000n, 6)).toBe('1.5')
    expect(formatUnitsFloored(999n, 18)).toBe('0')
    expect(formatUnitsFloored(-1_234_567n, 6)).toBe('-1.234')
  })
  it('takes other precisions', () => {
    expect(formatUnitsFloored(1_234_567_891n, 9, 6)).toBe('1.234567')
  })
})

describe('floorDecimalString', () => {
  it('floors without float rounding', () => {
    expect(floorDecimalString('0.99999999')).toBe('0.999')
    expect(floorDecimalString('12.3')).toBe('12.3')
    expect(floorDecimalString('007.1000')).toBe('7.1')
    expect(floorDecimalString('abc')).toBe('0')
    expect(floorDecimalString('-0.0001')).toBe('0')
    expect(floorDecimalString('1.23456789', 6)).toBe('1.234567')
  })
})

describe('parseUnits', () => {
  it('parses decimal strings exactly', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n)
    expect(parseUnits('.25', 2)).toBe(25n)
    expect(parseUnits('3', 18)).toBe(3n * 10n ** 18n)
    expect(parseUnits('1.1234567', 6)).toBe(1_123_456n)
  })
  it('refuses malformed input', () => {
    expect(() => parseUnits('', 6)).toThrow()
    expect(() => parseUnits('1e5', 6)).toThrow()
    expect(() => parseUnits('-1', 6)).toThrow()
  })
})

describe('display helpers', () => {
  it('shortens addresses', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(shortenAddress('0x12')).toBe('0x12')
  })
  it('groups digits per locale and keeps the fraction exact', () => {
    expect(formatDecimalForLocale('10000.123', 'en')).toBe('10,000.123')
    expect(formatDecimalForLocale('10000.5', 'es')).toMatch(/^10.000,5$/)
  })
})
