/**
 * A farm life on the local exchange through the official stack, only the endpoint local:
 * `@ston-fi/sdk` 2.7's DEX v2 router and `FarmNftMinterV3` / `FarmNftItemV3` over the TON HTTP
 * API (`/api/v2/jsonRPC`), a test wallet signing, time moved with `/local/time` — and at every
 * step the REST API (`/v1/wallets/{address}/farms/{farm}`) showing the position, equal to the
 * getters: staked LP and status after the stake, the rewards a claim would pay after time
 * moved, nothing left after the claim (the reward jettons arrived, equal to the getters), the
 * position unstaked and the LP back after the unstake.
 */
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX, FARM } from '@ston-fi/sdk'
import { Address, internal, type SenderArguments, SendMode } from '@ton/core'
import { mnemonicToPrivateKey } from '@ton/crypto'
import { JettonMaster, WalletContractV4 } from '@ton/ton'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accrueFarmPool,
  FARM_MINTER_STATUS,
  FARM_POOL_STATUS,
  farmClaimPayout,
  farmPendingNanorewards,
} from '../../core/index.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { farmV3AdminBody, farmV3DepositRewardsPayload } from '../../protocol/farm/messages.js'
import { jettonTransferBody } from '../../protocol/jetton/messages.js'
import { startDemoExchange } from '../_support/demoExchange.js'

const DAY = 86_400

let exchange: RunningLocalExchange
beforeAll(async () => {
  exchange = await startDemoExchange({
    dbPath: ':memory:',
    host: '127.0.0.1',
    port: 0,
    demoSwaps: 2,
  })
}, 300_000)
afterAll(async () => {
  await exchange.close()
})

type WireNft = {
  address: string
  status: string
  staked_tokens: string
  unstake_timestamp: string | null
  nonclaimed_rewards: string
  rewards: { address: string; amount: string }[]
}
type WireFarm = {
  minter_address: string
  pool_address: string
  status: string
  all_rewards_distributed: boolean
  locked_total_lp: string
  rewards: { index: number; address: string | null }[]
  nft_infos: WireNft[]
}

test('stake, claim and unstake through the SDK: the REST API equals the getters at every step', async () => {
  const base = exchange.url
  const client = new Client({
    endpoint: `${base}/api/v2/jsonRPC`,
    stonApiClient: new StonApiClient({ baseURL: base }),
  })
  const rest = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`)
    expect(response.status, path).toBe(200)
    return (await response.json()) as T
  }
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.status, path).toBe(200)
    return (await response.json()) as Record<string, unknown>
  }

  const [, , beta] = (await rest<{ wallets: { mnemonic: string }[] }>('/local/wallets')).wallets
  if (beta === undefined) throw new Error('no test wallet')
  const keys = await mnemonicToPrivateKey(beta.mnemonic.split(' '))
  const wallet = client.open(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }))
  const me = wallet.address.toString()
  /** The chain's time (it runs ahead of the wall clock once moved): messages sign with it. */
  let chainTime = Math.floor(Date.now() / 1000)
  const send = async (params: SenderArguments) => {
    await wallet.sendTransfer({
      seqno: await wallet.getSeqno(),
      secretKey: keys.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      timeout: Math.max(chainTime, Math.floor(Date.now() / 1000)) + 600,
      messages: [internal({ to: params.to, value: params.value, body: params.body ?? null })],
    })
    await exchange.indexed(exchange.chain?.head.seqno ?? 0)
  }
  const jettonBalance = async (master: string, owner: Address) => {
    const address = await client
      .open(JettonMaster.create(Address.parse(master)))
      .getWalletAddress(owner)
    const state = await client.getContractState(address)
    if (state.state !== 'active') return 0n
    return (await client.runMethod(address, 'get_wallet_data')).stack.readBigNumber()
  }

  // The demo's running farm with two reward jettons, on a DEX v2 constant-product pool.
  const { farm_list: farms } = await rest<{ farm_list: WireFarm[] }>('/v1/farms')
  const listed = farms.find((f) => f.status === 'operational' && f.rewards.length === 2)
  if (listed === undefined) throw new Error('the demo has no running farm with two rewards')
  const minterAddress = Address.parse(listed.minter_address)
  const minter = client.open(FARM.v3.NftMinter.create(minterAddress))
  const { pool } = await rest<{
    pool: { router_address: string; token0_address: string; token1_address: string }
  }>(`/v1/pools/${listed.pool_address}`)
  const rewardMasters = listed.rewards.map((r) => r.address as string)

  // Fresh budgets for both reward pools (anyone may deposit to these pools), from the faucet.
  for (const [index, master] of rewardMasters.entries()) {
    await post('/local/faucet', { address: me, asset: master, amount: '5000000000000' })
    const from = await client
      .open(JettonMaster.create(Address.parse(master)))
      .getWalletAddress(wallet.address)
    await send({
      to: from,
      value: 300_000_000n,
      body: jettonTransferBody({
        amount: 2_000_000_000_000n,
        destination: minterAddress,
        response: wallet.address,
        forwardTonAmount: 200_000_000n,
        forwardPayload: farmV3DepositRewardsPayload(index),
      }),
    })
  }

  // Provide liquidity with the SDK's DEX v2 router: the LP comes to the wallet.
  const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(pool.router_address)))
  for (const token of [pool.token0_address, pool.token1_address]) {
    await post('/local/faucet', { address: me, asset: token, amount: '1000000000000' })
  }
  for (const [send0, other] of [
    [pool.token0_address, pool.token1_address],
    [pool.token1_address, pool.token0_address],
  ] as const) {
    await send(
      await router.getProvideLiquidityJettonTxParams({
        userWalletAddress: me,
        sendTokenAddress: send0,
        otherTokenAddress: other,
        sendAmount: 100_000_000_000n,
        minLpOut: 1n,
      }),
    )
  }
  const lp = await jettonBalance(listed.pool_address, wallet.address)
  expect(lp).toBeGreaterThan(0n)

  /** The wallet's farm on the REST API; its one position. */
  const shown = async () => {
    const { farm } = await rest<{ farm: WireFarm }>(
      `/v1/wallets/${me}/farms/${listed.minter_address}`,
    )
    expect(farm.nft_infos).toHaveLength(1)
    return { farm, nft: farm.nft_infos[0] as WireNft }
  }
  /**
   * What a claim at the newest indexed transaction (the REST API's clock) pays per reward pool,
   * from the getters over HTTP and core's accrual.
   */
  const payoutsAtIndex = async (item: { getFarmingData(): Promise<ItemData> }) => {
    const [newest] = await exchange.store.listIndexedTransactions({ limit: 1 })
    const now = BigInt(Date.parse(`${newest?.timestamp}Z`) / 1000)
    return payouts(await minter.getFarmingMinterData(), await item.getFarmingData(), now)
  }

  // Stake: the position, its LP and status, equal to the item's getter.
  await send(
    await minter.getStakeTxParams({
      userWalletAddress: me,
      jettonAddress: listed.pool_address,
      jettonAmount: lp,
    }),
  )
  const data = await minter.getFarmingMinterData()
  const itemAddress = (
    await client.runMethod(minterAddress, 'get_nft_address_by_index', [
      { type: 'int', value: data.nextItemIndex - 1n },
    ])
  ).stack.readAddress()
  const item = client.open(FARM.v3.NftItem.create(itemAddress))
  const staked = await item.getFarmingData()
  expect(staked.ownerAddress.equals(wallet.address)).toBe(true)
  expect(staked.stakedTokens).toBe(lp)
  let { farm, nft } = await shown()
  expect(nft).toMatchObject({
    address: itemAddress.toString(),
    status: 'active',
    staked_tokens: lp.toString(),
    unstake_timestamp: null,
  })
  expect(BigInt(farm.locked_total_lp)).toBe(data.currentStakedTokens)
  expect(await jettonBalance(listed.pool_address, wallet.address)).toBe(0n)

  // Two days later (anyone may bring the accrual up to now): the rewards are the getters'.
  chainTime = (await post('/local/time', { increase: 2 * DAY })).time as number
  await send({
    to: minterAddress,
    value: 100_000_000n,
    body: farmV3AdminBody({ op: 'updateAccruedValues' }),
  })
  const due = await payoutsAtIndex(item)
  expect(due.every((p) => p > 0n)).toBe(true)
  ;({ nft } = await shown())
  expect(nft.rewards).toEqual(
    due.map((amount, i) => ({ address: rewardMasters[i], amount: amount.toString() })),
  )
  expect(nft.nonclaimed_rewards).toBe(due.reduce((a, b) => a + b, 0n).toString())

  // Claim every pool: each reward jetton arrives, equal to what the getters said at the claim.
  const before = await Promise.all(rewardMasters.map((m) => jettonBalance(m, wallet.address)))
  const minterBefore = await minter.getFarmingMinterData()
  const itemBefore = await item.getFarmingData()
  await send(await item.getClaimRewardsTxParams({ poolCount: 2 }))
  const minterAfter = await minter.getFarmingMinterData()
  const claimedAt = minterAfter.farmDataAccrued.get(0)?.lastUpdateTime ?? 0n
  const paid = payouts(minterBefore, itemBefore, claimedAt)
  const after = await Promise.all(rewardMasters.map((m) => jettonBalance(m, wallet.address)))
  expect(after.map((b, i) => b - (before[i] ?? 0n))).toEqual(paid)
  for (const [i, amount] of paid.entries()) {
    const claimed = (p: typeof minterBefore) => p.farmDataAccrued.get(i)?.claimedNanorewards ?? 0n
    expect(claimed(minterAfter) - claimed(minterBefore)).toBe(amount * 10n ** 9n)
  }
  ;({ nft } = await shown())
  expect(nft.status).toBe('active')
  expect(nft.rewards.map((r) => r.amount)).toEqual((await payoutsAtIndex(item)).map(String))
  expect(nft.rewards.map((r) => BigInt(r.amount))).toEqual([0n, 0n])
  expect(nft.nonclaimed_rewards).toBe('0')

  // Past the minimum stake time: unstake; the LP comes back, the position shows unstaked.
  chainTime = (await post('/local/time', { increase: 8 * DAY })).time as number
  await send(await item.getUnstakeTxParams({ poolCount: 2 }))
  const unstaked = await item.getFarmingData()
  expect(unstaked.status).toBe(2)
  expect(await jettonBalance(listed.pool_address, wallet.address)).toBe(lp)
  ;({ farm, nft } = await shown())
  expect(nft).toMatchObject({
    status: 'unstaked',
    staked_tokens: lp.toString(),
    unstake_timestamp: new Date(Number(unstaked.revokeTime) * 1000).toISOString().slice(0, 19),
    nonclaimed_rewards: '0',
  })
  expect(BigInt(farm.locked_total_lp)).toBe(
    (await minter.getFarmingMinterData()).currentStakedTokens,
  )
}, 300_000)

type MinterData = Awaited<
  ReturnType<InstanceType<typeof FARM.v3.NftMinter>['getFarmingMinterData']>
>
type ItemData = Awaited<ReturnType<InstanceType<typeof FARM.v3.NftItem>['getFarmingData']>>

/** What a claim at `now` pays per reward pool, from the getters (core's accrual and payout). */
function payouts(minter: MinterData, item: ItemData, now: bigint): bigint[] {
  const out: bigint[] = []
  for (const [index, a] of minter.farmDataAccrued) {
    const p = minter.farmDataParameters.get(index)
    if (p === undefined) throw new Error(`pool ${index} has no parameters`)
    // The SDK's labels of positions 3 and 6 are swapped (docs/farms.md): read by position.
    const accrued = accrueFarmPool(
      {
        deposited: a.depositedNanorewards,
        accruedPerUnit: a.accruedPerUnitNanorewards,
        accrued: a.accruedFeeNanorewards,
        claimed: a.claimedNanorewards,
        claimedFee: a.claimedFeeNanorewards,
        accruedFee: a.accruedNanorewards,
        lastUpdateTime: a.lastUpdateTime,
      },
      {
        now: now > a.lastUpdateTime ? now : a.lastUpdateTime,
        staked: minter.currentStakedTokens,
        nanorewardsPer24h: p.nanorewardsPer24h,
        adminFee: p.adminFee,
        active:
          minter.status === FARM_MINTER_STATUS.operational && p.status === FARM_POOL_STATUS.active,
      },
    )
    const from = item.claimedPerUnit.get(index) ?? 0n
    out[index] =
      item.status === 2 || accrued.accruedPerUnit <= from
        ? 0n
        : farmClaimPayout(farmPendingNanorewards(item.stakedTokens, accrued.accruedPerUnit, from))
  }
  return out
}
