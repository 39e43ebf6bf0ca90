import { createHash } from 'node:crypto'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAMPORTS_PER_SOL, SOLANA_DEV_ACCOUNT_SOL, SOLANA_DEV_TOKEN_AMOUNT } from './genesis.ts'
import { solanaDevAccounts, solanaDevKeys } from './keys.ts'
import { describeSolanaStandIn, type SolanaStandIn, startSolanaStandIn } from './server.ts'
import { SOLANA_STAND_IN_GENESIS_HASH } from './standInGenesis.ts'
import { TOKEN_2022_PROGRAM_ADDRESS } from './tokens.ts'

let standIn: SolanaStandIn
let rpc: ReturnType<typeof createSolanaRpc>
const STARTING_LAMPORTS = BigInt(SOLANA_DEV_ACCOUNT_SOL) * LAMPORTS_PER_SOL

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0 })
  rpc = createSolanaRpc(standIn.url)
})
afterAll(() => standIn?.stop())

const signer = (index: number): Promise<KeyPairSigner> =>
  createKeyPairSignerFromPrivateKeyBytes(solanaDevAccounts(index + 1)[index]!.privateKey)

/** Builds, signs and sends a transaction with kit, as an app would; answers its signature. */
async function send(payer: KeyPairSigner, instructions: Parameters<typeof appendTransactionMessageInstructions>[0]) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

/** A raw JSON-RPC call, for what kit's typed client will not send. */
async function raw(body: unknown) {
  const response = await fetch(standIn.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

describe('the Solana JSON-RPC stand-in (LiteSVM), read through @solana/kit', () => {
  it('names itself a stand-in and answers health, slot and blockhash', async () => {
    expect(await rpc.getHealth().send()).toBe('ok')
    expect((await rpc.getVersion().send())['solana-core']).toContain('litesvm-stand-in')
    const slot = await rpc.getSlot().send()
    expect(await rpc.getBlockHeight().send()).toBe(slot)
    const { value } = await rpc.getLatestBlockhash().send()
    expect(value.lastValidBlockHeight).toBe(slot + 150n)
    expect((await rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true)
    expect((await rpc.isBlockhashValid(address('11111111111111111111111111111111') as never).send()).value).toBe(false)
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890880n)
  })

  it('answers getGenesisHash with its fixed hash: the SHA-256 of its name, 32 bytes, in the devnet file too', async () => {
    const hash = await rpc.getGenesisHash().send()
    expect(hash).toBe(SOLANA_STAND_IN_GENESIS_HASH)
    const digest = createHash('sha256').update('Foyer Solana JSON-RPC stand-in (LiteSVM)').digest()
    expect(getBase58Encoder().encode(hash)).toEqual(new Uint8Array(digest))
    expect(describeSolanaStandIn(standIn).genesisHash).toBe(hash)
  })

  it('funds every dev account with SOL, at the addresses of the dev mnemonic', async () => {
    expect(standIn.accounts).toHaveLength(10)
    expect(standIn.accounts[0]?.address).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    // #0 paid for creating the mints and token accounts; the others hold exactly their genesis SOL.
    for (const account of standIn.accounts.slice(5)) {
      expect((await rpc.getBalance(account.address).send()).value).toBe(STARTING_LAMPORTS)
    }
    const { value: payer } = await rpc.getBalance(standIn.accounts[0]!.address).send()
    expect(payer).toBeLessThan(STARTING_LAMPORTS)
    expect(payer).toBeGreaterThan(STARTING_LAMPORTS - LAMPORTS_PER_SOL)
    const info = await rpc.getAccountInfo(standIn.accounts[9]!.address, { encoding: 'base64' }).send()
    expect(info.value).toMatchObject({ owner: '11111111111111111111111111111111', executable: false, space: 0n })
    expect(info.value?.data).toEqual(['', 'base64'])
  })

  it('puts the mints at addresses derived from the dev mnemonic, with supply for every account', async () => {
    const [fusd, feur] = standIn.mints
    const keys = solanaDevKeys([1000, 1001])
    expect(fusd).toMatchObject({
      symbol: 'fUSD',
      decimals: 6,
      programId: TOKEN_PROGRAM_ADDRESS,
      address: keys[0]?.address,
    })
    expect(feur).toMatchObject({ decimals: 6, programId: TOKEN_2022_PROGRAM_ADDRESS, address: keys[1]?.address })
    const { value } = await rpc.getAccountInfo(fusd!.address, { encoding: 'jsonParsed' }).send()
    expect(value?.data).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          supply: String(10n * SOLANA_DEV_TOKEN_AMOUNT * 1_000_000n),
          mintAuthority: standIn.accounts[0]?.address,
        },
      },
    })
  })

  it('lists Token and Token-2022 accounts by owner in jsonParsed, by program and by mint', async () => {
    const owner = standIn.accounts[4]!.address
    const [fusd, feur] = standIn.mints
    const byProgram = await rpc
      .getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
      .send()
    expect(byProgram.value).toHaveLength(1)
    const [ata] = await findAssociatedTokenPda({ owner, mint: fusd!.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect(byProgram.value[0]?.pubkey).toBe(ata)
    expect(byProgram.value[0]?.account.data.parsed.info).toMatchObject({
      mint: fusd!.address,
      owner,
      state: 'initialized',
      tokenAmount: { amount: '10000000000', decimals: 6, uiAmount: 10000, uiAmountString: '10000' },
    })
    const byMint = await rpc.getTokenAccountsByOwner(owner, { mint: feur!.address }, { encoding: 'jsonParsed' }).send()
    expect(byMint.value).toHaveLength(1)
    expect(byMint.value[0]?.account.owner).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    expect(byMint.value[0]?.account.data.program).toBe('spl-token-2022')
    expect(byMint.value[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe('10000')
    const base64 = await rpc
      .getTokenAccountsByOwner(owner, { programId: TOKEN_2022_PROGRAM_ADDRESS }, { encoding: 'base64' })
      .send()
    expect(base64.value[0]?.account.data[1]).toBe('base64')
    const balance = await rpc.getTokenAccountBalance(byMint.value[0]!.pubkey).send()
    expect(balance.value).toEqual({ amount: '10000000000', decimals: 6, uiAmount: 10000, uiAmountString: '10000' })
  })

  it('answers an empty list for an account that holds no tokens, and null for one that does not exist', async () => {
    const stranger = solanaDevKeys([500])[0]!.address
    for (const programId of [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]) {
      const { value } = await rpc.getTokenAccountsByOwner(stranger, { programId }, { encoding: 'jsonParsed' }).send()
      expect(value).toEqual([])
    }
    expect((await rpc.getAccountInfo(stranger, { encoding: 'base64' }).send()).value).toBeNull()
    expect((await rpc.getBalance(stranger).send()).value).toBe(0n)
    const multiple = await rpc
      .getMultipleAccounts([stranger, standIn.accounts[2]!.address], { encoding: 'base64' })
      .send()
    expect(multiple.value[0]).toBeNull()
    expect(multiple.value[1]?.lamports).toBe(STARTING_LAMPORTS)
    expect(await rpc.getSignaturesForAddress(stranger).send()).toEqual([])
  })

  it('executes a SOL transfer built with kit: status, transaction, history and balances agree', async () => {
    const from = await signer(5)
    const to = standIn.accounts[6]!.address
    const amount = 1_234_567_890n
    const signature = await send(from, [
      getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) }),
    ])

    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', status: { Ok: null } })

    const tx = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    expect(tx?.meta?.err).toBeNull()
    expect(tx?.meta?.fee).toBe(5000n)
    expect(tx?.version).toBe(0)
    expect(tx?.transaction.signatures).toEqual([signature])
    const keys = tx!.transaction.message.accountKeys
    const fromIndex = keys.indexOf(from.address)
    const toIndex = keys.indexOf(to as Address)
    expect(tx?.meta?.preBalances[fromIndex]).toBe(STARTING_LAMPORTS)
    expect(tx?.meta?.postBalances[fromIndex]).toBe(STARTING_LAMPORTS - amount - 5000n)
    expect(tx?.meta?.postBalances[toIndex]).toBe(STARTING_LAMPORTS + amount)
    expect(tx?.slot).toBe(statuses[0]?.slot)

    const base64 = await rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send()
    expect(base64?.transaction[1]).toBe('base64')
    expect(base64?.meta?.postBalances).toEqual(tx?.meta?.postBalances)

    expect((await rpc.getBalance(from.address).send()).value).toBe(STARTING_LAMPORTS - amount - 5000n)
    expect((await rpc.getBalance(to).send()).value).toBe(STARTING_LAMPORTS + amount)

    const history = await rpc.getSignaturesForAddress(to).send()
    expect(history[0]).toMatchObject({ signature, err: null, confirmationStatus: 'finalized', slot: tx?.slot })
    expect(history[0]?.blockTime).toBe(tx?.blockTime)
  })

  it('executes an SPL transfer: token balances in the metadata and in the accounts moved', async () => {
    const from = await signer(7)
    const to = standIn.accounts[8]!.address
    const fusd = standIn.mints[0]!
    const [source] = await findAssociatedTokenPda({
      owner: from.address,
      mint: fusd.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: to,
      mint: fusd.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const signature = await send(from, [
      getTransferCheckedInstruction({
        source,
        mint: fusd.address,
        destination,
        authority: from,
        amount: 2_500_000n,
        decimals: 6,
      }),
    ])
    const tx = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    const sent = tx?.meta?.postTokenBalances?.find((b) => b.owner === from.address)
    const received = tx?.meta?.postTokenBalances?.find((b) => b.owner === to)
    expect(tx?.meta?.preTokenBalances?.find((b) => b.owner === from.address)?.uiTokenAmount.uiAmountString).toBe(
      '10000',
    )
    expect(sent).toMatchObject({
      mint: fusd.address,
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: { amount: '9997500000', uiAmountString: '9997.5' },
    })
    expect(received?.uiTokenAmount).toMatchObject({
      amount: '10002500000',
      uiAmount: 10002.5,
      uiAmountString: '10002.5',
    })
    expect((await rpc.getTokenAccountBalance(destination).send()).value.uiAmountString).toBe('10002.5')
    const history = await rpc.getSignaturesForAddress(from.address, { limit: 1 }).send()
    expect(history.map((h) => h.signature)).toEqual([signature])
  })

  it('pages history newest first with before and limit', async () => {
    const from = await signer(3)
    const to = standIn.accounts[2]!.address
    const sent: Signature[] = []
    for (const amount of [1n, 2n, 3n])
      sent.push(
        await send(from, [getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) })]),
      )
    const newest = await rpc.getSignaturesForAddress(from.address, { limit: 2 }).send()
    expect(newest.map((h) => h.signature)).toEqual([sent[2], sent[1]])
    expect(newest[0]!.slot).toBeGreaterThan(newest[1]!.slot)
    const older = await rpc.getSignaturesForAddress(from.address, { before: sent[1], limit: 1 }).send()
    expect(older.map((h) => h.signature)).toEqual([sent[0]])
  })

  it('answers blocks, one per transaction, hash-chained from the genesis hash: getBlocks, getBlocksWithLimit, getBlock', async () => {
    const from = await signer(4)
    const signature = await send(from, [
      getTransferSolInstruction({ source: from, destination: standIn.accounts[9]!.address, amount: lamports(7n) }),
    ])
    const tx = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    const slot = tx!.slot
    const head = await rpc.getSlot().send()
    expect(head).toBe(slot + 1n)

    // Every slot from the first block on has one (the genesis transactions too); the range ends at the newest.
    const [firstSlot] = await rpc.getBlocksWithLimit(0n, 1).send()
    const all = await rpc.getBlocks(firstSlot!).send()
    expect(all.at(-1)).toBe(slot)
    expect(all).toEqual(all.map((_, i) => firstSlot! + BigInt(i)))
    expect(await rpc.getBlocks(slot - 1n, slot + 5n).send()).toEqual([slot - 1n, slot])
    expect(await rpc.getBlocksWithLimit(firstSlot!, 3).send()).toEqual(all.slice(0, 3))
    expect(await rpc.getBlocksWithLimit(slot + 1n, 3).send()).toEqual([])
    const tooWide = await raw({ jsonrpc: '2.0', id: 1, method: 'getBlocks', params: [0] })
    expect(tooWide.json.error).toMatchObject({ code: -32602 })

    const block = await rpc
      .getBlock(slot, {
        encoding: 'json',
        transactionDetails: 'full',
        maxSupportedTransactionVersion: 0,
        rewards: false,
      })
      .send()
    const parent = await rpc
      .getBlock(slot - 1n, { transactionDetails: 'signatures', maxSupportedTransactionVersion: 0, rewards: false })
      .send()
    expect(block?.parentSlot).toBe(slot - 1n)
    expect(block?.previousBlockhash).toBe(parent?.blockhash)
    expect(block?.blockTime).toBe(tx?.blockTime)
    expect(block?.transactions).toHaveLength(1)
    expect(block?.transactions[0]?.transaction.signatures).toEqual([signature])
    expect(block?.transactions[0]?.meta).toEqual(tx?.meta)
    const first = await rpc.getBlock(firstSlot!, { transactionDetails: 'none', rewards: false }).send()
    expect(first?.previousBlockhash).toBe(SOLANA_STAND_IN_GENESIS_HASH)
    expect(parent?.signatures).toHaveLength(1)

    // The slot in progress has no block yet; a v0 transaction needs maxSupportedTransactionVersion.
    const pending = await raw({ jsonrpc: '2.0', id: 1, method: 'getBlock', params: [Number(head)] })
    expect(pending.json.error).toMatchObject({ code: -32004 })
    const noVersion = await raw({ jsonrpc: '2.0', id: 1, method: 'getBlock', params: [Number(slot)] })
    expect(noVersion.json.error).toMatchObject({ code: -32015 })
    const badDetails = await raw({
      jsonrpc: '2.0',
      id: 1,
      method: 'getBlock',
      params: [Number(slot), { transactionDetails: 'accounts' }],
    })
    expect(badDetails.json.error).toMatchObject({ code: -32602 })
  })

  it('rejects a failing transaction in preflight with the simulation, and records it when preflight is skipped', async () => {
    const from = await signer(9)
    const to = standIn.accounts[1]!.address
    const tooMuch = STARTING_LAMPORTS * 2n
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: from, destination: to, amount: lamports(tooMuch) })],
            m,
          ),
      ),
    )
    const wire = getBase64EncodedWireTransaction(signed)
    const simulated = await rpc.simulateTransaction(wire, { encoding: 'base64' }).send()
    // kit reads every number in the answer as a bigint, on a real cluster as here.
    expect(simulated.value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(simulated.value.logs?.join('\n')).toContain('insufficient lamports')
    await expect(rpc.sendTransaction(wire, { encoding: 'base64' }).send()).rejects.toMatchObject({
      context: { __code: -32002 },
    })
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send()
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    const tx = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    expect(tx?.meta?.fee).toBe(5000n)
    const meta = tx?.meta
    expect(meta && (meta.preBalances[0] ?? 0n) - (meta.postBalances[0] ?? 0n)).toBe(5000n)
  })

  it('answers JSON-RPC errors for a malformed address, bad params, an unknown method and bad bodies', async () => {
    await expect(rpc.getBalance('not-an-address' as Address).send()).rejects.toMatchObject({
      context: { __code: -32602 },
    })
    const unknown = await raw({ jsonrpc: '2.0', id: 7, method: 'getBlockProduction', params: [] })
    expect(unknown.json).toMatchObject({ id: 7, error: { code: -32601 } })
    const badParams = await raw({ jsonrpc: '2.0', id: 8, method: 'getSignatureStatuses', params: ['x'] })
    expect(badParams.json).toMatchObject({ id: 8, error: { code: -32602 } })
    const notArray = await raw({ jsonrpc: '2.0', id: 9, method: 'getBalance', params: { pubkey: 'x' } })
    expect(notArray.json).toMatchObject({ id: 9, error: { code: -32602 } })
    const garbage = await raw({
      jsonrpc: '2.0',
      id: 10,
      method: 'sendTransaction',
      params: ['AAAA', { encoding: 'base64' }],
    })
    expect(garbage.json).toMatchObject({ id: 10, error: { code: -32602 } })
    expect((await raw('{not json')).json).toMatchObject({ error: { code: -32700 } })
    expect((await raw({ id: 1, method: 'getHealth' })).json).toMatchObject({ error: { code: -32600 } })
    const tooBig = await raw({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: ['x'.repeat(300 * 1024)] })
    expect(tooBig.status).toBe(413)
    // Still answering after all of that.
    expect(await rpc.getHealth().send()).toBe('ok')
  })
})
