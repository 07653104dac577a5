/**
 * A whole farm life driven by `@ston-fi/sdk` 2.7's `FarmNftMinterV3` / `FarmNftItemV3` against
 * the emulator's farm v3 contracts: provide liquidity, stake the LP, move time, claim (each
 * reward jetton arrives, equal to what the getters and `core/farm` said), unstake (the LP comes
 * back, the last rewards with it), destroy the empty position.
 */
import { FARM } from '@ston-fi/sdk'
import type { Address } from '@ton/core'
import type { SandboxContract } from '@ton/sandbox'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  accrueFarmPool,
  FARM_ITEM_STATUS,
  FARM_MINTER_STATUS,
  type FarmPoolAccrual,
  farmClaimPayout,
  farmPendingNanorewards,
} from '../../core/index.js'
import type { LocalFarm, LocalJetton } from '../../emulator/index.js'
import { failedTransactions } from '../../emulator/transactions.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

const DAY = 86_400
const MIN_STAKE_TIME = 7n * 86_400n
// 1 000 tokens (9 decimals) a day and 250 tokens a day, in nanorewards.
const RATE_0 = 1_000n * 10n ** 9n * 10n ** 9n
const RATE_1 = 250n * 10n ** 9n * 10n ** 9n

type FarmNftMinterV3 = InstanceType<typeof FARM.v3.NftMinter>
type FarmNftItemV3 = InstanceType<typeof FARM.v3.NftItem>
type MinterData = Awaited<ReturnType<FarmNftMinterV3['getFarmingMinterData']>>
type ItemData = Awaited<ReturnType<FarmNftItemV3['getFarmingData']>>

/** What the getters say a claim at `now` pays per pool, computed with `core/farm`. */
function expectedPayouts(minter: MinterData, item: ItemData, now: number): bigint[] {
  const payouts: bigint[] = []
  for (const [index, a] of minter.farmDataAccrued) {
    const p = minter.farmDataParameters.get(index)
    if (p === undefined) throw new Error(`pool ${index} has no parameters`)
    // The SDK's labels of positions 3 and 6 are swapped (docs/farms.md): read by position.
    const pool: FarmPoolAccrual = {
      deposited: a.depositedNanorewards,
      accruedPerUnit: a.accruedPerUnitNanorewards,
      accrued: a.accruedFeeNanorewards,
      claimed: a.claimedNanorewards,
      claimedFee: a.claimedFeeNanorewards,
      accruedFee: a.accruedNanorewards,
      lastUpdateTime: a.lastUpdateTime,
    }
    const accrued = accrueFarmPool(pool, {
      now: BigInt(now),
      staked: minter.currentStakedTokens,
      nanorewardsPer24h: p.nanorewardsPer24h,
      adminFee: p.adminFee,
      active: minter.status === FARM_MINTER_STATUS.operational && p.status === 1,
    })
    const pending = farmPendingNanorewards(
      item.stakedTokens,
      accrued.accruedPerUnit,
      item.claimedPerUnit.get(index) ?? 0n,
    )
    payouts[index] = farmClaimPayout(pending)
  }
  return payouts
}

describe('@ston-fi/sdk farm v3 against the emulator', () => {
  let w: RouterWorld
  let ston: LocalJetton
  let gem: LocalJetton
  let farm: LocalFarm
  let minter: SandboxContract<FarmNftMinterV3>
  let base: ReturnType<RouterWorld['dex']['snapshot']>

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    ston = await w.dex.deployJetton('STON')
    gem = await w.dex.deployJetton('GEM')
    farm = await w.dex.deployFarm(w.poolAB, {
      minStakeTime: MIN_STAKE_TIME,
      rewards: [
        { jetton: ston, nanorewardsPer24h: RATE_0 },
        { jetton: gem, nanorewardsPer24h: RATE_1 },
      ],
    })
    await w.dex.mint(ston, w.dex.admin.address, 100_000n * 10n ** 9n)
    await w.dex.mint(gem, w.dex.admin.address, 100_000n * 10n ** 9n)
    for (const [poolIndex, amount] of [
      [0, 30_000n * 10n ** 9n],
      [1, 5_000n * 10n ** 9n],
    ] as const) {
      const r = await w.dex.depositFarmRewards(farm, { from: w.dex.admin, poolIndex, amount })
      expect(r.failures).toEqual([])
    }
    minter = w.dex.blockchain.openContract(FARM.v3.NftMinter.create(farm.minter))
    base = w.dex.snapshot()
  })

  beforeEach(async () => {
    await w.dex.restore(base)
  })

  it('answers the SDK getters in its stack layouts', async () => {
    const data = await minter.getFarmingMinterData()
    expect(data.status).toBe(FARM_MINTER_STATUS.operational)
    expect(data.poolCount).toBe(2)
    expect(data.minStakeTime).toBe(MIN_STAKE_TIME)
    expect(data.stakingTokenWallet.equals(farm.lpWallet)).toBe(true)
    expect(data.custodianAddress.equals(w.dex.admin.address)).toBe(true)
    expect(data.farmDataParameters.get(0)?.nanorewardsPer24h).toBe(RATE_0)
    expect(data.farmDataParameters.get(1)?.status).toBe(1)
    expect(data.farmDataAccrued.get(0)?.depositedNanorewards).toBe(30_000n * 10n ** 18n)
    expect(data.farmDataAccrued.get(1)?.depositedNanorewards).toBe(5_000n * 10n ** 18n)
    expect(await minter.getVersion()).toEqual({ major: 3, minor: 0, development: 'release' })
    const pending = await minter.getPendingData()
    expect(pending.codeUpgradeTs).toBe(0n)
  })

  it('stakes, claims what the getters say, unstakes after the lock and destroys', async () => {
    const { dex, alice } = w
    const lp = await dex.lpBalance(w.poolAB, alice.address)
    const stake = lp / 2n
    const start = dex.blockchain.now ?? 0

    const staked = await minter.sendStake(alice.getSender(), {
      userWalletAddress: alice.address,
      jettonAddress: w.poolAB.address,
      jettonAmount: stake,
    })
    expect(failedTransactions(staked.transactions)).toEqual([])
    // The minter's LP wallet exists now: the SDK finds the staked jetton through it.
    expect((await minter.getStakingJettonAddress()).equals(w.poolAB.address)).toBe(true)
    const minterBalance = (await dex.blockchain.getContract(farm.minter)).balance
    const itemAddress: Address = await dex.farmItemAddress(farm, 0n)
    const item = dex.blockchain.openContract(FARM.v3.NftItem.create(itemAddress))
    expect(await dex.lpBalance(w.poolAB, alice.address)).toBe(lp - stake)
    const afterStake = await item.getFarmingData()
    expect(afterStake.status).toBe(FARM_ITEM_STATUS.active)
    expect(afterStake.stakedTokens).toBe(stake)
    expect(afterStake.stakeDate).toBe(BigInt(start))
    expect(afterStake.ownerAddress.equals(alice.address)).toBe(true)
    expect((await minter.getFarmingMinterData()).currentStakedTokens).toBe(stake)

    // Two days later: claim every pool.
    dex.blockchain.now = start + 2 * DAY
    const expected = expectedPayouts(
      await minter.getFarmingMinterData(),
      await item.getFarmingData(),
      dex.blockchain.now,
    )
    expect(expected[0]).toBeGreaterThan(1_999n * 10n ** 9n) // ~2 000 STON, less the floors
    const stonBefore = await dex.jettonBalance(ston, alice.address)
    const gemBefore = await dex.jettonBalance(gem, alice.address)
    await item.sendClaimRewards(alice.getSender(), {})
    expect(await dex.jettonBalance(ston, alice.address)).toBe(stonBefore + (expected[0] ?? -1n))
    expect(await dex.jettonBalance(gem, alice.address)).toBe(gemBefore + (expected[1] ?? -1n))
    const afterClaim = await item.getFarmingData()
    expect(afterClaim.status).toBe(FARM_ITEM_STATUS.active)
    const minterAfterClaim = await minter.getFarmingMinterData()
    expect(afterClaim.claimedPerUnit.get(0)).toBe(
      minterAfterClaim.farmDataAccrued.get(0)?.accruedPerUnitNanorewards,
    )
    expect(minterAfterClaim.farmDataAccrued.get(0)?.claimedNanorewards).toBe(
      (expected[0] ?? 0n) * 10n ** 9n,
    )

    // Before the minimum stake time the minter refuses: the position stays active, LP stays.
    dex.blockchain.now = start + 3 * DAY
    const early = await item.sendUnstake(alice.getSender(), {})
    expect(failedTransactions(early.transactions).map((f) => f.exitCode)).toEqual([0xfa03])
    expect((await item.getFarmingData()).status).toBe(FARM_ITEM_STATUS.active)
    expect(await dex.lpBalance(w.poolAB, alice.address)).toBe(lp - stake)

    // After the lock: unstake returns the LP and pays what accrued since the claim.
    dex.blockchain.now = start + 8 * DAY
    const last = expectedPayouts(
      await minter.getFarmingMinterData(),
      await item.getFarmingData(),
      dex.blockchain.now,
    )
    const stonBeforeUnstake = await dex.jettonBalance(ston, alice.address)
    const unstakeTx = await item.sendUnstake(alice.getSender(), {})
    expect(failedTransactions(unstakeTx.transactions)).toEqual([])
    expect(await dex.lpBalance(w.poolAB, alice.address)).toBe(lp)
    expect(await dex.jettonBalance(ston, alice.address)).toBe(stonBeforeUnstake + (last[0] ?? -1n))
    const unstaked = await item.getFarmingData()
    expect(unstaked.status).toBe(FARM_ITEM_STATUS.unstaked)
    expect(unstaked.revokeTime).toBe(BigInt(dex.blockchain.now))
    expect((await minter.getFarmingMinterData()).currentStakedTokens).toBe(0n)

    // Every flow paid its own way: the minter kept its balance (less storage and rounding).
    const balanceNow = (await dex.blockchain.getContract(farm.minter)).balance
    expect(minterBalance - balanceNow).toBeLessThan(10_000_000n)

    await item.sendDestroy(alice.getSender(), {})
    const account = await dex.blockchain.getContract(itemAddress)
    expect(account.accountState?.type).not.toBe('active')
  })

  it('stakes for another owner named in the SDK payload', async () => {
    const { dex, alice, bob } = w
    await minter.sendStake(alice.getSender(), {
      userWalletAddress: alice.address,
      jettonAddress: w.poolAB.address,
      jettonAmount: 1_000_000n,
      ownerAddress: bob.address,
    })
    const item = dex.blockchain.openContract(
      FARM.v3.NftItem.create(await dex.farmItemAddress(farm, 0n)),
    )
    expect((await item.getFarmingData()).ownerAddress.equals(bob.address)).toBe(true)
    // Only the owner may claim.
    const r = await item.sendClaimRewards(alice.getSender(), {})
    expect(failedTransactions(r.transactions).map((f) => f.exitCode)).toEqual([0xfa06])
  })
})
