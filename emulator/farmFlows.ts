import { type Address, beginCell, type Cell, toNano } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import { fixtureCode } from '../contracts-fixtures/fixtureCode.js'
import {
  FARM_V3_ITEM_DATA,
  FARM_V3_MINTER_DATA,
  type FarmV3ItemData,
  type FarmV3MinterData,
} from '../protocol/farm/getMethods.js'
import {
  FARM_V3_OP,
  farmV3AdminBody,
  farmV3CreatePoolBody,
  farmV3DepositRewardsPayload,
  farmV3InitBody,
  farmV3StakePayload,
} from '../protocol/farm/messages.js'
import { farmV3MinterData } from '../protocol/farm/storage.js'
import { jettonTransferBody } from '../protocol/jetton/messages.js'
import { NFT_ADDRESS_BY_INDEX } from '../protocol/nft/getMethods.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import { LocalDexError } from './LocalDexError.js'
import type { LocalJetton, LocalPool } from './model.js'
import { type FailedTransaction, failedTransactions } from './transactions.js'

const FARM_DEPLOY_VALUE = toNano('1')
const ADMIN_OP_VALUE = toNano('0.1')
const DEPOSIT_FORWARD = toNano('0.05')

/**
 * A farm v3 deployed on the local chain: its minter (the farm and the NFT collection of the
 * stake positions), the LP it takes and the reward jetton of each reward pool, by pool index.
 *
 * @example
 * ```ts
 * const farm: LocalFarm = await dex.deployFarm(pool, { rewards: [{ jetton: ston,
 *   nanorewardsPer24h: 1_000n * 10n ** 18n }] })
 * farm.rewards[0]?.symbol // 'STON'
 * ```
 */
export type LocalFarm = {
  readonly minter: Address
  /** The pool whose LP tokens the farm takes (its LP jetton minter is `pool.address`). */
  readonly pool: LocalPool
  /** The minter's LP jetton wallet. */
  readonly lpWallet: Address
  /** The reward jetton of each reward pool, by pool index. */
  readonly rewards: readonly LocalJetton[]
}

/**
 * One reward pool of {@link deployFarm}.
 *
 * @example
 * ```ts
 * const reward: FarmRewardSpec = { jetton: ston, nanorewardsPer24h: 500n * 10n ** 18n }
 * ```
 */
export type FarmRewardSpec = {
  readonly jetton: LocalJetton
  /** Reward rate in nanorewards (base units × 10^9) per 86 400 s. */
  readonly nanorewardsPer24h: bigint
  /** Admin fee in basis points of 10 000. Default 0. */
  readonly adminFee?: bigint | undefined
  /** Whether anyone may deposit rewards (else only the admin). Default true. */
  readonly unrestrictedDepositRewards?: boolean | undefined
}

/**
 * The outcome of a farm message: its transactions and those that failed (a refused claim or
 * unstake bounces back to the position and shows here with the farm's exit code).
 *
 * @example
 * ```ts
 * const r = await dex.claimFarmRewards(farm, item, { from: alice })
 * r.failures // [] when the claim went through
 * ```
 */
export type FarmReceipt = {
  readonly transactions: readonly BlockchainTransaction[]
  readonly failures: readonly FailedTransaction[]
}

/**
 * Deploys a farm v3 minter for `pool`'s LP token, names its LP wallet (`init`) and creates
 * one reward pool per entry of `rewards`.
 *
 * @example
 * ```ts
 * const farm = await deployFarm(world, pool, { minStakeTime: 86_400n,
 *   rewards: [{ jetton: ston, nanorewardsPer24h: 10n ** 21n }] })
 * ```
 */
export async function deployFarm(
  world: DexWorld,
  pool: LocalPool,
  options: {
    rewards: readonly FarmRewardSpec[]
    minStakeTime?: bigint | undefined
    contractUniqueId?: bigint | undefined
  },
): Promise<LocalFarm> {
  const data = farmV3MinterData({
    admin: world.admin.address,
    itemCode: fixtureCode('farmV3Item'),
    content: beginCell().endCell(),
    minStakeTime: options.minStakeTime ?? 0n,
    contractUniqueId: options.contractUniqueId ?? BigInt(world.now()),
  })
  const minter = await world.deploy(fixtureCode('farmV3Minter'), data, FARM_DEPLOY_VALUE)
  const lpWallet = await world.walletAddress(pool.address, minter)
  await adminSend(world, minter, farmV3InitBody({ stakingTokenWallet: lpWallet }))
  for (const reward of options.rewards) {
    const rewardWallet = await world.walletAddress(reward.jetton.minter, minter)
    await adminSend(
      world,
      minter,
      farmV3CreatePoolBody({
        rewardTokenWallet: rewardWallet,
        nanorewardsPer24h: reward.nanorewardsPer24h,
        adminFee: reward.adminFee ?? 0n,
        unrestrictedDepositRewards: reward.unrestrictedDepositRewards ?? true,
      }),
    )
  }
  return { minter, pool, lpWallet, rewards: options.rewards.map((r) => r.jetton) }
}

/**
 * Deposits `amount` base units of pool `poolIndex`'s reward jetton from `from` (a jetton
 * transfer to the minter with the `deposit_rewards` payload).
 *
 * @example
 * ```ts
 * await depositFarmRewards(world, farm, { from: admin, poolIndex: 0, amount: 10n ** 13n })
 * ```
 */
export async function depositFarmRewards(
  world: DexWorld,
  farm: LocalFarm,
  request: { from: Treasury; poolIndex: number; amount: bigint },
): Promise<FarmReceipt> {
  const jetton = farm.rewards[request.poolIndex]
  if (jetton === undefined) {
    throw new LocalDexError({
      reason: 'invalid_request',
      message: `The farm has no reward pool ${request.poolIndex}.`,
    })
  }
  const wallet = await world.walletAddress(jetton.minter, request.from.address)
  const body = jettonTransferBody({
    amount: request.amount,
    destination: farm.minter,
    response: request.from.address,
    forwardTonAmount: DEPOSIT_FORWARD,
    forwardPayload: farmV3DepositRewardsPayload(request.poolIndex),
  })
  return receipt(
    await world.send(request.from, { to: wallet, value: DEPOSIT_FORWARD + toNano('0.1'), body }),
  )
}

/**
 * Stakes `amount` LP base units of the farm's pool from `from`, with the message and gas of
 * `@ston-fi/sdk`'s `FarmNftMinterV3.getStakeTxParams`; returns the new position's index and
 * address.
 *
 * @example
 * ```ts
 * const { item } = await stakeFarm(world, farm, { from: alice, amount: 10n ** 9n })
 * ```
 */
export async function stakeFarm(
  world: DexWorld,
  farm: LocalFarm,
  request: { from: Treasury; amount: bigint; owner?: Address | undefined },
): Promise<FarmReceipt & { index: bigint; item: Address }> {
  const before = await readFarmMinter(world, farm)
  const wallet = await world.walletAddress(farm.pool.address, request.from.address)
  const forwardTonAmount = toNano('0.21') + toNano('0.015') * BigInt(before.poolCount + 1)
  const body = jettonTransferBody({
    amount: request.amount,
    destination: farm.minter,
    response: request.from.address,
    forwardTonAmount,
    forwardPayload: farmV3StakePayload(request.owner ?? null),
  })
  const txs = await world.send(request.from, {
    to: wallet,
    value: forwardTonAmount + toNano('0.1'),
    body,
  })
  const index = before.nextItemIndex
  return { ...receipt(txs), index, item: await farmItemAddress(world, farm, index) }
}

/**
 * The position's owner claims (all pools, or one), with the SDK's message and gas.
 *
 * @example
 * ```ts
 * await claimFarmRewards(world, farm, item, { from: alice })
 * ```
 */
export async function claimFarmRewards(
  world: DexWorld,
  farm: LocalFarm,
  item: Address,
  request: { from: Treasury; poolIndex?: number | undefined },
): Promise<FarmReceipt> {
  const pools = farm.rewards.length
  const body = beginCell()
    .storeUint(FARM_V3_OP.claimRewards, 32)
    .storeUint(0, 64)
    .storeBit(request.poolIndex === undefined)
    .storeUint(request.poolIndex ?? 0, 8)
    .endCell()
  const value = toNano('0.35') + toNano('0.13') * BigInt(Math.max(pools - 1, 0))
  return receipt(await world.send(request.from, { to: item, value, body }))
}

/**
 * The position's owner unstakes it (the whole stake, claiming every pool on the way), with
 * the SDK's message and gas.
 *
 * @example
 * ```ts
 * await unstakeFarm(world, farm, item, { from: alice })
 * ```
 */
export async function unstakeFarm(
  world: DexWorld,
  farm: LocalFarm,
  item: Address,
  request: { from: Treasury },
): Promise<FarmReceipt> {
  const pools = farm.rewards.length
  const body = beginCell().storeUint(FARM_V3_OP.unstake, 32).storeUint(0, 64).endCell()
  const value = toNano('0.45') + toNano('0.13') * BigInt(Math.max(pools - 1, 0))
  return receipt(await world.send(request.from, { to: item, value, body }))
}

/**
 * Sends one of the farm's admin operations from the admin wallet.
 *
 * @example
 * ```ts
 * await farmAdmin(world, farm, { op: 'changeRate', poolIndex: 0, nanorewardsPer24h: 0n })
 * ```
 */
export async function farmAdmin(
  world: DexWorld,
  farm: LocalFarm,
  operation: Parameters<typeof farmV3AdminBody>[0],
): Promise<FarmReceipt> {
  return receipt(
    await world.send(world.admin, {
      to: farm.minter,
      value: ADMIN_OP_VALUE,
      body: farmV3AdminBody(operation),
    }),
  )
}

/**
 * The minter's `get_farming_minter_data`.
 *
 * @example
 * ```ts
 * (await readFarmMinter(world, farm)).currentStakedTokens
 * ```
 */
export async function readFarmMinter(world: DexWorld, farm: LocalFarm): Promise<FarmV3MinterData> {
  return world.call(farm.minter, FARM_V3_MINTER_DATA)
}

/**
 * A position's `get_farming_data`.
 *
 * @example
 * ```ts
 * (await readFarmItem(world, item)).stakedTokens
 * ```
 */
export async function readFarmItem(world: DexWorld, item: Address): Promise<FarmV3ItemData> {
  return world.call(item, FARM_V3_ITEM_DATA)
}

/**
 * The address of the farm's position `index` (`get_nft_address_by_index`), cached.
 *
 * @example
 * ```ts
 * await farmItemAddress(world, farm, 0n)
 * ```
 */
export function farmItemAddress(world: DexWorld, farm: LocalFarm, index: bigint): Promise<Address> {
  return world.cached(`farm-item/${farm.minter.toRawString()}/${index}`, async () =>
    world.call(farm.minter, NFT_ADDRESS_BY_INDEX, index),
  )
}

async function adminSend(world: DexWorld, to: Address, body: Cell): Promise<void> {
  const failures = failedTransactions(
    await world.send(world.admin, { to, value: ADMIN_OP_VALUE, body }),
  )
  if (failures.length > 0) {
    throw new LocalDexError({
      reason: 'unexpected_failure',
      message: `A farm admin message to ${to.toRawString()} failed with exit code ${failures[0]?.exitCode}.`,
    })
  }
}

function receipt(transactions: readonly BlockchainTransaction[]): FarmReceipt {
  return { transactions, failures: failedTransactions(transactions) }
}
