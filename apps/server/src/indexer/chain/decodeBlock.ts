import type { AccountHistoryTables, TransferStandard } from '../tables.ts'

/** The JSON-RPC shapes the indexer reads (only the fields it uses). */
export interface RpcBlock {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: RpcTransaction[]
}
export interface RpcTransaction {
  hash: string
  from: string
  to: string | null
  value: string
  nonce: string
  input: string
  transactionIndex: string
}
export interface RpcReceipt {
  transactionHash: string
  status: string
  gasUsed: string
  effectiveGasPrice?: string
  logs: RpcLog[]
}
export interface RpcLog {
  address: string
  topics: string[]
  data: string
  logIndex: string
}

/** keccak256 of the event signatures. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef' // Transfer(address,address,uint256)
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427f506a8da9fc5d1ad7d24b6276' // TransferSingle(address,address,address,uint256,uint256)
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb' // TransferBatch(address,address,address,uint256[],uint256[])

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

export interface DecodedBlock {
  block: AccountHistoryTables['chain_blocks']
  transactions: AccountHistoryTables['chain_transactions'][]
  transfers: AccountHistoryTables['chain_transfers'][]
  history: AccountHistoryTables['account_history'][]
}

const topicAddress = (topic: string) => `0x${topic.slice(26)}`.toLowerCase()
const word = (data: string, index: number) => BigInt(`0x${data.slice(2 + index * 64, 2 + (index + 1) * 64) || '0'}`)

/**
 * Turns one block and its receipts into rows: the block, each transaction, every value movement (the native value
 * of the transaction, ERC-20 / ERC-721 `Transfer` and ERC-1155 `TransferSingle` / `TransferBatch` logs), and one
 * history row per account a transaction touched (sender, recipient, and both sides of every transfer).
 * Native value moved inside contracts (internal calls) is not visible without traces and is not recorded.
 */
export function decodeBlock(chainId: number, block: RpcBlock, receipts: readonly RpcReceipt[]): DecodedBlock {
  const number = Number(BigInt(block.number))
  const minedAt = new Date(Number(BigInt(block.timestamp)) * 1000)
  const receiptOf = new Map(receipts.map((r) => [r.transactionHash, r]))
  const transactions: DecodedBlock['transactions'] = []
  const transfers: DecodedBlock['transfers'] = []
  const history: DecodedBlock['history'] = []

  for (const tx of block.transactions) {
    const receipt = receiptOf.get(tx.hash)
    if (!receipt) throw new Error(`Block ${number} of chain ${chainId}: no receipt for ${tx.hash}`)
    const hash = tx.hash.toLowerCase()
    const from = tx.from.toLowerCase()
    const to = tx.to?.toLowerCase() ?? null
    const txIndex = Number(BigInt(tx.transactionIndex))
    const success = BigInt(receipt.status) === 1n
    const value = BigInt(tx.value)
    const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? '0x0')
    transactions.push({
      chain_id: chainId,
      hash,
      block_number: number,
      tx_index: txIndex,
      from_address: from,
      to_address: to,
      value: value.toString(),
      nonce: Number(BigInt(tx.nonce)),
      status: success ? 1 : 0,
      selector: tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : null,
      fee: fee.toString(),
      mined_at: minedAt,
    })

    const involved = new Set<string>([from])
    if (to) involved.add(to)
    let index = 0
    const push = (
      standard: TransferStandard,
      token: string | null,
      fromAddress: string,
      toAddress: string,
      tokenId: bigint | null,
      amount: bigint,
    ) => {
      transfers.push({
        chain_id: chainId,
        tx_hash: hash,
        transfer_index: index++,
        block_number: number,
        standard,
        token_address: token,
        from_address: fromAddress,
        to_address: toAddress,
        token_id: tokenId === null ? null : tokenId.toString(),
        amount: amount.toString(),
      })
      if (fromAddress !== ZERO_ADDRESS) involved.add(fromAddress)
      if (toAddress !== ZERO_ADDRESS) involved.add(toAddress)
    }

    if (success && value > 0n && to) push('native', null, from, to, null, value)
    if (success) {
      for (const log of receipt.logs) {
        const topic = log.topics[0]?.toLowerCase()
        const token = log.address.toLowerCase()
        if (topic === TRANSFER_TOPIC && log.topics.length === 3) {
          push('erc20', token, topicAddress(log.topics[1]!), topicAddress(log.topics[2]!), null, word(log.data, 0))
        } else if (topic === TRANSFER_TOPIC && log.topics.length === 4) {
          push('erc721', token, topicAddress(log.topics[1]!), topicAddress(log.topics[2]!), BigInt(log.topics[3]!), 1n)
        } else if (topic === TRANSFER_SINGLE_TOPIC && log.topics.length === 4) {
          push(
            'erc1155',
            token,
            topicAddress(log.topics[2]!),
            topicAddress(log.topics[3]!),
            word(log.data, 0),
            word(log.data, 1),
          )
        } else if (topic === TRANSFER_BATCH_TOPIC && log.topics.length === 4) {
          const ids = decodeUintArray(log.data, Number(word(log.data, 0)))
          const amounts = decodeUintArray(log.data, Number(word(log.data, 1)))
          for (const [i, id] of ids.entries())
            push('erc1155', token, topicAddress(log.topics[2]!), topicAddress(log.topics[3]!), id, amounts[i] ?? 0n)
        }
      }
    }
    for (const address of involved) {
      history.push({
        address,
        chain_id: chainId,
        block_number: number,
        tx_index: txIndex,
        tx_hash: hash,
        mined_at: minedAt,
      })
    }
  }

  return {
    block: {
      chain_id: chainId,
      number,
      hash: block.hash.toLowerCase(),
      parent_hash: block.parentHash.toLowerCase(),
      mined_at: minedAt,
    },
    transactions,
    transfers,
    history,
  }
}

/** A `uint256[]` in ABI-encoded event data, whose offset (in bytes) is `offset`. */
function decodeUintArray(data: string, offset: number): bigint[] {
  const start = offset / 32
  const length = Number(word(data, start))
  if (!Number.isSafeInteger(length) || length > 10_000) return []
  return Array.from({ length }, (_, i) => word(data, start + 1 + i))
}
