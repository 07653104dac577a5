import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'

type Sha256Sync = (source: Buffer | string) => Buffer

let portable: { readonly module: { sha256_sync: unknown }; readonly sha256: unknown } | undefined

/**
 * Makes the synchronous SHA-256 of `@ton/crypto` (`sha256_sync`, which `@ton/core` calls for
 * every cell hash it computes) use Node's native `node:crypto` instead of its portable
 * pure-JavaScript implementation. Same function, same digests, several times faster; the
 * emulator hashes every cell of every transaction, so this is a large share of its run time.
 * `LocalBlockchain.createLocal` installs it; calling it again does nothing, and it does
 * nothing when `@ton/crypto` does not have the expected layout. Returns whether the native
 * hash is in place.
 *
 * @example
 * ```ts
 * installNativeSha256() // true
 * sha256_sync('abc').toString('hex') // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 * ```
 */
export function installNativeSha256(): boolean {
  if (portable !== undefined) return true
  // The @ton/crypto that @ton/core itself loads, so that cell hashing is what changes.
  const fromCore = createRequire(createRequire(import.meta.url).resolve('@ton/core'))
  let module: { sha256_sync: unknown }
  try {
    module = fromCore('@ton/crypto/dist/primitives/sha256.js') as { sha256_sync: unknown }
  } catch {
    return false
  }
  if (typeof module.sha256_sync !== 'function') return false
  portable = { module, sha256: module.sha256_sync }
  const native: Sha256Sync = (source) => createHash('sha256').update(source).digest()
  module.sha256_sync = native
  return true
}

/**
 * Puts `@ton/crypto`'s portable `sha256_sync` back (the emulator benchmark measures the plain
 * sandbox with it). Does nothing when the native hash is not installed.
 *
 * @example
 * ```ts
 * uninstallNativeSha256()
 * sha256_sync('abc').toString('hex') // same digest, computed by the portable implementation
 * ```
 */
export function uninstallNativeSha256(): void {
  if (portable === undefined) return
  portable.module.sha256_sync = portable.sha256
  portable = undefined
}
