import { type Cell, Dictionary } from '@ton/core'

/**
 * The highest global version (ConfigParam 8) the emulator of `@ton/sandbox` 0.41 executes: its
 * WASM is ton commit `f801e1c1` (2025-12-05), whose `SUPPORTED_VERSION` is 13. Mainnet moved to
 * 14 on 2026-06-05 (ton `doc/GlobalVersions.md`). Retrace and a fork both compare a config's
 * version with it (docs/real-chain.md §8).
 *
 * @example
 * ```ts
 * configGlobalVersion(config).version > EMULATOR_GLOBAL_VERSION // true for a block after 2026-06-05
 * ```
 */
export const EMULATOR_GLOBAL_VERSION = 13

/**
 * ConfigParam 8 of a config dictionary: the global version and capabilities the block ran under.
 *
 * @example
 * ```ts
 * configGlobalVersion(config) // { version: 12, capabilities: 494n }
 * ```
 */
export function configGlobalVersion(config: Cell): { version: number; capabilities: bigint } {
  const p8 = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), config).get(8)
  if (p8 === undefined) return { version: 0, capabilities: 0n }
  const s = p8.beginParse()
  s.skip(8) // capabilities#c4
  return { version: s.loadUint(32), capabilities: s.loadUintBig(64) }
}

/**
 * A config's global version against the emulator's ({@link EMULATOR_GLOBAL_VERSION}), as a
 * fork's `/local/status` says it (`fork.config`): `warning` only when the config is newer than
 * what the emulator executes (its transactions may then differ from the real chain's).
 *
 * @example
 * ```ts
 * const status: ConfigVersionStatus = { global_version: 14, emulator_global_version: 13,
 *   warning: 'The config at block 53012345 says global version 14; …' }
 * ```
 */
export type ConfigVersionStatus = {
  readonly global_version: number
  readonly emulator_global_version: number
  readonly warning?: string
}

/**
 * {@link ConfigVersionStatus} of the config adopted at masterchain block `seqno`.
 *
 * @example
 * ```ts
 * configVersionStatus(config9, 46_991_999) // { global_version: 9, emulator_global_version: 13 }
 * configVersionStatus(config14, 53_012_345).warning // 'The config at block 53012345 says global version 14; …'
 * ```
 */
export function configVersionStatus(config: Cell, seqno: number): ConfigVersionStatus {
  const { version } = configGlobalVersion(config)
  const status = { global_version: version, emulator_global_version: EMULATOR_GLOBAL_VERSION }
  if (version <= EMULATOR_GLOBAL_VERSION) return status
  return {
    ...status,
    warning: `The config at block ${seqno} says global version ${version}; the emulator (@ton/sandbox 0.41) executes version ${EMULATOR_GLOBAL_VERSION}'s rules: transactions may differ from mainnet where version ${version} changed them (docs/real-chain.md §8).`,
  }
}
