#!/usr/bin/env node
// The `ton-dex-lab` command, also what `npm start` runs (`ton-dex-lab serve`). In a clone it
// runs the TypeScript sources through tsx (a dev dependency installed by `npm install`); in the
// published package it runs the built dist.
import { existsSync } from 'node:fs'

const source = new URL('../local/cli.ts', import.meta.url)
const built = new URL('../dist/local/cli.js', import.meta.url)
let cli
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  cli = await import(source.href)
} else {
  cli = await import(built.href)
}
const code = await cli.runCli(process.argv.slice(2))
// `serve` has closed its server and database by now; exit even if a library left a handle open.
process.exit(code)
