/**
 * The indexer's farm and staking read model equals the contracts' getters after every step of
 * a farm life (two reward pools, deposits, stakes, claims, a rate change, an unstake, a
 * destroy) and a stake life (stake, restake, unstake) on the emulator.
 */
import type { Address, Transaction } from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  accrueFarmPool,
  FARM_MINTER_STATUS,
  FARM_POOL_STATUS,
  farmPoolRemaining,
  NANOREWARDS_PER_UNIT,
  STAKE_MONTH_SECONDS,
} from '../../core/index.js'
import type { LocalFarm, LocalJetton, LocalStaking } from '../../emulator/index.js'
import {
  createLocalDex,
  type LocalDex,
  type LocalPool,
  type Treasury,
} from '../../emulator/index.js'
import { type IndexSession, openIndexSession } from '../../indexer/ingest/createIndexer.js'
import { addressText } from '../../protocol/addressText.js'
import { createService } from '../../service/createService.js'
import { createSqliteStore, type Store } from '../../store/index.js'

const DAY = 86_400

describe('indexed farms and stakes', () => {
  /** One DEX v2 pool and three wallets, every transaction recorded from the first one. */
  let w: { dex: LocalDex; poolAB: LocalPool; alice: Treasury; bob: Treasury }
  let store: Store
  let session: IndexSession
  let farm: LocalFarm
  let staking: LocalStaking
  let ston: LocalJetton
  const pending: Transaction[] = []

  let app: Awaited<ReturnType<typeof createService>>
  const index = async () => {
    await session.ingest(pending.splice(0, pending.length))
  }
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url })
    expect(response.statusCode, url).toBe(200)
    return response.json()
  }

  /**
   * The REST API's farm and the wallet's positions equal the getters, each reward pool
   * accrued (core's rule) to the newest indexed transaction: what a claim then would pay.
   */
  const expectRestEqualsGetters = async (owner: Address, items: readonly Address[]) => {
    await index()
    const [newest] = await store.listIndexedTransactions({ limit: 1 })
    const now = BigInt(Date.parse(`${newest?.timestamp}Z`) / 1000)
    const data = await w.dex.farmMinterData(farm)
    const minter = addressText(farm.minter)
    const accrued = [...data.pools.values()].map((p) =>
      accrueFarmPool(p.accrued, {
        now: now > p.accrued.lastUpdateTime ? now : p.accrued.lastUpdateTime,
        staked: data.currentStakedTokens,
        nanorewardsPer24h: p.parameters.nanorewardsPer24h,
        adminFee: p.parameters.adminFee,
        active:
          data.status === FARM_MINTER_STATUS.operational &&
          p.parameters.status === FARM_POOL_STATUS.active,
      }),
    )
    const wire = (await get(`/v1/wallets/${addressText(owner)}/farms/${minter}`)).farm
    expect(wire).toMatchObject({
      minter_address: minter,
      pool_address: addressText(farm.pool.address),
      version: 'v3',
      min_stake_duration_s: data.minStakeTime.toString(),
      locked_total_lp: data.currentStakedTokens.toString(),
    })
    expect(wire.rewards.map((r: { remaining_rewards: string }) => r.remaining_rewards)).toEqual(
      accrued.map((a) => (farmPoolRemaining(a) / NANOREWARDS_PER_UNIT).toString()),
    )
    expect(wire.reward_token_address).toBe(addressText(farm.rewards[0]?.minter as Address))
    const expected = []
    for (const item of items) {
      const position = await w.dex.farmItemData(item)
      const open = position.status !== 2
      const rewards = accrued.map((a, i) => {
        const from = position.claimedPerUnit.get(i) ?? 0n
        return open
          ? (position.stakedTokens * (a.accruedPerUnit - from)) / NANOREWARDS_PER_UNIT
          : 0n
      })
      expected.push({
        address: addressText(item),
        staked_tokens: position.stakedTokens.toString(),
        status: ['uninitialized', 'active', 'unstaked', 'claiming', 'unstaked_pending'][
          position.status
        ],
        create_timestamp: new Date(Number(position.stakeDate) * 1000).toISOString().slice(0, 19),
        unstake_timestamp:
          position.revokeTime === 0n
            ? null
            : new Date(Number(position.revokeTime) * 1000).toISOString().slice(0, 19),
        rewards: rewards.map((amount, i) => ({
          address: addressText(farm.rewards[i]?.minter as Address),
          amount: amount.toString(),
        })),
        nonclaimed_rewards: rewards.reduce((sum, r) => sum + r, 0n).toString(),
      })
    }
    expect(wire.nft_infos).toMatchObject(expected)
    return accrued
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
    const dex = await createLocalDex({ now: 1_700_000_000, seed: 'indexed farms' })
    dex.onTransactions((txs) => pending.push(...txs))
    const [alice, bob] = await Promise.all([dex.wallet('alice'), dex.wallet('bob')])
    const a = await dex.deployJetton('AAA')
    const b = await dex.deployJetton('BBB')
    const ton = await dex.deployPton('v2')
    const router = await dex.deployRouter('v2', { pton: ton })
    for (const jetton of [a, b]) await dex.mint(jetton, alice.address, 10n ** 16n)
    const { pool: poolAB } = await dex.createPool(router, {
      from: alice,
      ...{ assetA: a, amountA: 10n ** 12n, assetB: b, amountB: 2n * 10n ** 12n },
    })
    w = { dex, poolAB, alice, bob }
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
    app = await createService({ store, docs: false })
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
    // Listed from the minter's deployment, before any deposit or stake deploys its wallets:
    // the pool, the reward jettons and their rates told from the wallets' addresses.
    // (This store holds no pool rows, which `/v1/farms`' router filter needs: by pool here.)
    const listed = (await get(`/v1/farms/by_pool/${addressText(farm.pool.address)}`)).farm_list
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({
      minter_address: addressText(farm.minter),
      pool_address: addressText(farm.pool.address),
      status: 'operational',
      locked_total_lp: '0',
      apy: null,
      min_stake_duration_s: (2 * DAY).toString(),
      reward_token_address: addressText(farm.rewards[0]?.minter as Address),
      rewards: [
        {
          index: 0,
          address: addressText(farm.rewards[0]?.minter as Address),
          status: 'active',
          reward_rate_24h: '1000000000000',
          remaining_rewards: '0',
        },
        {
          index: 1,
          address: addressText(farm.rewards[1]?.minter as Address),
          status: 'active',
          reward_rate_24h: '77000000000.000000013',
          admin_fee: '250',
        },
      ],
    })
    expect((await get(`/v1/farms/${addressText(farm.minter)}`)).farm).toEqual(listed[0])
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
    // Half a day of accrual not yet claimed: the REST API shows what a claim would pay.
    await dex.farmAdmin(farm, { op: 'updateAccruedValues' })
    await expectRestEqualsGetters(alice.address, [first.item])
    const before = await dex.jettonBalance(farm.rewards[0] as LocalJetton, alice.address)
    const { farm: shown } = await get(
      `/v1/wallets/${addressText(alice.address)}/farms/${addressText(farm.minter)}`,
    )
    await dex.claimFarmRewards(farm, first.item, { from: alice })
    // The claim paid what the REST API showed (no time passed in between).
    expect((await dex.jettonBalance(farm.rewards[0] as LocalJetton, alice.address)) - before).toBe(
      BigInt(shown.nft_infos[0].rewards[0].amount),
    )
    await expectFarmEqualsGetters()
    await expectPositionEqualsGetter(first.item)
    await expectRestEqualsGetters(alice.address, [first.item])
    // Other chain activity 3 hours later: the REST API's rewards follow the chain's clock.
    dex.blockchain.now = t0 + DAY + 3 * 3600
    await dex.mint(farm.rewards[0] as LocalJetton, bob.address, 1n)
    const later = await expectRestEqualsGetters(alice.address, [first.item])
    expect(later[0]?.accruedPerUnit).toBeGreaterThan(
      (await dex.farmMinterData(farm)).pools.get(0)?.accrued.accruedPerUnit ?? 0n,
    )
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
    await expectRestEqualsGetters(alice.address, [first.item])
    await expectRestEqualsGetters(bob.address, [second.item])
    await dex.farmAdmin(farm, { op: 'changeStatus', status: 4 })
    dex.blockchain.now = t0 + 40 * DAY
    await dex.farmAdmin(farm, { op: 'updateAccruedValues' })
    await expectFarmEqualsGetters()
    const [row] = await store.listIndexedFarms()
    expect(row?.status).toBe(4)
    const { farm: retired } = await get(`/v1/farms/${addressText(farm.minter)}`)
    expect(retired).toMatchObject({ status: 'retired', all_rewards_distributed: true, apy: null })
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
      const wire = await get(`/v1/wallets/${addressText(alice.address)}/stakes`)
      const iso = (t: bigint) => new Date(Number(t) * 1000).toISOString().slice(0, 19)
      expect(wire.nfts).toEqual([
        {
          address: addressText(item),
          image_url: '',
          min_unstaking_timestamp: iso(data.minUnstakeDate),
          minted_gemston: data.secondaryTokensMinted.toString(),
          staked_tokens: data.stakedTokens.toString(),
          staking_timestamp: iso(data.lockDate),
          status: ['uninitialized', 'active', 'unstaked', 'claiming'][data.status],
          unstake_timestamp: data.revokeTime === 0n ? null : iso(data.revokeTime),
          voting_power: data.votePower.toString(),
        },
      ])
      expect(await get(`/v1/wallets/${addressText(alice.address)}/stake`)).toEqual(wire)
      expect(wire.staked_ston).toBe((data.status === 1 ? data.stakedTokens : 0n).toString())
      expect(wire.voting_power).toBe(data.votePower.toString())
      expect(wire.minted_gemston).toBe(data.secondaryTokensMinted.toString())
      // The GEMSTON minted is the wallet's GEMSTON balance (nothing else mints it).
      expect(await dex.jettonBalance(staking.gemston, alice.address)).toBe(
        data.secondaryTokensMinted,
      )
      const stats = await get('/v1/stats/staking')
      expect(stats.total_staked_ston).toBe(minter.currentStakedTokens.toString())
      expect(await get('/v1/stats/stake')).toEqual(stats)
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
