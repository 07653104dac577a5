import { toNano } from '@ton/core'
import type { BlockchainSnapshot } from '@ton/sandbox'
import {
  createLocalDex,
  type LocalDex,
  type LocalJetton,
  type LocalPool,
  type LocalPton,
  type LocalRouter,
  type Treasury,
} from '../../../emulator/index.js'

/** One router's deployed world: three jettons, TON, two pools, funded wallets. */
export type RouterWorld = {
  readonly dex: LocalDex
  readonly router: LocalRouter
  readonly ton: LocalPton
  readonly a: LocalJetton
  readonly b: LocalJetton
  readonly c: LocalJetton
  /** Pool A/B created with (1e12 A, 2e12 B). */
  readonly poolAB: LocalPool
  /** Pool B/TON created with (1e12 B, 100 TON). */
  readonly poolBT: LocalPool
  readonly alice: Treasury
  readonly bob: Treasury
  readonly carol: Treasury
  /** The world right after setup; restore it at the start of every test. */
  readonly base: BlockchainSnapshot
}

export const RESERVE_A = 1_000_000_000_000n
export const RESERVE_B = 2_000_000_000_000n
export const POOL_BT_B = 1_000_000_000_000n
export const POOL_BT_TON = toNano('100')

/**
 * Builds a deterministic world for one DEX version (pinned time and seed): deploy once, then
 * every test restores `base` instead of redeploying.
 */
export async function buildRouterWorld(version: 'v1' | 'v2'): Promise<RouterWorld> {
  const dex = await createLocalDex({ now: 1_700_000_000, seed: `world-${version}` })
  const [alice, bob, carol] = await Promise.all([
    dex.wallet('alice'),
    dex.wallet('bob'),
    dex.wallet('carol'),
  ])
  const a = await dex.deployJetton('AAA')
  const b = await dex.deployJetton('BBB')
  const c = await dex.deployJetton('CCC')
  const ton = await dex.deployPton(version)
  const router = await dex.deployRouter(version, { pton: ton })
  for (const jetton of [a, b, c]) {
    await dex.mint(jetton, alice.address, 10n ** 16n)
    await dex.mint(jetton, bob.address, 10n ** 16n)
  }
  const { pool: poolAB } = await dex.createPool(router, {
    from: alice,
    assetA: a,
    amountA: RESERVE_A,
    assetB: b,
    amountB: RESERVE_B,
  })
  const { pool: poolBT } = await dex.createPool(router, {
    from: alice,
    assetA: b,
    amountA: POOL_BT_B,
    assetB: ton,
    amountB: POOL_BT_TON,
  })
  return { dex, router, ton, a, b, c, poolAB, poolBT, alice, bob, carol, base: dex.snapshot() }
}
