import { createConnection, createServer, type Server, type Socket } from 'node:net'

/**
 * How the proxy treats connections:
 * - `pass`: bytes go both ways untouched;
 * - `refuse`: nothing listens on the port, every connection attempt is refused (ECONNREFUSED);
 * - `delay`: every chunk the upstream answers reaches the client `ms` milliseconds late (a slow node);
 * - `blackhole`: connections are accepted and read, and nothing ever comes back (a node that hangs).
 */
export type FaultMode = { kind: 'pass' } | { kind: 'refuse' } | { kind: 'delay'; ms: number } | { kind: 'blackhole' }

/**
 * A TCP proxy on a loopback port in front of a dependency (a chain's JSON-RPC), switched between faults while the
 * client keeps using the same URL.
 */
export class FaultProxy {
  #port: number
  readonly #target: { host: string; port: number }
  readonly #sockets = new Set<Socket>()
  readonly #timers = new Set<NodeJS.Timeout>()
  #server: Server | undefined
  #mode: FaultMode = { kind: 'pass' }

  private constructor(port: number, target: { host: string; port: number }) {
    this.#port = port
    this.#target = target
  }

  /** Listens on `port` (0: any free port) and forwards to `target` (`http://host:port` or `host:port`). */
  static async start(target: string, port = 0): Promise<FaultProxy> {
    const url = new URL(target.includes('://') ? target : `tcp://${target}`)
    const proxy = new FaultProxy(port, { host: url.hostname, port: Number(url.port) })
    // Later listens (after `refuse`) take the same port again, so the URL stays the same.
    proxy.#port = await proxy.#listen()
    return proxy
  }

  get port(): number {
    return this.#port
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  get mode(): FaultMode {
    return this.#mode
  }

  /**
   * Switches to `mode`. Between `pass` and `delay` open connections stay (each chunk takes the delay of the moment);
   * any other switch cuts them, so they reconnect and meet the new mode. `refuse` stops listening, leaving it
   * starts again.
   */
  async set(mode: FaultMode): Promise<void> {
    const gentle = (m: FaultMode) => m.kind === 'pass' || m.kind === 'delay'
    if (!(gentle(mode) && gentle(this.#mode))) this.#cutAll()
    this.#mode = mode
    if (mode.kind === 'refuse' && this.#server) {
      const server = this.#server
      this.#server = undefined
      await new Promise<void>((ok) => server.close(() => ok()))
    } else if (mode.kind !== 'refuse' && !this.#server) {
      await this.#listen()
    }
  }

  async stop(): Promise<void> {
    this.#cutAll()
    const server = this.#server
    this.#server = undefined
    if (server) await new Promise<void>((ok) => server.close(() => ok()))
  }

  async #listen(): Promise<number> {
    const server = createServer((socket) => this.#accept(socket))
    await new Promise<void>((ok, fail) => {
      server.once('error', fail)
      server.listen(this.#port, '127.0.0.1', () => {
        server.off('error', fail)
        ok()
      })
    })
    this.#server = server
    return (server.address() as { port: number }).port
  }

  #cutAll() {
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
  }

  #track(socket: Socket) {
    this.#sockets.add(socket)
    socket.on('close', () => this.#sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }

  #accept(client: Socket) {
    this.#track(client)
    if (this.#mode.kind === 'refuse') return void client.destroy()
    if (this.#mode.kind === 'blackhole') return void client.resume()
    const upstream = createConnection(this.#target)
    this.#track(upstream)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream)
    // The delay is read per chunk, so switching between `pass` and `delay` keeps connections open; a chunk never
    // leaves before the one ahead of it.
    let lastDue = 0
    upstream.on('data', (chunk) => {
      const now = Date.now()
      const due = Math.max(now + (this.#mode.kind === 'delay' ? this.#mode.ms : 0), lastDue)
      lastDue = due
      if (due <= now) return void client.write(chunk)
      const timer = setTimeout(() => {
        this.#timers.delete(timer)
        if (!client.destroyed) client.write(chunk)
      }, due - now)
      this.#timers.add(timer)
    })
  }
}
