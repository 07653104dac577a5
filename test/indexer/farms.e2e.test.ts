/**
 * The indexer's farm and staking read model equals the contracts' getters after every step of
 * a farm life (two reward pools, deposits, stakes, claims, a rate change, an unstake, a
 * destroy) and a stake life (stake, restake, unstake) on the emulator.
 */
import type { Address, Transaction } from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { STAKE_MONTH_SECONDS } from '../../core/index.js'
import type { LocalFarm, LocalJetton, LocalStaking } from '../../emulator/index.js'
import { type IndexSession, openIndexSession } from '../../indexer/ingest/createIndexer.js'
import { addressText } from '../../protocol/addressText.js'
import { createSqliteStore, type Store } from '../../store/index.js'
import { buildRouterWorld, type RouterWorld } from '../emulator/_support/localWorld.js'

const DAY = 86_400

describe('indexed farms and stakes', () => {
  let w: RouterWorld
  let store: Store
  let session: IndexSession
  let farm: LocalFarm
  let staking: LocalStaking
  let ston: LocalJetton
  const pending: Transaction[] = []

  const index = async () => {
    await session.ingest(pending.splice(0, pending.length))
  }

  const expectFarmEqualsGetters = async () => {
    await index()
    const data = await w.dex.farmMinterData(farm)
    const [row] = await store.listIndexedFarms()
    expect(row).toBeDefined()
    expect({
      status: row?.status,
      nextItemIndex: row?.nextItemIndex,
      currentStaked: row?.currentStaked,
      minStakeTime: row?.minStakeTime,
      stakingTokenWallet: row?.stakingTokenWallet,
      pools: row?.pools.map((p) => ({
        deposited: p.deposited,
        accruedPerUnit: p.accruedPerUnit,
        accrued: p.accrued,
        claimed: p.claimed,
        claimedFee: p.claimedFee,
        accruedFee: p.accruedFee,
        lastUpdateTime: p.lastUpdateTime,
        adminFee: p.adminFee,
        nanorewardsPer24h: p.nanorewardsPer24h,
        rewardTokenWallet: p.rewardTokenWallet,
        status: p.status,
      })),
    }).toEqual({
      status: data.status,
      nextItemIndex: data.nextItemIndex,
      currentStaked: data.currentStakedTokens,
      minStakeTime: data.minStakeTime,
      stakingTokenWallet: data.stakingTokenWallet && addressText(data.stakingTokenWallet),
      pools: [...data.pools.values()].map((p) => ({
        ...p.accrued,
        adminFee: p.parameters.adminFee,
        nanorewardsPer24h: p.parameters.nanorewardsPer24h,
        rewardTokenWallet: addressText(p.parameters.rewardTokenWallet),
        status: p.parameters.status,
      })),
    })
  }

  const expectPositionEqualsGetter = async (item: Address) => {
    await index()
    const data = await w.dex.farmItemData(item)
    const row = (await store.listIndexedFarmPositions()).find(
      (p) => p.address === addressText(item),
    )
    expect(
      row && {
        ...row,
        claimedPerUnit: new Map(row.claimedPerUnit.map((c) => [c.poolIndex, c.perUnit])),
      },
    ).toMatchObject({
      status: data.status,
      revokeTime: data.revokeTime,
      staked: data.stakedTokens,
      stakeDate: data.stakeDate,
      claimedPerUnit: data.claimedPerUnit,
      ownerAddress: data.owner && addressText(data.owner),
    })
  }

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    w.dex.onTransactions((txs) => pending.push(...txs))
    const reward0 = await w.dex.deployJetton('RWA')
    const reward1 = await w.dex.deployJetton('RWB')
    ston = await w.dex.deployJetton('STON')
    for (const j of [reward0, reward1]) await w.dex.mint(j, w.dex.admin.address, 10n ** 15n)
    await w.dex.mint(ston, w.alice.address, 10n ** 15n)
    farm = await w.dex.deployFarm(w.poolAB, {
      minStakeTime: 2n * BigInt(DAY),
      rewards: [
        { jetton: reward0, nanorewardsPer24h: 1_000n * 10n ** 18n },
        { jetton: reward1, nanorewardsPer24h: 77n * 10n ** 18n + 13n, adminFee: 250n },
      ],
    })
    staking = await w.dex.deployStaking({ ston })
    store = createSqliteStore({ path: ':memory:' })
    session = await openIndexSession({
      store,
      farmMinters: new Set([addressText(farm.minter)]),
      stakingMinters: new Set([addressText(staking.minter)]),
    })
  })

  it('follows a farm life to the nanoreward', async () => {
    const { dex, alice, bob } = w
    const t0 = dex.blockchain.now ?? 0
    await expectFarmEqualsGetters()
    await dex.depositFarmRewards(farm, {
      from: dex.admin,
      poolIndex: 0,
      amount: 50_000n * 10n ** 9n,
    })
    await dex.depositFarmRewards(farm, { from: dex.admin, poolIndex: 1, amount: 900n * 10n ** 9n })
    await expectFarmEqualsGetters()
    const first = await dex.stakeFarm(farm, { from: alice, amount: 3n * 10n ** 9n })
    dex.blockchain.now = t0 + DAY / 3
    const second = await dex.stakeFarm(farm, {
      from: alice,
      amount: 7n * 10n ** 9n + 11n,
      owner: bob.address,
    })
    await expectFarmEqualsGetters()
    await expectPositionEqualsGetter(first.item)
    await expectPositionEqualsGetter(second.item)
    dex.blockchain.now = t0 + DAY
    await dex.claimFarmRewards(farm, first.item, { from: alice })
    await expectFarmEqualsGetters()
    await expectPositionEqualsGetter(first.item)
    await dex.farmAdmin(farm, {
      op: 'changeRate',
      poolIndex: 1,
      nanorewardsPer24h: 5n * 10n ** 20n,
    })
    dex.blockchain.now = t0 + 2 * DAY
    await dex.claimFarmRewards(farm, second.item, { from: bob, poolIndex: 1 })
    await expectFarmEqualsGetters()
    await expectPositionEqualsGetter(second.item)
    // Too early: refused on chain, nothing changes in the index either.
    await dex.unstakeFarm(farm, second.item, { from: bob })
    await expectPositionEqualsGetter(second.item)
    dex.blockchain.now = t0 + 4 * DAY
    await dex.unstakeFarm(farm, first.item, { from: alice })
    await expectFarmEqualsGetters()
    await expectPositionEqualsGetter(first.item)
    await dex.farmAdmin(farm, { op: 'changeStatus', status: 4 })
    dex.blockchain.now = t0 + 40 * DAY
    await dex.farmAdmin(farm, { op: 'updateAccruedValues' })
    await expectFarmEqualsGetters()
    const [row] = await store.listIndexedFarms()
    expect(row?.status).toBe(4)
    expect((await store.listIndexedFarmPositions(addressText(bob.address))).length).toBe(1)
  })

  it('follows a stake life', async () => {
    const { dex, alice } = w
    const { item } = await dex.stakeSton(staking, {
      from: alice,
      amount: 10n ** 11n,
      duration: 3n * STAKE_MONTH_SECONDS,
    })
    await index()
    const expectStakeEqualsGetters = async () => {
      await index()
      const data = await dex.stakeItemData(item)
      const minter = await dex.stakeMinterData(staking)
      const [row] = await store.listIndexedStakePositions(addressText(alice.address))
      expect(row).toMatchObject({
        status: data.status,
        staked: data.stakedTokens,
        votePower: data.votePower,
        minUnstakeDate: data.minUnstakeDate,
        lockDate: data.lockDate,
        gemston: data.secondaryTokensMinted,
        revokeTime: data.revokeTime,
      })
      const [s] = await store.listIndexedStakings()
      expect(s).toMatchObject({
        currentStaked: minter.currentStakedTokens,
        totalVotePower: minter.totalVotePower,
        originTime: minter.originTime,
      })
    }
    await expectStakeEqualsGetters()
    await dex.stakeItemSend(item, {
      from: alice,
      op: 'restake',
      duration: 6n * STAKE_MONTH_SECONDS,
    })
    await expectStakeEqualsGetters()
    dex.blockchain.now = (dex.blockchain.now ?? 0) + Number(7n * STAKE_MONTH_SECONDS)
    await dex.stakeItemSend(item, { from: alice, op: 'unstake' })
    await expectStakeEqualsGetters()
    const [row] = await store.listIndexedStakePositions(addressText(alice.address))
    expect(row?.status).toBe(2)
  })
})
