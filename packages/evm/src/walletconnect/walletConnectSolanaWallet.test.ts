import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './solanaEncoding.ts'
import {
  createWalletConnectSolanaWallet,
  solanaAccountsOf,
  WALLETCONNECT_SOLANA_FEATURE,
  withSignature,
} from './walletConnectSolanaWallet.ts'

const base58 = { encode: encodeBase58, decode: decodeBase58 }
const LOCAL = 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const OTHER = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'

/** A wire transaction with `signers` empty signature slots and those keys first in its message (v0 when `versioned`). */
function wireTransaction(signers: Uint8Array[], versioned: boolean): Uint8Array {
  const keys = [...signers, new Uint8Array(32).fill(7)]
  const message = [
    ...(versioned ? [0x80] : []),
    signers.length, // required signatures
    0,
    1, // header
    keys.length,
    ...keys.flatMap((k) => [...k]),
    ...new Uint8Array(32).fill(9), // blockhash
    0, // no instructions
    ...(versioned ? [0] : []), // no address table lookups
  ]
  return Uint8Array.from([signers.length, ...new Uint8Array(64 * signers.length), ...message])
}

describe('the WalletConnect session on Solana', () => {
  it("reads the session's Solana accounts, one per address with its chains", () => {
    expect(
      solanaAccountsOf({
        eip155: { accounts: ['eip155:1:0xabc'] },
        solana: { accounts: [`${LOCAL}:${ADDRESS}`, `${DEVNET}:${ADDRESS}`] },
      }),
    ).toEqual([{ address: ADDRESS, chainIds: [LOCAL, DEVNET] }])
    expect(solanaAccountsOf({ eip155: { accounts: ['eip155:1:0xabc'] } })).toEqual([])
  })

  it("puts a signature into the signer's slot of a legacy or v0 transaction", () => {
    const mine = base58.decode(ADDRESS)
    const other = base58.decode(OTHER)
    const signature = new Uint8Array(64).fill(5)
    for (const versioned of [false, true]) {
      const tx = wireTransaction([other, mine], versioned)
      const signed = withSignature(tx, mine, signature)
      expect(signed.subarray(1 + 64, 1 + 128)).toEqual(signature)
      expect(signed.subarray(1, 65)).toEqual(new Uint8Array(64))
      expect(signed.subarray(129)).toEqual(tx.subarray(129))
    }
    expect(() => withSignature(wireTransaction([other], false), mine, signature)).toThrow(/does not ask/)
  })

  it('names the clusters as Wallet Standard chains and sends each request on the matching session chain', async () => {
    const sent: { method: string; params: unknown; chainId: string }[] = []
    const { wallet, end } = createWalletConnectSolanaWallet({
      topic: 't1',
      accounts: [{ address: ADDRESS, chainIds: [LOCAL, DEVNET] }],
      // Stands in for the session (the relay path is tested with the real SDK in @foyer/testing).
      request: async ({ method, params }, chainId) => {
        sent.push({ method, params, chainId })
        if (method === 'solana_signAndSendTransaction') return { signature: base58.encode(new Uint8Array(64).fill(1)) }
        return { signature: base58.encode(new Uint8Array(64).fill(2)) }
      },
    })
    expect(wallet.chains).toEqual([LOCAL, 'solana:localnet', DEVNET, 'solana:devnet'])
    expect(wallet.features[WALLETCONNECT_SOLANA_FEATURE]).toMatchObject({ topic: 't1' })
    const connect = wallet.features['standard:connect'] as { connect(): Promise<{ accounts: unknown[] }> }
    const [account] = (await connect.connect()).accounts as (typeof wallet.accounts)[number][]
    expect(account!.address).toBe(ADDRESS)

    const transaction = wireTransaction([base58.decode(ADDRESS)], true)
    const send = wallet.features['solana:signAndSendTransaction'] as {
      signAndSendTransaction(input: object): Promise<{ signature: Uint8Array }[]>
    }
    await send.signAndSendTransaction({
      account,
      chain: 'solana:devnet',
      transaction,
      options: { commitment: 'confirmed', skipPreflight: true },
    })
    const sign = wallet.features['solana:signTransaction'] as {
      signTransaction(input: object): Promise<{ signedTransaction: Uint8Array }[]>
    }
    const [signed] = await sign.signTransaction({ account, chain: 'solana:localnet', transaction })
    expect(signed!.signedTransaction.subarray(1, 65)).toEqual(new Uint8Array(64).fill(2))
    const message = wallet.features['solana:signMessage'] as {
      signMessage(input: object): Promise<{ signature: Uint8Array }[]>
    }
    await message.signMessage({ account, message: new TextEncoder().encode('hi') })
    expect(sent.map((s) => [s.method, s.chainId])).toEqual([
      ['solana_signAndSendTransaction', DEVNET],
      ['solana_signTransaction', LOCAL],
      ['solana_signMessage', LOCAL],
    ])
    expect(sent[0]!.params).toEqual({
      transaction: Buffer.from(transaction).toString('base64'),
      sendOptions: { skipPreflight: true },
    })
    expect(sent[2]!.params).toEqual({ message: base58.encode(new TextEncoder().encode('hi')), pubkey: ADDRESS })

    const changes: unknown[] = []
    ;(wallet.features['standard:events'] as { on(e: string, l: (p: unknown) => void): () => void }).on('change', (p) =>
      changes.push(p),
    )
    end()
    expect(changes).toEqual([{ accounts: [] }])
    expect(wallet.accounts).toEqual([])
  })
})
