/**
 * The calls a user operation makes, read from its call data: the `execute` and `executeBatch` of the ERC-4337
 * sample accounts (SimpleAccount and Simple7702Account of EntryPoint v0.8, whose batch takes `Call[]`, and the
 * earlier SimpleAccount's batch of parallel arrays). Any other call data is not understood: undefined.
 */
import { decodeFunctionData, type Hex, parseAbi } from 'viem'

const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch(address[] dest, bytes[] func)',
])

/** The lower-case target of each call, in order; undefined when the call data is none of the accounts' calls. */
export function callTargets(callData: Hex): `0x${string}`[] | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof accountAbi>>
  try {
    decoded = decodeFunctionData({ abi: accountAbi, data: callData })
  } catch {
    return undefined
  }
  const lower = (a: string) => a.toLowerCase() as `0x${string}`
  if (decoded.functionName === 'execute') return [lower(decoded.args[0])]
  const [first] = decoded.args
  if (first.length === 0) return []
  return typeof first[0] === 'string'
    ? (first as readonly string[]).map(lower)
    : (first as readonly { target: string }[]).map((call) => lower(call.target))
}
