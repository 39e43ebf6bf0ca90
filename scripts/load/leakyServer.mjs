// A bare Node HTTP server answering 404 to everything, for the soak's own test (scripts/load/soak.test.ts): started
// with the fullGc.mjs and leak.mjs preloads, it is a process that really leaks, measured the way a Foyer server
// under soak is. Listens on PORT (loopback).
import { createServer } from 'node:http'

createServer((_request, response) => {
  response.statusCode = 404
  response.end()
}).listen(Number(process.env.PORT), '127.0.0.1')
