import { createServer } from 'node:net'

/** An RPC URL on a loopback port nothing listens on: a chain whose node refuses every connection. */
export async function refusingRpcUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as { port: number }
  await new Promise((ok) => server.close(ok))
  return `http://127.0.0.1:${port}`
}
