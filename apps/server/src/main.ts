#!/usr/bin/env node
import { main } from './cli.ts'

// The `foyer-server` command (dist/main.js in the package); in the repository:
// `node --conditions=@foyer/source --import tsx apps/server/src/main.ts [--config <file>] [--frame [<dir>]]`.
await main()
