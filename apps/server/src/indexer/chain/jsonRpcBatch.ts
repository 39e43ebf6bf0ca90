/**
 * A minimal JSON-RPC client for the indexer: many calls in one HTTP request (a JSON-RPC batch), raw JSON back.
 * The indexer reads hundreds of blocks and receipts at a time; skipping a client library's per-field formatting
 * is most of what makes it fast.
 */
export interface RpcCall {
  method: string
  params: unknown[]
}

export class JsonRpcError extends Error {
  readonly code?: number
  constructor(message: string, code?: number, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'JsonRpcError'
    this.code = code
  }
}

export function jsonRpcBatchClient(url: string, { timeoutMs = 30_000 } = {}) {
  let id = 0
  async function batch<T = unknown>(calls: readonly RpcCall[]): Promise<T[]> {
    if (calls.length === 0) return []
    const first = id + 1
    const body = calls.map((c) => ({ jsonrpc: '2.0', id: ++id, method: c.method, params: c.params }))
    let res: Response
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (e) {
      throw new JsonRpcError(`${url} did not answer: ${(e as Error).message}`, undefined, { cause: e })
    }
    if (!res.ok) throw new JsonRpcError(`${url} answered HTTP ${res.status}`)
    const answers = (await res.json()) as { id: number; result?: T; error?: { code: number; message: string } }[]
    if (!Array.isArray(answers)) throw new JsonRpcError(`${url} did not answer the batch with an array`)
    const results = new Array<T>(calls.length)
    for (const answer of answers) {
      const index = answer.id - first
      if (answer.error)
        throw new JsonRpcError(`${calls[index]?.method ?? 'call'}: ${answer.error.message}`, answer.error.code)
      results[index] = answer.result as T
    }
    return results
  }
  return {
    batch,
    call: async <T = unknown>(method: string, params: unknown[] = []) => (await batch<T>([{ method, params }]))[0]!,
  }
}

export type JsonRpcBatchClient = ReturnType<typeof jsonRpcBatchClient>
