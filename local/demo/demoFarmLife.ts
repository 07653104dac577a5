import type { Address } from '@ton/core'
import { FARM_MINTER_STATUS } from '../../core/farm/farmStatus.js'
import { STAKE_MONTH_SECONDS } from '../../core/stake/stakeMath.js'
import type { Treasury } from '../../emulator/DexWorld.js'
import type { LocalFarm } from '../../emulator/farmFlows.js'
import type { LocalDex } from '../../emulator/LocalDex.js'
import type { LocalJetton, LocalPool } from '../../emulator/model.js'
import type { LocalStaking } from '../../emulator/stakeFlows.js'
import { addressText } from '../../protocol/addressText.js'
import type { ScenarioWorld } from './runScenario.js'

/** Whole tokens (9 decimals) as raw units. */
const tokens = (whole: bigint) => whole * 10n ** 9n
/** Whole tokens a day as nanorewards per 24 h (raw units × 10^9). */
const perDay = (whole: bigint) => tokens(whole) * 10n ** 9n

/**
 * The demo market's farms and STON staking, run through the contracts beside the trading
 * (`docs/demo-market.md`): `onPart` is `runScenario`'s hook, called after each part of swaps
 * with the share of the history done, and each step runs once when its share is reached.
 *
 * * **STON/USDT farm** (active): two reward pools, STON (1 000 a day, 30 000 deposited) and
 *   XTON (300 a day, 10 000 deposited; USDT when the kinds' jettons are absent), 7-day minimum
 *   stake; alice stakes a tenth of her LP at the start, bob a quarter of his at 25 %, alice
 *   claims both pools at 50 %, bob claims the second pool at 75 %.
 * * **USDT/TON farm** (finished): STON, 400 a day, 2 000 deposited; alice stakes at the start,
 *   the admin retires it at 50 %, alice unstakes at 60 %.
 * * **Staking**: alice locks 1 000 STON for 3 months at the start, bob 50 000 for 12 months at
 *   25 %, carol 20 000 for 6 months at 50 %; alice extends hers to 24 months at 90 %.
 *
 * @example
 * ```ts
 * const life = demoFarmLife(dex)
 * await runScenario(dex, { swaps: 60, onPart: life.onPart })
 * life.farmMinters() // ['EQ…', 'EQ…'] — the indexer's farm list
 * ```
 */
export type DemoFarmLife = {
  /** `runScenario`'s `onPart`: runs the steps whose share of the history is reached. */
  onPart(world: ScenarioWorld, progress: number): Promise<void>
  /** The farm minters deployed so far (canonical addresses). */
  farmMinters(): string[]
  /** The staking minters deployed so far (canonical addresses). */
  stakingMinters(): string[]
  /** Jettons the life created beside the scenario's (GEMSTON, once staking is deployed). */
  assets(): LocalJetton[]
}

/**
 * Creates the demo's farm and staking life on `dex` (see {@link DemoFarmLife}).
 *
 * @example
 * ```ts
 * const life = demoFarmLife(dex)
 * ```
 */
export function demoFarmLife(dex: LocalDex): DemoFarmLife {
  let active: LocalFarm | undefined
  let finished: LocalFarm | undefined
  let staking: LocalStaking | undefined
  const items = new Map<string, Address>()
  const done = new Set<number>()
  type Users = { alice: Treasury; bob: Treasury; carol: Treasury }
  let users: Users | undefined

  const lpShare = async (pool: LocalPool, owner: Treasury, divisor: bigint) =>
    (await dex.lpBalance(pool, owner.address)) / divisor // floor: a share of a positive balance

  const stake = async (farm: LocalFarm, from: Treasury, divisor: bigint, key: string) => {
    const amount = await lpShare(farm.pool, from, divisor)
    if (amount === 0n) return
    const { item } = await dex.stakeFarm(farm, { from, amount })
    items.set(key, item)
  }

  const steps: [number, (world: ScenarioWorld, u: Users) => Promise<void>][] = [
    [
      0,
      async (world, u) => {
        const jetton = (symbol: string) =>
          world.assets.find((a): a is LocalJetton => a.kind === 'jetton' && a.symbol === symbol)
        const ston = jetton('STON')
        const second = jetton('XTON') ?? jetton('USDT')
        const stonUsdt = world.pools.find(
          (p) => p.router.dex === 'v2' && [p.asset0, p.asset1].includes(ston as LocalJetton),
        )
        const usdtTon = world.pools[0]
        if (ston === undefined || second === undefined || !stonUsdt || !usdtTon) return
        const decimals = second.symbol === 'USDT' ? 10n ** 6n : 10n ** 9n
        await dex.mint(ston, dex.admin.address, tokens(1_000_000n))
        await dex.mint(second, dex.admin.address, 1_000_000n * decimals)
        active = await dex.deployFarm(stonUsdt, {
          minStakeTime: 7n * 86_400n,
          rewards: [
            { jetton: ston, nanorewardsPer24h: perDay(1_000n) },
            { jetton: second, nanorewardsPer24h: 300n * decimals * 10n ** 9n },
          ],
        })
        await dex.depositFarmRewards(active, {
          from: dex.admin,
          poolIndex: 0,
          amount: tokens(30_000n),
        })
        await dex.depositFarmRewards(active, {
          from: dex.admin,
          poolIndex: 1,
          amount: 10_000n * decimals,
        })
        finished = await dex.deployFarm(usdtTon, {
          minStakeTime: 3n * 86_400n,
          rewards: [{ jetton: ston, nanorewardsPer24h: perDay(400n) }],
        })
        await dex.depositFarmRewards(finished, {
          from: dex.admin,
          poolIndex: 0,
          amount: tokens(2_000n),
        })
        staking = await dex.deployStaking({ ston })
        await stake(active, u.alice, 10n, 'alice-active')
        await stake(finished, u.alice, 20n, 'alice-finished')
        await dex
          .stakeSton(staking, {
            from: u.alice,
            amount: tokens(1_000n),
            duration: 3n * STAKE_MONTH_SECONDS,
          })
          .then((r) => items.set('alice-stake', r.item))
      },
    ],
    [
      0.25,
      async (_world, u) => {
        if (active) await stake(active, u.bob, 4n, 'bob-active')
        if (staking) {
          await dex.stakeSton(staking, {
            from: u.bob,
            amount: tokens(50_000n),
            duration: 12n * STAKE_MONTH_SECONDS,
          })
        }
      },
    ],
    [
      0.5,
      async (_world, u) => {
        const item = items.get('alice-active')
        if (active && item) await dex.claimFarmRewards(active, item, { from: u.alice })
        if (finished) {
          await dex.farmAdmin(finished, {
            op: 'changeStatus',
            status: FARM_MINTER_STATUS.retired,
          })
        }
        if (staking) {
          await dex.stakeSton(staking, {
            from: u.carol,
            amount: tokens(20_000n),
            duration: 6n * STAKE_MONTH_SECONDS,
          })
        }
      },
    ],
    [
      0.6,
      async (_world, u) => {
        const item = items.get('alice-finished')
        if (finished && item) await dex.unstakeFarm(finished, item, { from: u.alice })
      },
    ],
    [
      0.75,
      async (_world, u) => {
        const item = items.get('bob-active')
        if (active && item) await dex.claimFarmRewards(active, item, { from: u.bob, poolIndex: 1 })
      },
    ],
    [
      0.9,
      async (_world, u) => {
        const item = items.get('alice-stake')
        if (item) {
          await dex.stakeItemSend(item, {
            from: u.alice,
            op: 'restake',
            duration: 24n * STAKE_MONTH_SECONDS,
          })
        }
      },
    ],
  ]

  return {
    async onPart(world, progress) {
      users ??= {
        alice: await dex.wallet('alice'),
        bob: await dex.wallet('bob'),
        carol: await dex.wallet('carol'),
      }
      for (const [index, [share, step]] of steps.entries()) {
        if (share > progress || done.has(index)) continue
        done.add(index)
        await step(world, users)
      }
    },
    farmMinters: () =>
      [active, finished].flatMap((f) => (f === undefined ? [] : [addressText(f.minter)])),
    stakingMinters: () => (staking === undefined ? [] : [addressText(staking.minter)]),
    assets: () => (staking === undefined ? [] : [staking.gemston]),
  }
}
