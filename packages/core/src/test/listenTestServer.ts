// Test-only (not shipped): the real Foyer server's app on a loopback port, reached over HTTP as a site reaches it.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp, type FoyerDatabase, ProjectStore, type ServerConfig } from '@foyer/server'
import { createAdaptorServer } from '@hono/node-server'
import { seedProjects } from '../../../../apps/server/src/projects/seed.ts'

/**
 * Seeds `config`'s projects into `database`, serves the app on 127.0.0.1 and answers its URL and its project store (a
 * change through the store shows in the server's answers at once); `close` stops it.
 */
export async function listenTestServer(database: FoyerDatabase, config: ServerConfig) {
  const projects = new ProjectStore(database.kysely)
  await seedProjects(projects, config)
  const server = createAdaptorServer({ fetch: createApp({ db: database, config, projects }).fetch }) as Server
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    projects,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
