import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { DevnetFileSchema } from './devnet-file-schema.ts'

const chain = { id: 31337, name: 'Foyer Local', rpcUrl: 'http://127.0.0.1:8545' }
const aa = {
  entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  simpleAccountFactory: '0x13E9ed32155810FDbd067D4522C492D6f68E5944',
  simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
  paymaster: '0x85e54FA691f6872102DF701B83519B786762be0D',
  paymasterSigner: '0x1BcB8e569EedAb4668e55145Cfeaf190902d3CF2',
  bundlerUrl: 'http://127.0.0.1:8798/31337',
}

const parse = (accountAbstraction: unknown) =>
  v.safeParse(DevnetFileSchema, { chains: [{ ...chain, accountAbstraction }] })

describe('the devnet file schema, accountAbstraction', () => {
  it('reads the block the devnet writes', () => {
    const result = parse(aa)
    expect(result.success && result.output.chains[0].accountAbstraction).toEqual(aa)
  })

  it('needs only the EntryPoint, and leaves the key out when the chain has none', () => {
    const only = parse({ entryPoint: aa.entryPoint, paymaster: null })
    expect(only.success && only.output.chains[0].accountAbstraction).toEqual({ entryPoint: aa.entryPoint })
    const none = v.safeParse(DevnetFileSchema, { chains: [chain] })
    expect(none.success && 'accountAbstraction' in none.output.chains[0]).toBe(false)
  })

  it('refuses a bad address or a bundler URL that is not http(s), naming the field', () => {
    const paths = (input: unknown) => {
      const result = parse(input)
      return result.success ? [] : result.issues.map((i) => i.path?.map((p) => p.key).join('.'))
    }
    expect(paths({ ...aa, paymaster: '0x1234' })).toEqual(['chains.0.accountAbstraction.paymaster'])
    expect(paths({ ...aa, bundlerUrl: 'ftp://127.0.0.1/31337' })).toEqual(['chains.0.accountAbstraction.bundlerUrl'])
    expect(paths({ simple7702Account: aa.simple7702Account })).toEqual(['chains.0.accountAbstraction.entryPoint'])
  })
})

describe('the devnet file schema, solana', () => {
  const solana = {
    name: 'Solana JSON-RPC stand-in (LiteSVM)',
    rpcUrl: 'http://127.0.0.1:8899',
    genesisHash: 'FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8sREquhEMvdexS',
    accounts: ['oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'],
    mints: [
      {
        address: '6XB1Ki4QQQqtGDDkfgfqYkLMGSpQy14SizdhkAa3ZqYZ',
        symbol: 'fUSD',
        name: 'Foyer USD',
        decimals: 6,
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        mintAuthority: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      },
    ],
  }

  it('reads the block the stand-in writes, and leaves the key out of a file without it', () => {
    const result = v.safeParse(DevnetFileSchema, { chains: [chain], solana })
    const { mintAuthority: _, ...mint } = solana.mints[0]!
    expect(result.success && result.output.solana).toEqual({ ...solana, mints: [mint] })
    const none = v.safeParse(DevnetFileSchema, { chains: [chain] })
    expect(none.success && 'solana' in none.output).toBe(false)
  })

  it('reads the PubSub URL when the file has one, and refuses one that is not ws(s)', () => {
    const withWs = v.safeParse(DevnetFileSchema, { solana: { ...solana, wsUrl: 'ws://127.0.0.1:8900' } })
    expect(withWs.success && withWs.output.solana?.wsUrl).toBe('ws://127.0.0.1:8900')
    const older = v.safeParse(DevnetFileSchema, { solana })
    expect(older.success && older.output.solana && 'wsUrl' in older.output.solana).toBe(false)
    const http = v.safeParse(DevnetFileSchema, { solana: { ...solana, wsUrl: 'http://127.0.0.1:8900' } })
    expect(http.success ? [] : http.issues.map((i) => i.path?.map((p) => p.key).join('.'))).toEqual(['solana.wsUrl'])
  })

  it('refuses an EVM address as a Solana account, naming the field', () => {
    const result = v.safeParse(DevnetFileSchema, { solana: { ...solana, accounts: [aa.paymaster] } })
    expect(result.success ? [] : result.issues.map((i) => i.path?.map((p) => p.key).join('.'))).toEqual([
      'solana.accounts.0',
    ])
  })
})
