import type { Address } from '@ton/core'
import { FARM_MINTER_STATUS } from '../core/farm/farmStatus.js'
import { STAKE_MONTH_SECONDS } from '../core/stake/stakeMath.js'
import type { Treasury } from '../emulator/DexWorld.js'
import type { LocalFarm } from '../emulator/farmFlows.js'
import type { LocalDex } from '../emulator/LocalDex.js'
import type { LocalJetton, LocalPool } from '../emulator/model.js'
import type { LocalStaking } from '../emulator/stakeFlows.js'
import { addressText } from '../protocol/addressText.js'
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
 *   stake; farmer one stakes the LP alice provided for it at the start, farmer two the LP bob
 *   provided at 25 %; farmer one claims both pools at 50 %, farmer two the second at 75 %.
 * * **USDT/TON farm** (finished): STON, 400 a day, 2 000 deposited; farmer one stakes at the
 *   start, the admin retires it at 50 %, farmer one unstakes at 60 %.
 * * **Staking**: three stakers lock 1 000 STON for 3 months at the start, 50 000 for 12 months
 *   at 25 %, 20 000 for 6 months at 50 %; the first extends the lock to 24 months at 90 %.
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
  /**
   * The scenario's alice and bob provide the farmers' LP (a router trace, LP to the farmer);
   * the farmers and stakers take no other part in the trading, so a follower that reads only
   * the routers' traces (`accounts` mode) still answers alike for every trading wallet.
   */
  type Users = {
    alice: Treasury
    bob: Treasury
    farmerOne: Treasury
    farmerTwo: Treasury
    stakers: readonly [Treasury, Treasury, Treasury]
  }
  let users: Users | undefined

  /** `from` provides to `pool` (asset0 and asset1 amounts), the LP minted to `to`. */
  const provideFor = async (
    pool: LocalPool,
    from: Treasury,
    to: Treasury,
    amount0: bigint,
    amount1: bigint,
  ) => {
    await dex.provide(pool.router, {
      from,
      assetA: pool.asset0,
      amountA: amount0,
      assetB: pool.asset1,
      amountB: amount1,
      receiver: to.address,
    })
  }

  const stake = async (farm: LocalFarm, from: Treasury, key: string) => {
    const amount = await dex.lpBalance(farm.pool, from.address)
    if (amount === 0n) return
    const { item } = await dex.stakeFarm(farm, { from, amount })
    items.set(key, item)
  }
  const lock = async (staker: Treasury, amount: bigint, months: bigint, key?: string) => {
    if (staking === undefined) return
    await dex.mint(staking.ston, staker.address, amount)
    const { item } = await dex.stakeSton(staking, {
      from: staker,
      amount,
      duration: months * STAKE_MONTH_SECONDS,
    })
    if (key !== undefined) items.set(key, item)
  }
  /** `asset`'s amount and the other asset's, in the order of `pool`'s assets. */
  const inOrder = (pool: LocalPool, asset: LocalJetton, amount: bigint, other: bigint) =>
    pool.asset0 === asset ? ([amount, other] as const) : ([other, amount] as const)

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
        // alice provides for farmer one: 50 000 STON with 10 000 USDT (about the pool's
        // ratio), and 3 200 USDT with 1 000 TON (the pools' asset order follows their
        // addresses, which any change to the contracts' code moves).
        await provideFor(
          stonUsdt,
          u.alice,
          u.farmerOne,
          ...inOrder(stonUsdt, ston, tokens(50_000n), 10_000n * 10n ** 6n),
        )
        const usdt = jetton('USDT')
        if (usdt !== undefined) {
          await provideFor(
            usdtTon,
            u.alice,
            u.farmerOne,
            ...inOrder(usdtTon, usdt, 3_200n * 10n ** 6n, tokens(1_000n)),
          )
        }
        await stake(active, u.farmerOne, 'one-active')
        await stake(finished, u.farmerOne, 'one-finished')
        await lock(u.stakers[0], tokens(1_000n), 3n, 'first-lock')
      },
    ],
    [
      0.25,
      async (_world, u) => {
        const ston = active?.rewards[0]
        if (active && ston) {
          const pool = active.pool
          await provideFor(
            pool,
            u.bob,
            u.farmerTwo,
            ...inOrder(pool, ston, tokens(20_000n), 4_000n * 10n ** 6n),
          )
          await stake(active, u.farmerTwo, 'two-active')
        }
        await lock(u.stakers[1], tokens(50_000n), 12n)
      },
    ],
    [
      0.5,
      async (_world, u) => {
        const item = items.get('one-active')
        if (active && item) await dex.claimFarmRewards(active, item, { from: u.farmerOne })
        if (finished) {
          await dex.farmAdmin(finished, {
            op: 'changeStatus',
            status: FARM_MINTER_STATUS.retired,
          })
        }
        await lock(u.stakers[2], tokens(20_000n), 6n)
      },
    ],
    [
      0.6,
      async (_world, u) => {
        const item = items.get('one-finished')
        if (finished && item) await dex.unstakeFarm(finished, item, { from: u.farmerOne })
      },
    ],
    [
      0.75,
      async (_world, u) => {
        const item = items.get('two-active')
        if (active && item)
          await dex.claimFarmRewards(active, item, { from: u.farmerTwo, poolIndex: 1 })
      },
    ],
    [
      0.9,
      async (_world, u) => {
        const item = items.get('first-lock')
        if (item) {
          await dex.stakeItemSend(item, {
            from: u.stakers[0],
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
        farmerOne: await dex.wallet('farmer-one'),
        farmerTwo: await dex.wallet('farmer-two'),
        stakers: [
          await dex.wallet('staker-one'),
          await dex.wallet('staker-two'),
          await dex.wallet('staker-three'),
        ],
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
