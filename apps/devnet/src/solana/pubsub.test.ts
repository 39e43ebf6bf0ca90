import {
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { solanaDevAccounts } from './keys.ts'
import { solanaWsPort } from './port.ts'
import { describeSolanaStandIn, type SolanaStandIn, startSolanaStandIn } from './server.ts'

let standIn: SolanaStandIn
// A local cluster's clients: neither devnet's, testnet's nor mainnet's.
let rpc: Rpc<SolanaRpcApi>
let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0 })
  rpc = createSolanaRpc(standIn.url)
  subscriptions = createSolanaRpcSubscriptions(standIn.wsUrl)
})
afterAll(() => standIn?.stop())

const signer = (index: number): Promise<KeyPairSigner> =>
  createKeyPairSignerFromPrivateKeyBytes(solanaDevAccounts(index + 1)[index]!.privateKey)

/** Signs a transaction with kit; answers its signature and its base64 wire form, not yet sent. */
async function sign(payer: KeyPairSigner, instructions: Parameters<typeof appendTransactionMessageInstructions>[0]) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
  return { signature: getSignatureFromTransaction(signed), wire: getBase64EncodedWireTransaction(signed) }
}

const sendOverHttp = (wire: ReturnType<typeof getBase64EncodedWireTransaction>) =>
  rpc.sendTransaction(wire, { encoding: 'base64' }).send()

async function transfer(from: KeyPairSigner, to: string, amount: bigint) {
  const signed = await sign(from, [
    getTransferSolInstruction({ source: from, destination: to as never, amount: lamports(amount) }),
  ])
  return sendOverHttp(signed.wire)
}

/** Collects a subscription's notifications until it is aborted. */
function collect<T>(iterable: AsyncIterable<T>) {
  const seen: T[] = []
  const done = (async () => {
    try {
      for await (const n of iterable) seen.push(n)
    } catch {}
  })()
  return { seen, done }
}

const until = async (check: () => boolean, what: string, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** A raw PubSub socket, for what kit's typed client will not send. */
async function rawSocket() {
  const socket = new WebSocket(standIn.wsUrl)
  const messages: Record<string, unknown>[] = []
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())))
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const call = async (id: number, method: string, params?: unknown) => {
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) }))
    await until(() => messages.some((m) => m.id === id), `the answer to ${method}`)
    return messages.find((m) => m.id === id) as { result?: unknown; error?: { code: number; message: string } }
  }
  return { socket, messages, call }
}

describe('the Solana stand-in PubSub, through @solana/kit subscriptions', () => {
  it('listens on its own port and names it in the description', () => {
    expect(standIn.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    expect(standIn.wsUrl).not.toBe(standIn.url.replace('http:', 'ws:'))
    expect(describeSolanaStandIn(standIn).wsUrl).toBe(standIn.wsUrl)
    expect(solanaWsPort({})).toBe(8900)
    expect(solanaWsPort({ FOYER_SOLANA_WS_PORT: '19900' })).toBe(19900)
  })

  it('notifies a signature subscription and the receiver account of a transfer sent over HTTP', async () => {
    const from = await signer(5)
    const to = standIn.accounts[6]!.address
    const before = (await rpc.getBalance(to).send()).value
    const amount = 777_000n
    const signed = await sign(from, [
      getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) }),
    ])
    const abort = new AbortController()
    const signatureNotes = collect(
      await subscriptions
        .signatureNotifications(signed.signature, { commitment: 'confirmed' })
        .subscribe({ abortSignal: abort.signal }),
    )
    const accountNotes = collect(
      await subscriptions
        .accountNotifications(to, { encoding: 'base64', commitment: 'confirmed' })
        .subscribe({ abortSignal: abort.signal }),
    )
    try {
      expect(await sendOverHttp(signed.wire)).toBe(signed.signature)
      await until(() => signatureNotes.seen.length > 0 && accountNotes.seen.length > 0, 'both notifications')
      const { value: status } = await rpc.getSignatureStatuses([signed.signature]).send()
      expect(signatureNotes.seen).toEqual([{ context: { slot: status[0]!.slot }, value: { err: null } }])
      expect(accountNotes.seen).toHaveLength(1)
      expect(accountNotes.seen[0]).toMatchObject({
        context: { slot: status[0]!.slot },
        value: {
          lamports: before + amount,
          owner: '11111111111111111111111111111111',
          data: ['', 'base64'],
          executable: false,
        },
      })
    } finally {
      abort.abort()
    }
    await Promise.all([signatureNotes.done, accountNotes.done])
  })

  it("confirms a transfer with kit's sendAndConfirmTransactionFactory (signature and slot subscriptions, getEpochInfo)", async () => {
    const from = await signer(2)
    const to = standIn.accounts[1]!.address
    const before = (await rpc.getBalance(to).send()).value
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: from, destination: to, amount: lamports(42n) })],
            m,
          ),
      ),
    )
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })
    assertIsTransactionWithBlockhashLifetime(signed)
    await sendAndConfirm(signed, {
      commitment: 'confirmed',
      abortSignal: AbortSignal.timeout(5000),
    })
    expect((await rpc.getBalance(to).send()).value).toBe(before + 42n)
  })

  it('notifies a token account in jsonParsed with its new amount', async () => {
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
    const abort = new AbortController()
    const notes = collect(
      await subscriptions
        .accountNotifications(destination, { encoding: 'jsonParsed' })
        .subscribe({ abortSignal: abort.signal }),
    )
    try {
      const signed = await sign(from, [
        getTransferCheckedInstruction({
          source,
          mint: fusd.address,
          destination,
          authority: from,
          amount: 1_500_000n,
          decimals: 6,
        }),
      ])
      await sendOverHttp(signed.wire)
      await until(() => notes.seen.length > 0, 'the token account notification')
      expect(notes.seen[0]?.value.data).toMatchObject({
        program: 'spl-token',
        parsed: {
          type: 'account',
          info: { mint: fusd.address, owner: to, tokenAmount: { amount: '10001500000', uiAmountString: '10001.5' } },
        },
      })
    } finally {
      abort.abort()
    }
    await notes.done
  })

  it('notifies a slot subscription on the next transaction', async () => {
    const abort = new AbortController()
    const notes = collect(await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal }))
    try {
      const signature = await transfer(await signer(4), standIn.accounts[3]!.address, 1n)
      await until(() => notes.seen.length > 0, 'the slot notification')
      const { value: status } = await rpc.getSignatureStatuses([signature]).send()
      expect(notes.seen).toEqual([{ slot: status[0]!.slot, parent: status[0]!.slot - 1n, root: status[0]!.slot }])
    } finally {
      abort.abort()
    }
    await notes.done
  })

  it('stops notifying once unsubscribed: kit aborts and the server drops the subscription', async () => {
    // The earlier tests' subscriptions end the same way.
    await until(() => standIn.subscriptions.size === 0, 'the earlier unsubscribes')
    const open = standIn.subscriptions.size
    const abort = new AbortController()
    const notes = collect(await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal }))
    expect(standIn.subscriptions.size).toBe(open + 1)
    await transfer(await signer(4), standIn.accounts[3]!.address, 2n)
    await until(() => notes.seen.length === 1, 'the first slot notification')
    abort.abort()
    await notes.done
    // kit sends slotUnsubscribe without waiting for the answer.
    await until(() => standIn.subscriptions.size === open, 'the slotUnsubscribe')

    const raw = await rawSocket()
    try {
      const id = (await raw.call(1, 'slotSubscribe')).result as number
      expect(typeof id).toBe('number')
      expect(await raw.call(2, 'slotUnsubscribe', [id])).toMatchObject({ result: true })
      await transfer(await signer(4), standIn.accounts[3]!.address, 3n)
      expect((await raw.call(3, 'slotUnsubscribe', [id])).error).toEqual({
        code: -32602,
        message: 'Invalid subscription id.',
      })
      expect(raw.messages.filter((m) => m.method === 'slotNotification')).toEqual([])
    } finally {
      raw.socket.close()
    }
  })

  it('drops the subscriptions of a socket that closes', async () => {
    const open = standIn.subscriptions.size
    const raw = await rawSocket()
    await raw.call(1, 'slotSubscribe')
    await raw.call(2, 'accountSubscribe', [standIn.accounts[1]!.address, { encoding: 'base64' }])
    expect(standIn.subscriptions.size).toBe(open + 2)
    raw.socket.close()
    await until(() => standIn.subscriptions.size === open, 'the subscriptions to go')
  })

  it('notifies a signature once: a later transaction sends nothing more, and the subscription is gone', async () => {
    const from = await signer(4)
    const signed = await sign(from, [
      getTransferSolInstruction({ source: from, destination: standIn.accounts[3]!.address, amount: lamports(4n) }),
    ])
    const raw = await rawSocket()
    try {
      const id = (await raw.call(1, 'signatureSubscribe', [signed.signature, { commitment: 'finalized' }])).result
      await sendOverHttp(signed.wire)
      await transfer(from, standIn.accounts[3]!.address, 5n)
      await until(() => raw.messages.some((m) => m.method === 'signatureNotification'), 'the notification')
      expect(raw.messages.filter((m) => m.method === 'signatureNotification')).toEqual([
        { jsonrpc: '2.0', method: 'signatureNotification', params: { result: expect.anything(), subscription: id } },
      ])
      expect((await raw.call(2, 'signatureUnsubscribe', [id])).error?.code).toBe(-32602)
    } finally {
      raw.socket.close()
    }
  })
})

describe('the Solana stand-in PubSub, errors as Solana JSON-RPC errors', () => {
  it('answers -32602 for bad params, through kit and on the wire', async () => {
    await expect(
      subscriptions
        .accountNotifications('not-an-address' as never)
        .subscribe({ abortSignal: AbortSignal.timeout(5000) }),
    ).rejects.toMatchObject({ context: { __code: -32602 } })
    const raw = await rawSocket()
    try {
      expect((await raw.call(1, 'signatureSubscribe', ['abc'])).error?.code).toBe(-32602)
      expect(
        (await raw.call(2, 'accountSubscribe', [standIn.accounts[0]!.address, { encoding: 'xml' }])).error?.code,
      ).toBe(-32602)
      expect((await raw.call(3, 'slotSubscribe', [1])).error?.code).toBe(-32602)
      expect((await raw.call(4, 'accountUnsubscribe', ['x'])).error?.code).toBe(-32602)
      expect((await raw.call(5, 'accountSubscribe', { address: 'x' })).error?.code).toBe(-32602)
    } finally {
      raw.socket.close()
    }
  })

  it('answers -32601 for an unknown method, and ignores kit pings', async () => {
    const raw = await rawSocket()
    try {
      raw.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }))
      const answer = await raw.call(1, 'blockSubscribe', [])
      expect(answer.error?.code).toBe(-32601)
      expect(answer.error?.message).toContain('signatureSubscribe')
      expect(raw.messages).toHaveLength(1)
      raw.socket.send('not json')
      await until(() => raw.messages.length === 2, 'the parse error')
      expect(raw.messages[1]).toMatchObject({ id: null, error: { code: -32700 } })
    } finally {
      raw.socket.close()
    }
  })

  it('cannot drop a subscription of another socket', async () => {
    const a = await rawSocket()
    const b = await rawSocket()
    try {
      const id = (await a.call(1, 'slotSubscribe')).result
      expect((await b.call(1, 'slotUnsubscribe', [id])).error?.code).toBe(-32602)
      expect(await a.call(2, 'slotUnsubscribe', [id])).toMatchObject({ result: true })
    } finally {
      a.socket.close()
      b.socket.close()
    }
  })
})
