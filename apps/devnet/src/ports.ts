import net from 'node:net'

/** A port number from the environment variable `name`, or `fallback` when it is unset; throws on anything else. */
export function portFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (!raw) return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number, got "${raw}"`)
  return port
}

/** Thrown when a port the stack needs is held by another process. Its message is one line, fit for a CLI. */
export class PortInUseError extends Error {
  override name = 'PortInUseError'
}

/**
 * Fails fast with a readable message instead of letting a child crash (anvil) or, worse, letting a readiness
 * probe succeed against some other process that already owns the port.
 */
export async function assertPortFree(host: string, port: number, usedFor: string, envHint?: string): Promise<void> {
  const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    const probe = net.createServer()
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err))
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(undefined)))
  })
  if (!error) return
  if (error.code === 'EADDRINUSE') {
    const hint = envHint
      ? ` Stop the process using it or set ${envHint} to another port.`
      : ' Stop the process using it.'
    throw new PortInUseError(`Port ${port} on ${host} is already in use (needed for ${usedFor}).${hint}`)
  }
  throw new Error(`Cannot listen on ${host}:${port} (needed for ${usedFor}): ${error.code ?? error.message}`)
}
