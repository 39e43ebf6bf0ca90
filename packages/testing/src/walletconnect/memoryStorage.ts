/** A key-value storage for the WalletConnect SDK that lives in memory (no files, nothing left behind). */
export class MemoryKeyValueStorage {
  #entries = new Map<string, unknown>()
  async getKeys(): Promise<string[]> {
    return [...this.#entries.keys()]
  }
  async getEntries<value = unknown>(): Promise<[string, value][]> {
    return [...this.#entries.entries()] as [string, value][]
  }
  async getItem<value = unknown>(key: string): Promise<value | undefined> {
    return structuredClone(this.#entries.get(key)) as value | undefined
  }
  async setItem<value = unknown>(key: string, value: value): Promise<void> {
    this.#entries.set(key, structuredClone(value))
  }
  async removeItem(key: string): Promise<void> {
    this.#entries.delete(key)
  }
}
