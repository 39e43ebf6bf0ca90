/**
 * How the devnet's deploys send their transactions: every step signed by one key with consecutive nonces and sent at
 * once, then one wait for the last (same sender: once it is mined, all are), and the first that reverted named.
 */
import type { Address, Hash, Hex, LocalAccount } from 'viem'
import { parseGwei } from 'viem/utils'
import type { jsonRpc } from './rpc.ts'

/** One transaction of a deploy: what it does (for the error), where it goes (none: a contract creation), its data. */
export interface DeployStep {
  what: string
  to?: Address
  data: Hex
  value?: bigint
}

// Fixed gas and fees let every transaction be signed up front, without an estimate round trip each. The limit is
// above the largest step (Router02, ~4.5M gas; the EntryPoint, ~4.3M) and below prague's block limit; only gas used
// is paid.
const GAS_LIMIT = 8_000_000n
const MAX_FEE = parseGwei('50')
const PRIORITY_FEE = parseGwei('1')

/** Sends the steps from `sender` starting at `firstNonce`; throws `<where>: <step> reverted (<hash>)` on a revert. */
export async function sendSteps(
  rpc: ReturnType<typeof jsonRpc>,
  sender: LocalAccount,
  { chainId, firstNonce, where }: { chainId: number; firstNonce: number; where: string },
  steps: readonly DeployStep[],
): Promise<Hash[]> {
  const hashes: Hash[] = []
  for (const [i, step] of steps.entries()) {
    const signed = await sender.signTransaction!({
      type: 'eip1559',
      chainId,
      nonce: firstNonce + i,
      to: step.to ?? null,
      data: step.data,
      value: step.value ?? 0n,
      gas: GAS_LIMIT,
      maxFeePerGas: MAX_FEE,
      maxPriorityFeePerGas: PRIORITY_FEE,
    })
    hashes.push(await rpc.sendRaw(signed))
  }
  if (hashes.length === 0) return hashes
  await rpc.waitForReceipt(hashes.at(-1)!)
  const receipts = await Promise.all(hashes.map((hash) => rpc.receipt(hash)))
  const failed = receipts.findIndex((r) => r?.status !== '0x1')
  if (failed >= 0) throw new Error(`${where}: ${steps[failed]!.what} reverted (${hashes[failed]})`)
  return hashes
}
