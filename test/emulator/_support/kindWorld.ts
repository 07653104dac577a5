import type { BlockchainSnapshot } from '@ton/sandbox'
import type { PoolKind } from '../../../core/index.js'
import {
  createLocalDex,
  type LocalDex,
  type LocalJetton,
  type LocalPool,
  type LocalPton,
  type LocalRouter,
  type Treasury,
} from '../../../emulator/index.js'

/** A DEX v2 router of one pool kind with two jettons and TON, no pools yet. */
export type KindWorld = {
  readonly dex: LocalDex
  readonly router: LocalRouter
  readonly ton: LocalPton
  readonly a: LocalJetton
  readonly b: LocalJetton
  /** Pool A/B (not created: its first provision creates it). */
  readonly poolAB: LocalPool
  readonly alice: Treasury
  readonly bob: Treasury
  readonly carol: Treasury
  /** The world right after setup; restore it at the start of every test. */
  readonly base: BlockchainSnapshot
}

/** Jettons minted to alice and bob per token: enough for reserves up to 1e30 units. */
export const KIND_WORLD_MINT = 10n ** 33n

/** Builds a deterministic world with one DEX v2 router of `kind` (pinned time and seed). */
export async function buildKindWorld(kind: PoolKind): Promise<KindWorld> {
  const dex = await createLocalDex({ now: 1_700_000_000, seed: `kind-world-${kind}` })
  const [alice, bob, carol] = await Promise.all([
    dex.wallet('alice'),
    dex.wallet('bob'),
    dex.wallet('carol'),
  ])
  const a = await dex.deployJetton('AAA')
  const b = await dex.deployJetton('BBB')
  const ton = await dex.deployPton('v2')
  const router = await dex.deployRouter('v2', { pton: ton, kind })
  for (const jetton of [a, b]) {
    await dex.mint(jetton, alice.address, KIND_WORLD_MINT)
    await dex.mint(jetton, bob.address, KIND_WORLD_MINT)
  }
  const poolAB = await dex.pool(router, a, b)
  return { dex, router, ton, a, b, poolAB, alice, bob, carol, base: dex.snapshot() }
}
