import { createRequire } from 'node:module'
import { beginCell } from '@ton/core'
import { sha256_sync } from '@ton/crypto'
import { expect, it } from 'vitest'
import { installNativeSha256, uninstallNativeSha256 } from './nativeSha256.js'

it('replaces @ton/crypto sha256_sync with the native hash: same digests, same cell hashes', () => {
  uninstallNativeSha256() // the test suite's setup installs it (test/_support/fastCells.ts)
  const require = createRequire(import.meta.url)
  const primitives = require('@ton/crypto/dist/primitives/sha256.js') as {
    sha256_sync: (s: Buffer | string) => Buffer
  }
  const portable = primitives.sha256_sync
  const cell = () => beginCell().storeUint(0xc0ffee, 24).storeRef(beginCell().endCell()).endCell()
  const before = cell().hash().toString('hex')

  expect(installNativeSha256()).toBe(true)
  expect(installNativeSha256()).toBe(true) // idempotent

  expect(primitives.sha256_sync).not.toBe(portable)
  expect(sha256_sync('abc').toString('hex')).toBe(
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  )
  for (const input of ['', 'ton-dex-lab', 'été', Buffer.alloc(1000, 7)]) {
    expect(sha256_sync(input).equals(portable(input))).toBe(true)
  }
  expect(cell().hash().toString('hex')).toBe(before)
})

it('uninstalls: the portable implementation is back', () => {
  const require = createRequire(import.meta.url)
  const primitives = require('@ton/crypto/dist/primitives/sha256.js') as { sha256_sync: unknown }
  installNativeSha256()
  const native = primitives.sha256_sync
  uninstallNativeSha256()
  expect(primitives.sha256_sync).not.toBe(native)
  uninstallNativeSha256() // idempotent
  expect(installNativeSha256()).toBe(true)
  expect(primitives.sha256_sync).not.toBe(native) // a fresh native wrapper
  uninstallNativeSha256()
})
