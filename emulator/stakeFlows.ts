import { type Address, beginCell, toNano } from '@ton/core'
import { fixtureCode } from '../contracts-fixtures/fixtureCode.js'
import { jettonTransferBody } from '../protocol/jetton/messages.js'
import { jettonMinterData } from '../protocol/jetton/storage.js'
import { NFT_ADDRESS_BY_INDEX, NFT_NEXT_ITEM_INDEX } from '../protocol/nft/getMethods.js'
import {
  STAKE_ITEM_DATA,
  STAKE_MINTER_DATA,
  type StakeItemData,
  type StakeMinterData,
} from '../protocol/stake/getMethods.js'
import { stakeItemBody, stakeMinterInitBody, stakePayload } from '../protocol/stake/messages.js'
import { stakeMinterData } from '../protocol/stake/storage.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import type { FarmReceipt } from './farmFlows.js'
import { LocalDexError } from './LocalDexError.js'
import type { LocalJetton } from './model.js'
import { failedTransactions } from './transactions.js'

/**
 * STON staking on the local chain: the staking minter (the collection of stake NFTs), the
 * staked jetton (STON) and GEMSTON, a jetton minter the staking minter administers.
 *
 * @example
 * ```ts
 * const staking: LocalStaking = await dex.deployStaking({ ston })
 * staking.gemston.symbol // 'GEMSTON'
 * ```
 */
export type LocalStaking = {
  readonly minter: Address
  readonly ston: LocalJetton
  readonly gemston: LocalJetton
  /** The minter's STON wallet. */
  readonly stonWallet: Address
}

/**
 * Deploys the staking minter for `ston`, the GEMSTON minter it administers, and names both
 * in the staking minter (`init`; the block time becomes its `origin_time`).
 *
 * @example
 * ```ts
 * const staking = await deployStaking(world, { ston })
 * ```
 */
export async function deployStaking(
  world: DexWorld,
  options: { ston: LocalJetton; id?: bigint | undefined },
): Promise<LocalStaking> {
  const minter = await world.deploy(
    fixtureCode('stakeMinter'),
    stakeMinterData({
      admin: world.admin.address,
      itemCode: fixtureCode('stakeItem'),
      content: beginCell().endCell(),
      id: options.id ?? BigInt(world.now()),
    }),
    toNano('1'),
  )
  const gemstonMinter = await world.deploy(
    fixtureCode('jettonMinter'),
    jettonMinterData({
      admin: minter,
      content: beginCell()
        .storeUint(1, 8)
        .storeStringTail('https://local.ton-dex-lab/GEMSTON.json')
        .endCell(),
      walletCode: fixtureCode('jettonWallet'),
    }),
    toNano('0.1'),
  )
  const stonWallet = await world.walletAddress(options.ston.minter, minter)
  const txs = await world.send(world.admin, {
    to: minter,
    value: toNano('0.1'),
    body: stakeMinterInitBody({
      stakingTokenWallet: stonWallet,
      secondaryTokenMinter: gemstonMinter,
    }),
  })
  const failures = failedTransactions(txs)
  if (failures.length > 0) {
    throw new LocalDexError({
      reason: 'unexpected_failure',
      message: `Starting the staking minter failed with exit code ${failures[0]?.exitCode}.`,
    })
  }
  return {
    minter,
    ston: options.ston,
    gemston: { kind: 'jetton', symbol: 'GEMSTON', minter: gemstonMinter },
    stonWallet,
  }
}

/**
 * Stakes `amount` STON from `from` for `duration` seconds (3 to 24 months), with stake-sdk's
 * message and gas (0.4 TON, 0.3 forwarded); returns the new position.
 *
 * @example
 * ```ts
 * const { item } = await stakeSton(world, staking, { from: alice, amount: 10n ** 9n,
 *   duration: 7_889_400n })
 * ```
 */
export async function stakeSton(
  world: DexWorld,
  staking: LocalStaking,
  request: {
    from: Treasury
    amount: bigint
    duration: bigint
    nftRecipient?: Address | undefined
    tokenRecipient?: Address | undefined
  },
): Promise<FarmReceipt & { index: bigint; item: Address }> {
  const index = await world.call(staking.minter, NFT_NEXT_ITEM_INDEX)
  const wallet = await world.walletAddress(staking.ston.minter, request.from.address)
  const body = jettonTransferBody({
    amount: request.amount,
    destination: staking.minter,
    response: request.from.address,
    forwardTonAmount: toNano('0.3'),
    forwardPayload: stakePayload({
      duration: request.duration,
      nftRecipient: request.nftRecipient ?? null,
      tokenRecipient: request.tokenRecipient ?? null,
    }),
  })
  const transactions = await world.send(request.from, { to: wallet, value: toNano('0.4'), body })
  return {
    transactions,
    failures: failedTransactions(transactions),
    index,
    item: await stakeItemAddress(world, staking, index),
  }
}

/**
 * Sends a position's user message from `from` with stake-sdk's gas: `unstake` (0.3 TON),
 * `restake` (0.4), `claimRewards` (0.3, refused: stake rewards are off) or TEP-85 `destroy`
 * (0.05).
 *
 * @example
 * ```ts
 * await stakeItemSend(world, item, { from: alice, op: 'unstake' })
 * ```
 */
export async function stakeItemSend(
  world: DexWorld,
  item: Address,
  request: { from: Treasury } & (
    | { op: 'unstake' }
    | { op: 'claimRewards' }
    | { op: 'destroy' }
    | { op: 'restake'; duration: bigint }
  ),
): Promise<FarmReceipt> {
  const value =
    request.op === 'restake'
      ? toNano('0.4')
      : request.op === 'destroy'
        ? toNano('0.05')
        : toNano('0.3')
  const body =
    request.op === 'destroy'
      ? beginCell().storeUint(0x1f04537a, 32).storeUint(0, 64).endCell()
      : stakeItemBody(
          request.op === 'restake'
            ? { op: 'restake', duration: request.duration }
            : { op: request.op },
        )
  const transactions = await world.send(request.from, { to: item, value, body })
  return { transactions, failures: failedTransactions(transactions) }
}

/**
 * The staking minter's `get_staking_minter_data`.
 *
 * @example
 * ```ts
 * (await readStakeMinter(world, staking)).totalVotePower
 * ```
 */
export async function readStakeMinter(
  world: DexWorld,
  staking: LocalStaking,
): Promise<StakeMinterData> {
  return world.call(staking.minter, STAKE_MINTER_DATA)
}

/**
 * A stake position's `get_staking_data`.
 *
 * @example
 * ```ts
 * (await readStakeItem(world, item)).secondaryTokensMinted
 * ```
 */
export async function readStakeItem(world: DexWorld, item: Address): Promise<StakeItemData> {
  return world.call(item, STAKE_ITEM_DATA)
}

/**
 * The address of the staking minter's position `index`, cached.
 *
 * @example
 * ```ts
 * await stakeItemAddress(world, staking, 0n)
 * ```
 */
export function stakeItemAddress(
  world: DexWorld,
  staking: LocalStaking,
  index: bigint,
): Promise<Address> {
  return world.cached(`stake-item/${staking.minter.toRawString()}/${index}`, async () =>
    world.call(staking.minter, NFT_ADDRESS_BY_INDEX, index),
  )
}
