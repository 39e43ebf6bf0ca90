/**
 * The four JSON-RPC calls the deploy needs, over fetch. Loading viem's client half on top of its encoders costs
 * ~0.3 s on every `npm start`; this does not.
 */
import type { Hash, Hex } from 'viem'

export interface Receipt {
  status: '0x1' | '0x0'
  transactionHash: Hash
}

export function jsonRpc(url: string) {
  let id = 0
  const call = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    })
    if (!res.ok) throw new Error(`${method} to ${url}: HTTP ${res.status}`)
    const body = (await res.json()) as { result?: T; error?: { message: string } }
    if (body.error) throw new Error(`${method} to ${url}: ${body.error.message}`)
    return body.result as T
  }
  return {
    /** Any other method, e.g. anvil's `anvil_setCode`. */
    request: call,
    chainId: async () => Number(await call<Hex>('eth_chainId')),
    nonce: async (address: string) => Number(await call<Hex>('eth_getTransactionCount', [address, 'pending'])),
    sendRaw: (signed: Hex) => call<Hash>('eth_sendRawTransaction', [signed]),
    receipt: (hash: Hash) => call<Receipt | null>('eth_getTransactionReceipt', [hash]),
    /** Polls briefly: anvil mines on arrival, so a receipt is normally there within milliseconds. */
    async waitForReceipt(hash: Hash, timeoutMs = 30_000): Promise<Receipt> {
      const until = Date.now() + timeoutMs
      for (;;) {
        const receipt = await this.receipt(hash)
        if (receipt) return receipt
        if (Date.now() > until) throw new Error(`No receipt for ${hash} from ${url} after ${timeoutMs / 1000} s`)
        await new Promise((r) => setTimeout(r, 5))
      }
    },
  }
}
