#!/usr/bin/env node
// The `ton-dex-lab` command. In a clone it runs the TypeScript sources through tsx (a dev
// dependency installed by `npm install`); in the published package it runs the built dist.
import { existsSync } from 'node:fs'

const source = new URL('../service/cli.ts', import.meta.url)
const built = new URL('../dist/service/cli.js', import.meta.url)
let cli
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  cli = await import(source.href)
} else {
  cli = await import(built.href)
}
process.exitCode = await cli.runCli(process.argv.slice(2))
