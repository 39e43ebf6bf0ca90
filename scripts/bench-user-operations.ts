/**
 * `npm run bench -- --only=user-operations` (and part of `npm run bench`): how long a visitor waits, once they
 * approved, for an fUSD transfer to land on the local anvil chain, sent three ways from a fresh key each:
 *
 * - a plain transaction from the key (EOA): signed, `eth_sendRawTransaction`, then viem's
 *   `waitForTransactionReceipt` polling every 250 ms;
 * - a user operation from the smart account (the key delegated by EIP-7702 to Simple7702Account), the account
 *   paying its gas: the frame's own `prepareCalls` → `submit` (authorization and operation signed,
 *   `eth_sendUserOperation` to the devnet's alto) → `waitForOperation` (the bundler's receipt, polled every 250 ms);
 * - the same user operation with its gas paid by a project's verifying paymaster, through a Foyer server's
 *   ERC-7677 paymaster service (`POST /v1/paymaster`), the account holding no ETH.
 *
 * Each key sends OPERATIONS_PER_ACCOUNT transfers: the first (the user operation's carries the delegation) and later
 * ones are reported apart. Every round takes the three kinds in turn, so a machine that slows down slows all three;
 * one round first is not counted (JIT, the bundler's first simulations). Per kind: approval → receipt (median, p95),
 * approval → hash, approval → the block that carries a user operation (the bundler's part, without the polling),
 * and the preparation before the approval screen (nonce, gas, fees; for a user operation the bundler's estimate and
 * the paymaster's fields).
 *
 * alto waits between bundles 100 ms + 10 ms per operation it bundled in the last minute (at most 1 s), so the
 * bench's own pace would set part of the figure. The bench is the bundler's only client: the rounds wait, when
 * needed, until it bundled fewer than QUIET_BUNDLER operations in the last minute; then BUSY_OPERATIONS operations
 * back to back show the busy bundler. Each figure records the bundler's count of the last minute.
 * Writes the `userOperations` key of bench/results.json and the `bench:user-operations` block of docs/performance.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EmbeddedSmartAccountSupport } from '@foyer/core/protocol'
import { devAccounts, sponsorAccount, startDevnet, writeDevnet } from '@foyer/devnet'
import { createServer, loadConfig } from '@foyer/server'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  type Hex,
  http,
  type PrivateKeyAccount,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  bundlerFor,
  prepareCalls,
  type SmartAccountContext,
  waitForOperation,
} from '../apps/frame/src/smart-account/userOperation.ts'
import { freePort } from './load/stack.ts'

const ROUNDS = Number(process.env.FOYER_BENCH_USEROP_ROUNDS ?? 6)
const OPERATIONS_PER_ACCOUNT = 3
/** The frame's receipt polling (`waitForOperation`); the plain transaction's wait polls the same. */
const POLLING_MS = 250
const CHAIN_ID = 31337
const PROJECT = 'bench-sponsor'
/**
 * The rounds keep the bundler under this many operations bundled in the last minute, so it bundles at least every
 * 250 ms, as often as the frame polls: what one person on the devnet gets.
 */
const QUIET_BUNDLER = 15
/** Operations sent back to back at the end, from one account, to show a busy bundler. */
const BUSY_OPERATIONS = 30
/** alto's bundling interval (its defaults, which the devnet keeps): 100 ms + 10 ms per operation of the last minute. */
const bundlingIntervalMs = (recentOperations: number) => Math.min(100 + 10 * recentOperations, 1000)

type Kind = 'transaction' | 'userOperation' | 'sponsoredUserOperation'
const KINDS: Kind[] = ['transaction', 'userOperation', 'sponsoredUserOperation']
type Sample = {
  prepareMs: number
  sendMs: number
  /** Approval → the block that carries the operation (user operations only). */
  onChainMs?: number
  receiptMs: number
  /** The most the operation could cost the account, in wei (user operations only). */
  maxCostWei?: bigint
  bundlerRecentOperations?: number
}
type Spread = { min: number; median: number; max: number }
type Figures = {
  runs: number
  medianMs: number
  p95Ms: number
  sendMedianMs: number
  onChainMedianMs?: number
  prepareMedianMs: number
}
export type UserOperationFigures = {
  date: string
  machine: string
  loadAverage: number
  rounds: number
  pollingIntervalMs: number
  /** Operations alto had bundled in the minute before each measured user operation, and the interval that gives. */
  bundler: Record<'quiet' | 'busy', { recentOperations: Spread; bundlingIntervalMs: Spread }>
  /** Later operations of one account sent back to back, the bundler busier with each. */
  busyUserOperation: Figures
  /** The most cost (wei) of the first and the last of the back-to-back operations: the fee must not grow. */
  busyMaxCostWei: { first: string; last: string }
} & Record<Kind, { first: Figures; later: Figures }>

const round1 = (value: number) => Math.round(value * 10) / 10
function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return round1(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2)
}
function p95(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return round1(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!)
}
const spread = (values: number[]): Spread => ({
  min: Math.min(...values),
  median: median(values),
  max: Math.max(...values),
})
function figures(samples: Sample[]): Figures {
  return {
    runs: samples.length,
    medianMs: median(samples.map((s) => s.receiptMs)),
    p95Ms: p95(samples.map((s) => s.receiptMs)),
    sendMedianMs: median(samples.map((s) => s.sendMs)),
    ...(samples[0]?.onChainMs === undefined ? {} : { onChainMedianMs: median(samples.map((s) => s.onChainMs!)) }),
    prepareMedianMs: median(samples.map((s) => s.prepareMs)),
  }
}

export async function runUserOperationBench({ resultsFile, docsFile }: { resultsFile: string; docsFile: string }) {
  console.log('bench: user operations — starting a chain, the bundler and a server…')
  const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-userop-'))
  const devnet = await startDevnet({
    chains: [{ id: CHAIN_ID, name: 'Foyer Local', port: await freePort(), portEnv: 'FOYER_CHAIN1_PORT' }],
    devnetFile: null,
    seedHistory: false,
    bundler: { port: 0 },
  })
  let server: Awaited<ReturnType<typeof createServer>> | undefined
  try {
    const info = devnet.info.chains[0]!
    const usd = info.contracts.usd as Address
    const aa = info.accountAbstraction
    server = await createServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        FOYER_DEVNET_FILE: writeDevnet(devnet.info, join(dir, 'devnet.json')),
        FOYER_DATA_DIR: join(dir, 'data'),
        FOYER_INDEXER: 'false',
        LOG_LEVEL: 'silent',
        FOYER_RATE_LIMIT_PER_CLIENT: '1000000000',
        FOYER_RATE_LIMIT_PER_PROJECT: '1000000000',
        FOYER_PAYMASTER_SIGNER_KEY: sponsorAccount().privateKey,
        FOYER_PROJECTS: JSON.stringify([
          {
            id: PROJECT,
            allowedOrigins: [],
            sponsorship: {
              chains: [CHAIN_ID],
              contracts: [usd],
              maxOperationsPerAccountPerDay: 100,
              maxGasWeiPerAccountPerDay: parseEther('1').toString(),
            },
          },
        ]),
      }),
    )
    const { url: serverUrl } = await server.listen()
    const chain: Chain = defineChain({
      id: CHAIN_ID,
      name: info.name,
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [info.rpcUrl] } },
    })
    const client = createPublicClient({ chain, transport: http() })
    const support: EmbeddedSmartAccountSupport = {
      bundlerUrl: aa.bundlerUrl!,
      entryPoint: aa.entryPoint,
      implementation: aa.simple7702Account,
    }
    const sponsor = { url: `${serverUrl}/v1/paymaster?projectId=${PROJECT}`, headers: {} }

    const funder = createWalletClient({
      account: privateKeyToAccount(devAccounts(2)[1]!.privateKey),
      chain,
      transport: http(),
    })
    /** A fresh key with 10 fUSD and `ether` ETH (none when its gas is sponsored). */
    async function freshKey(ether: string | undefined) {
      const owner = privateKeyToAccount(generatePrivateKey())
      if (ether)
        await client.waitForTransactionReceipt({
          hash: await funder.sendTransaction({ to: owner.address, value: parseEther(ether) }),
        })
      await client.waitForTransactionReceipt({
        hash: await funder.writeContract({
          address: usd,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [owner.address, parseUnits('10', 6)],
        }),
      })
      return owner
    }

    const transfer = (to: Address) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits('1', 6) / 100n] })
    /** When each user operation landed (the bench is the bundler's only client): its load of the last minute. */
    const landed: number[] = []
    const recentOperations = () => landed.filter((at) => performance.now() - at < 60_000).length
    /** Waits until the bundler has bundled fewer than QUIET_BUNDLER operations in the last minute. */
    async function quietBundler() {
      while (recentOperations() >= QUIET_BUNDLER) {
        const oldest = landed.find((at) => performance.now() - at < 60_000)!
        await new Promise((resolve) => setTimeout(resolve, oldest + 60_000 - performance.now() + 10))
      }
    }

    async function plainTransaction(owner: PrivateKeyAccount, to: Address): Promise<Sample> {
      const wallet = createWalletClient({ account: owner, chain, transport: http() })
      const preparing = performance.now()
      const request = await wallet.prepareTransactionRequest({ to: usd, data: transfer(to) })
      const approved = performance.now()
      const serializedTransaction = await owner.signTransaction(request as never)
      const hash = await client.sendRawTransaction({ serializedTransaction })
      const sent = performance.now()
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })
      const done = performance.now()
      if (receipt.status !== 'success') throw new Error(`bench: the transfer ${hash} reverted`)
      return { prepareMs: approved - preparing, sendMs: sent - approved, receiptMs: done - approved }
    }

    /**
     * When the next block appears, watching anvil's block number every 10 ms: nothing else is mined while an
     * operation waits, so that block is the bundle's. Separates the bundler's part from the receipt polling's.
     */
    function nextBlock(after: bigint) {
      let watching = true
      const seen = (async () => {
        while (watching) {
          const head = BigInt(await client.request({ method: 'eth_blockNumber' }))
          if (head > after) return performance.now()
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        return Number.NaN
      })()
      return { seen, stop: () => (watching = false) }
    }

    async function userOperation(
      owner: PrivateKeyAccount,
      to: Address,
      { sponsored, first }: { sponsored: boolean; first: boolean },
    ): Promise<Sample> {
      const context: SmartAccountContext = { chain, support, owner, ...(sponsored ? { sponsor } : {}) }
      const bundlerRecentOperations = recentOperations()
      const preparing = performance.now()
      const prepared = await prepareCalls(context, [{ to: usd, data: transfer(to) }])
      if (prepared.sponsored !== sponsored) throw new Error('bench: the paymaster did not sponsor the operation')
      if (prepared.delegates !== first) throw new Error('bench: only the first operation of a key delegates it')
      const block = nextBlock(BigInt(await client.request({ method: 'eth_blockNumber' })))
      const approved = performance.now()
      try {
        const hash: Hex = await prepared.submit()
        const sent = performance.now()
        const result = await waitForOperation(bundlerFor(context).bundler, hash)
        const done = performance.now()
        landed.push(done)
        if (!result.success) throw new Error(`bench: the user operation ${hash} reverted`)
        return {
          prepareMs: approved - preparing,
          sendMs: sent - approved,
          onChainMs: (await block.seen) - approved,
          receiptMs: done - approved,
          bundlerRecentOperations,
          maxCostWei: prepared.maxCost,
        }
      } finally {
        block.stop()
      }
    }

    const samples: Record<Kind, { first: Sample[]; later: Sample[] }> = {
      transaction: { first: [], later: [] },
      userOperation: { first: [], later: [] },
      sponsoredUserOperation: { first: [], later: [] },
    }
    console.log(
      `bench: user operations — ${ROUNDS} rounds after one not counted, ${OPERATIONS_PER_ACCOUNT} fUSD transfers from a fresh key of each kind a round, the bundler kept under ${QUIET_BUNDLER} operations a minute…`,
    )
    const load = loadavg()[0]!.toFixed(1)
    for (let round = 0; round <= ROUNDS; round++) {
      const keys = {
        transaction: await freshKey('1'),
        userOperation: await freshKey('1'),
        sponsoredUserOperation: await freshKey(undefined),
      }
      const to = privateKeyToAccount(generatePrivateKey()).address
      for (let index = 0; index < OPERATIONS_PER_ACCOUNT; index++)
        for (const kind of KINDS) {
          let sample: Sample
          if (kind === 'transaction') sample = await plainTransaction(keys[kind], to)
          else {
            await quietBundler()
            sample = await userOperation(keys[kind], to, {
              sponsored: kind === 'sponsoredUserOperation',
              first: index === 0,
            })
          }
          if (round > 0) samples[kind][index === 0 ? 'first' : 'later'].push(sample)
        }
    }
    // A busy bundler: operations back to back, nothing else mined, so alto's interval between bundles grows past the
    // receipt polling.
    console.log(`bench: user operations — ${BUSY_OPERATIONS} back to back from one account…`)
    const busyKey = await freshKey('1')
    const busyTo = privateKeyToAccount(generatePrivateKey()).address
    await userOperation(busyKey, busyTo, { sponsored: false, first: true })
    const busy: Sample[] = []
    for (let i = 0; i < BUSY_OPERATIONS; i++)
      busy.push(await userOperation(busyKey, busyTo, { sponsored: false, first: false }))

    const quiet = KINDS.flatMap((kind) =>
      [...samples[kind].first, ...samples[kind].later].flatMap((s) =>
        s.bundlerRecentOperations === undefined ? [] : [s.bundlerRecentOperations],
      ),
    )
    const busyRecent = busy.map((s) => s.bundlerRecentOperations!)
    const result: UserOperationFigures = {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      loadAverage: Number(load),
      rounds: ROUNDS,
      pollingIntervalMs: POLLING_MS,
      bundler: {
        quiet: { recentOperations: spread(quiet), bundlingIntervalMs: spread(quiet.map(bundlingIntervalMs)) },
        busy: { recentOperations: spread(busyRecent), bundlingIntervalMs: spread(busyRecent.map(bundlingIntervalMs)) },
      },
      transaction: { first: figures(samples.transaction.first), later: figures(samples.transaction.later) },
      userOperation: { first: figures(samples.userOperation.first), later: figures(samples.userOperation.later) },
      sponsoredUserOperation: {
        first: figures(samples.sponsoredUserOperation.first),
        later: figures(samples.sponsoredUserOperation.later),
      },
      busyUserOperation: figures(busy),
      busyMaxCostWei: { first: String(busy[0]!.maxCostWei), last: String(busy.at(-1)!.maxCostWei) },
    }
    writeResults(result, { resultsFile, docsFile })
  } finally {
    await server?.close()
    await devnet.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const NAMES: Record<Kind, string> = {
  transaction: 'Plain transaction (the key, EOA)',
  userOperation: 'User operation, the account pays',
  sponsoredUserOperation: 'User operation, sponsored (paymaster)',
}

function writeResults(
  result: UserOperationFigures,
  { resultsFile, docsFile }: { resultsFile: string; docsFile: string },
) {
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
  const was = previous.userOperations as UserOperationFigures | undefined
  writeFileSync(resultsFile, `${JSON.stringify({ ...previous, userOperations: result }, null, 2)}\n`)
  const wasText = (value: number | undefined) => (value === undefined ? '' : ` (was ${value})`)
  const row = (name: string, f: Figures, before: Figures | undefined) =>
    `| ${name} | ${f.medianMs}${wasText(before?.medianMs)} | ${f.p95Ms}${wasText(before?.p95Ms)} | ${f.sendMedianMs} | ${f.onChainMedianMs ?? 'with the hash'} | ${f.prepareMedianMs} | ${f.runs} |`
  const { quiet, busy } = result.bundler
  const ether = (wei: string) => Number(Number(formatEther(BigInt(wei))).toPrecision(3))
  const range = ({ min, max }: Spread) => (min === max ? `${min}` : `${min}–${max}`)
  const table = [
    '| fUSD transfer | approval → receipt, median ms | p95 ms | approval → hash, median ms | approval → in a block, median ms | preparing, before the approval, median ms | runs |',
    '|---|---|---|---|---|---|---|',
    ...KINDS.flatMap((kind) =>
      (['first', 'later'] as const).map((which) =>
        row(
          `${NAMES[kind]}, ${which === 'later' ? `later (${OPERATIONS_PER_ACCOUNT - 1} a key)` : kind === 'transaction' ? 'first' : 'first (delegates the key)'}`,
          result[kind][which],
          was?.[kind]?.[which],
        ),
      ),
    ),
    row(
      `User operation, the account pays, later, back to back (bundler: ${range(busy.recentOperations)} in the last minute)`,
      result.busyUserOperation,
      was?.busyUserOperation,
    ),
  ].join('\n')
  const doc = readFileSync(docsFile, 'utf8')
  const marker = /<!-- bench:user-operations:start -->[\s\S]*<!-- bench:user-operations:end -->/
  const block = `<!-- bench:user-operations:start -->\nMeasured ${result.date.slice(0, 10)} (${result.machine}; load average ${result.loadAverage} at the start; ${result.rounds} rounds; receipts polled every ${result.pollingIntervalMs} ms; the bundler had bundled ${range(quiet.recentOperations)} operations in the minute before each operation of the rounds, so ${range(quiet.bundlingIntervalMs)} ms between bundles, and ${range(busy.bundlingIntervalMs)} ms back to back, where the first operation's most cost was ${ether(result.busyMaxCostWei.first)} ETH and the last's ${ether(result.busyMaxCostWei.last)}):\n\n${table}\n<!-- bench:user-operations:end -->`
  writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
  console.log(`\n${table}\n`)
}
