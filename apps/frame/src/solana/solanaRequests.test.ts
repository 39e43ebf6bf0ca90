/**
 * The frame's Solana methods against the real LiteSVM stand-in (apps/devnet): a message and transactions signed by
 * the wallet's derived key verify with @solana/kit, a signed-and-sent transfer moves the balances on the chain, the
 * approval says the transfers in plain words (SOL, Token, Token-2022, a token account made on the way, a step it
 * cannot read), and malformed or foreign requests are refused before anything is shown. The person's decision is
 * the `approve` function the handler is given (the approval screen has its own tests).
 */
import { SOLANA_STAND_IN_GENESIS_HASH, type SolanaStandIn, startSolanaStandIn } from '@foyer/devnet/solana'
import { FrameHostError } from '@foyer/embedded/host'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createKeyPairSignerFromPrivateKeyBytes,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApprovalDetails } from '../approval/approvalScreen.ts'
import { t } from '../screens.ts'
import { TOKEN_2022_PROGRAM_ADDRESS } from './describeTransaction.ts'
import { type SolanaKey, solanaKeyFromSecret } from './solanaKey.ts'
import { type FrameSolanaChain, type SolanaRequestContext, solanaRequest } from './solanaRequests.ts'

const LOCAL_CHAIN = `solana:${SOLANA_STAND_IN_GENESIS_HASH.slice(0, 32)}`
const SOL = 1_000_000_000n
const base64 = getBase64Decoder()
const bytesOf = (b64: string) => Uint8Array.from(getBase64Encoder().encode(b64))

let standIn: SolanaStandIn
let rpc: ReturnType<typeof createSolanaRpc>
let key: SolanaKey
let wallet: Address
let dev0: KeyPairSigner
let dev1: Address
let chain: FrameSolanaChain
let fusd: Address
let feur: Address
let seen: ApprovalDetails[]
let decision: boolean

const context = (overrides: Partial<SolanaRequestContext> = {}): SolanaRequestContext => ({
  site: 'http://127.0.0.1:5173',
  key: () => key,
  chains: () => [chain],
  approve: async (details) => {
    seen.push(details)
    if (!decision) throw new FrameHostError('rejected', 'The request was rejected in the wallet')
  },
  ...overrides,
})
/** What the approval says, as the person reads it (English). */
const sentences = (details: ApprovalDetails) => (details.summary ?? []).map((line) => t(line.key, line.parameters))
const row = (details: ApprovalDetails, key: string) => details.rows.find(([k]) => k === key)?.[1]

/** Sends a transaction the dev account signs, as an app would (funding the wallet). */
async function devSend(instructions: Instruction[]) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(dev0, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

/** A transaction the wallet pays for and signs, unsigned, as a site hands it to the wallet (base64 wire). */
async function walletTransaction(instructions: Instruction[], feePayer: Address = wallet): Promise<string> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

const ata = async (owner: Address, mint: Address, tokenProgram: Address = TOKEN_PROGRAM_ADDRESS) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram })).at(0) as Address
const tokenBalance = async (account: Address) => (await rpc.getTokenAccountBalance(account).send()).value.amount
const me = () => createNoopSigner(wallet)

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0, accounts: 3 })
  rpc = createSolanaRpc(standIn.url)
  expect(`solana:${(await rpc.getGenesisHash().send()).slice(0, 32)}`).toBe(LOCAL_CHAIN)
  key = await solanaKeyFromSecret(Uint8Array.from({ length: 32 }, (_, i) => 200 - i))
  wallet = key.address
  dev0 = await createKeyPairSignerFromPrivateKeyBytes(
    getBase58Encoder().encode(standIn.accounts[0]!.secretKey).slice(0, 32) as Uint8Array,
  )
  dev1 = standIn.accounts[1]!.address
  fusd = standIn.mints.find((m) => m.symbol === 'fUSD')!.address
  feur = standIn.mints.find((m) => m.symbol === 'fEUR')!.address
  chain = { id: LOCAL_CHAIN, name: 'Foyer Solana Local', rpcUrl: standIn.url, mints: standIn.mints }
  // The wallet gets 2 SOL, 100 fUSD and 100 fEUR from dev account 0.
  const walletUsd = await ata(wallet, fusd)
  const walletEur = await ata(wallet, feur, TOKEN_2022_PROGRAM_ADDRESS)
  const devEur = await ata(dev0.address, feur, TOKEN_2022_PROGRAM_ADDRESS)
  await devSend([
    getTransferSolInstruction({ source: dev0, destination: wallet, amount: 2n * SOL }),
    getCreateAssociatedTokenIdempotentInstruction({ payer: dev0, owner: wallet, mint: fusd, ata: walletUsd }),
    getTransferCheckedInstruction({
      source: await ata(dev0.address, fusd),
      mint: fusd,
      destination: walletUsd,
      authority: dev0,
      amount: 100_000_000n,
      decimals: 6,
    }),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: dev0,
      owner: wallet,
      mint: feur,
      ata: walletEur,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getTransferCheckedInstruction(
      { source: devEur, mint: feur, destination: walletEur, authority: dev0, amount: 100_000_000n, decimals: 6 },
      { programAddress: TOKEN_2022_PROGRAM_ADDRESS },
    ),
  ])
})
afterAll(() => standIn?.stop())
beforeEach(() => {
  seen = []
  decision = true
})

describe('solana_signMessage', () => {
  it('shows the text, then answers an ed25519 signature that verifies for the wallet address', async () => {
    const message = new TextEncoder().encode('Sign in to foyer.example\nNonce: 42')
    const { signature } = await solanaRequest(
      'solana_signMessage',
      { account: wallet, message: base64.decode(message) },
      context(),
    )
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ title: 'frame.signMessage', body: 'Sign in to foyer.example\nNonce: 42' })
    expect(row(seen[0]!, 'frame.account')).toBe(wallet)
    const ok = await verifySignature(key.keyPair.publicKey, getBase58Encoder().encode(signature) as never, message)
    expect(ok).toBe(true)
  })

  it('shows bytes that are not plain text as hex, and signs nothing when the person rejects', async () => {
    decision = false
    const message = Uint8Array.from([0x68, 0x69, 0x00, 0xff])
    await expect(
      solanaRequest('solana_signMessage', { account: wallet, message: base64.decode(message) }, context()),
    ).rejects.toMatchObject({ code: 'rejected' })
    expect(seen[0]?.body).toBe('0x686900ff')
  })

  it('refuses a "message" that is a transaction message, before showing anything', async () => {
    const wire = await walletTransaction([getTransferSolInstruction({ source: me(), destination: dev1, amount: 1n })])
    const messageBytes = getTransactionDecoder().decode(bytesOf(wire)).messageBytes
    await expect(
      solanaRequest('solana_signMessage', { account: wallet, message: base64.decode(messageBytes) }, context()),
    ).rejects.toMatchObject({ code: 'invalid_request' })
    expect(seen).toEqual([])
  })
})

describe('solana_signTransaction and solana_signAndSendTransaction', () => {
  it('signs a SOL transfer, described as "Send 0.5 SOL to …" with its fee; the signature verifies', async () => {
    const wire = await walletTransaction([
      getTransferSolInstruction({ source: me(), destination: dev1, amount: SOL / 2n }),
    ])
    const result = await solanaRequest(
      'solana_signTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: wire },
      context(),
    )
    const details = seen[0]!
    expect(details.title).toBe('frame.signTransaction')
    expect(sentences(details)).toEqual([`Send 0.5 SOL to ${dev1}`])
    expect(row(details, 'frame.network')).toBe('Foyer Solana Local')
    expect(row(details, 'frame.networkFee')).toBe('0.000005 SOL')
    const signed = getTransactionDecoder().decode(bytesOf(result.transaction))
    const unsigned = getTransactionDecoder().decode(bytesOf(wire))
    expect(signed.messageBytes).toEqual(unsigned.messageBytes) // what was shown is what was signed
    const signature = signed.signatures[wallet]!
    expect(getBase58Encoder().encode(result.signature)).toEqual(signature)
    expect(await verifySignature(key.keyPair.publicKey, signature, signed.messageBytes)).toBe(true)
  })

  it('signs and sends a SOL transfer: it lands on the chain and the balances move', async () => {
    const before = (await rpc.getBalance(dev1).send()).value
    const walletBefore = (await rpc.getBalance(wallet).send()).value
    const wire = await walletTransaction([
      getTransferSolInstruction({ source: me(), destination: dev1, amount: SOL / 2n }),
    ])
    const { signature } = await solanaRequest(
      'solana_signAndSendTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: wire, options: { preflightCommitment: 'confirmed' } },
      context(),
    )
    expect(seen[0]?.title).toBe('frame.sendTransaction')
    const { value: statuses } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(statuses[0]?.err).toBeNull()
    expect((await rpc.getBalance(dev1).send()).value).toBe(before + SOL / 2n)
    expect((await rpc.getBalance(wallet).send()).value).toBe(walletBefore - SOL / 2n - 5000n)
  })

  it('says "Send 12.5 fUSD to <owner>" for a Token transfer without the mint (read from the chain) and sends it', async () => {
    const receiver = await ata(dev1, fusd)
    const before = BigInt(await tokenBalance(receiver))
    const wire = await walletTransaction([
      getTransferInstruction({
        source: await ata(wallet, fusd),
        destination: receiver,
        authority: me(),
        amount: 12_500_000n,
      }),
    ])
    await solanaRequest(
      'solana_signAndSendTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: wire },
      context(),
    )
    expect(sentences(seen[0]!)).toEqual([`Send 12.5 fUSD to ${dev1}`])
    expect(BigInt(await tokenBalance(receiver))).toBe(before + 12_500_000n)
    expect(await tokenBalance(await ata(wallet, fusd))).toBe('87500000')
  })

  it('says a Token-2022 transferChecked plainly, and a token account made on the way for its owner', async () => {
    const stranger = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
    const strangerEur = await ata(stranger, feur, TOKEN_2022_PROGRAM_ADDRESS)
    const wire = await walletTransaction([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: me(),
        owner: stranger,
        mint: feur,
        ata: strangerEur,
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      getTransferCheckedInstruction(
        {
          source: await ata(wallet, feur, TOKEN_2022_PROGRAM_ADDRESS),
          mint: feur,
          destination: strangerEur,
          authority: me(),
          amount: 3_000_000n,
          decimals: 6,
        },
        { programAddress: TOKEN_2022_PROGRAM_ADDRESS },
      ),
    ])
    await solanaRequest(
      'solana_signAndSendTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: wire },
      context(),
    )
    expect(sentences(seen[0]!)).toEqual([`Create a fEUR account for ${stranger}`, `Send 3 fEUR to ${stranger}`])
    expect(await tokenBalance(strangerEur)).toBe('3000000')
  })

  it('names an unknown mint by its address', async () => {
    const mint = address('So11111111111111111111111111111111111111112')
    const wire = await walletTransaction([
      getTransferCheckedInstruction({
        source: await ata(wallet, mint),
        mint,
        destination: await ata(dev1, mint),
        authority: me(),
        amount: 1_500_000_000n,
        decimals: 9,
      }),
    ])
    await solanaRequest('solana_signTransaction', { account: wallet, chain: LOCAL_CHAIN, transaction: wire }, context())
    // The chain knows no such token account: the receiver is named as the token account itself.
    expect(sentences(seen[0]!)).toEqual([`Send 1.5 ${mint} to the token account ${await ata(dev1, mint)}`])
  })

  it('says what it cannot read, names the program, still lets the person approve, and adds a priority fee', async () => {
    const program = address('Prog111111111111111111111111111111111111111')
    const wire = await walletTransaction([
      {
        programAddress: address('ComputeBudget111111111111111111111111111111'),
        data: Uint8Array.from([2, 0x40, 0x0d, 0x03, 0]),
      },
      {
        programAddress: address('ComputeBudget111111111111111111111111111111'),
        data: Uint8Array.from([3, 0x10, 0x27, 0, 0, 0, 0, 0, 0]),
      },
      getTransferSolInstruction({ source: me(), destination: dev1, amount: 1_000n }),
      { programAddress: program, accounts: [{ address: wallet, role: 3 }], data: Uint8Array.from([9, 9]) },
    ])
    const result = await solanaRequest(
      'solana_signTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: wire },
      context(),
    )
    const details = seen[0]!
    expect(sentences(details)).toEqual([
      `Send 0.000001 SOL to ${dev1}`,
      'This transaction does things Foyer cannot describe. Approve only if you trust this site.',
    ])
    expect(row(details, 'frame.program')).toBe(program)
    // 200,000 units at 10,000 micro-lamports: 2,000 lamports on top of the 5,000 base fee.
    expect(row(details, 'frame.maxNetworkFee')).toBe('0.000007 SOL')
    expect(result.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  })

  it("says who pays the fee when it is not this wallet, and leaves the other signer's slot empty", async () => {
    const wire = await walletTransaction(
      [getTransferSolInstruction({ source: me(), destination: dev1, amount: 1n })],
      dev0.address,
    )
    const result = await solanaRequest(
      'solana_signTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: wire },
      context(),
    )
    expect(row(seen[0]!, 'frame.networkFee')).toBe(`Paid by ${dev0.address}`)
    const signed = getTransactionDecoder().decode(bytesOf(result.transaction))
    expect(signed.signatures[dev0.address]).toBeNull()
    // Sending it as it is would fail for the missing signature: refused before anything is shown.
    seen = []
    await expect(
      solanaRequest(
        'solana_signAndSendTransaction',
        { account: wallet, chain: LOCAL_CHAIN, transaction: wire },
        context(),
      ),
    ).rejects.toMatchObject({ code: 'invalid_request', message: 'Other signers have not signed this transaction yet' })
    expect(seen).toEqual([])
  })

  it('sends nothing when the person rejects', async () => {
    decision = false
    const before = (await rpc.getBalance(dev1).send()).value
    const wire = await walletTransaction([getTransferSolInstruction({ source: me(), destination: dev1, amount: SOL })])
    await expect(
      solanaRequest(
        'solana_signAndSendTransaction',
        { account: wallet, chain: LOCAL_CHAIN, transaction: wire },
        context(),
      ),
    ).rejects.toMatchObject({ code: 'rejected' })
    expect((await rpc.getBalance(dev1).send()).value).toBe(before)
  })
})

describe('refusals: nothing is shown, nothing is signed', () => {
  let wire: string
  beforeAll(async () => {
    wire = await walletTransaction([getTransferSolInstruction({ source: me(), destination: dev1, amount: 1n })])
  })
  const refused = async (
    method: Parameters<typeof solanaRequest>[0],
    params: unknown,
    code: string,
    rpcCode?: number,
  ) => {
    const error = await solanaRequest(method, params, context()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameHostError)
    expect(error).toMatchObject({ code, ...(rpcCode === undefined ? {} : { rpcCode }) })
    expect(seen).toEqual([])
    return error as FrameHostError
  }

  it('malformed params: not an object, a missing or extra key, bad base64, an address that is not base58', async () => {
    await refused('solana_signMessage', ['aGk='], 'invalid_request')
    await refused('solana_signMessage', { message: 'aGk=' }, 'invalid_request')
    await refused('solana_signMessage', { account: wallet, message: 'aGk=', extra: 1 }, 'invalid_request')
    const error = await refused('solana_signMessage', { account: wallet, message: 'not base64!' }, 'invalid_request')
    expect(error.message).toBe('solana_signMessage: params.message: expected base64 of at most 16384 bytes')
    await refused(
      'solana_signTransaction',
      { account: '0x1234', chain: LOCAL_CHAIN, transaction: wire },
      'invalid_request',
    )
    await refused(
      'solana_signTransaction',
      { account: wallet, chain: 'eip155:1', transaction: wire },
      'invalid_request',
    )
    await refused(
      'solana_signAndSendTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: wire, options: { maxRetries: -1 } },
      'invalid_request',
    )
  })

  it('another account, an unknown chain, or a known cluster without an RPC to send to', async () => {
    await refused('solana_signMessage', { account: dev1, message: 'aGk=' }, 'rpc_error', 4100)
    await refused(
      'solana_signTransaction',
      { account: wallet, chain: 'solana:11111111111111111111111111111111', transaction: wire },
      'rpc_error',
      4902,
    )
    await refused(
      'solana_signAndSendTransaction',
      { account: wallet, chain: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', transaction: wire },
      'unsupported',
    )
  })

  it('a transaction that does not decode whole, or does not ask this wallet to sign', async () => {
    const bytes = bytesOf(wire)
    await refused(
      'solana_signTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: base64.decode(Uint8Array.from([...bytes, 0])) },
      'invalid_request',
    )
    await refused(
      'solana_signTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: base64.decode(bytes.slice(0, 40)) },
      'invalid_request',
    )
    const foreign = await walletTransaction(
      [getTransferSolInstruction({ source: createNoopSigner(dev1), destination: dev0.address, amount: 1n })],
      dev1,
    )
    await refused(
      'solana_signTransaction',
      { account: wallet, chain: LOCAL_CHAIN, transaction: foreign },
      'invalid_request',
    )
  })
})
