import { Address, beginCell, Dictionary } from '@ton/core'
import { describe, expect, it } from 'vitest'
import {
  FARM_V3_OP,
  farmV3AdminBody,
  farmV3CreatePoolBody,
  farmV3DepositRewardsPayload,
  farmV3InitBody,
  farmV3StakePayload,
} from '../farm/messages.js'
import { farmV3MinterData, readFarmV3MinterStorage } from '../farm/storage.js'
import { STAKE_OP, stakeItemBody, stakeMinterInitBody, stakePayload } from '../stake/messages.js'
import { readStakeMinterStorage, stakeMinterData } from '../stake/storage.js'
import {
  decodeFarmItemBody,
  decodeFarmMinterBody,
  decodeFarmPayload,
  decodeStakeItemBody,
  decodeStakeMinterBody,
  decodeStakePayload,
} from './farmDecoders.js'

/** Addresses as text (an Address's cached fields differ by how it was made), maps kept. */
function plain(value: unknown): unknown {
  if (value instanceof Address) return value.toString()
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, plain(v)]))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
  }
  return value
}

const alice = Address.parse('EQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG')
const wallet = new Address(0, Buffer.alloc(32, 7))

expect.extend({
  toEqualPlain(received: unknown, expected: unknown) {
    const pass = this.equals(plain(received), plain(expected))
    return {
      pass,
      message: () =>
        `expected ${this.utils.printDiffOrStringify(plain(expected), plain(received))}`,
    }
  },
})

declare module 'vitest' {
  interface Assertion {
    toEqualPlain(expected: unknown): void
  }
}

describe('farm and staking decoders', () => {
  it('decodes the farm minter bodies our builders make', () => {
    expect(
      decodeFarmMinterBody(farmV3InitBody({ stakingTokenWallet: wallet, queryId: 5n })),
    ).toEqualPlain({
      type: 'farm.minter_init',
      queryId: 5n,
      stakingTokenWallet: wallet,
    })
    expect(
      decodeFarmMinterBody(
        farmV3CreatePoolBody({
          rewardTokenWallet: wallet,
          nanorewardsPer24h: (1n << 150n) - 1n,
          adminFee: 10_000n,
          unrestrictedDepositRewards: true,
        }),
      ),
    ).toEqualPlain({
      type: 'farm.create_pool',
      queryId: 0n,
      rewardTokenWallet: wallet,
      nanorewardsPer24h: (1n << 150n) - 1n,
      adminFee: 10_000n,
      unrestrictedDepositRewards: true,
    })
    expect(
      decodeFarmMinterBody(farmV3AdminBody({ op: 'withdrawRewards', poolIndex: 3, amount: 17n })),
    ).toEqualPlain({ type: 'farm.withdraw_rewards', queryId: 0n, poolIndex: 3, amount: 17n })
    expect(decodeFarmMinterBody(farmV3AdminBody({ op: 'changeStatus', status: 4 }))).toEqualPlain({
      type: 'farm.change_status',
      queryId: 0n,
      status: 4,
    })
  })

  it('decodes an item → minter update_claim and the minter → item final', () => {
    const perUnit = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.BigUint(150))
    perUnit.set(0, 34_014_696_971n)
    perUnit.set(2, 2_625_360_492n)
    const claim = beginCell()
      .storeUint(FARM_V3_OP.updateClaim, 32)
      .storeUint(9, 64)
      .storeUint(12, 64)
      .storeAddress(alice)
      .storeCoins(57_093n)
      .storeBit(false)
      .storeUint(2, 8)
      .storeDict(perUnit)
      .endCell()
    expect(decodeFarmMinterBody(claim)).toEqualPlain({
      type: 'farm.update_claim',
      queryId: 9n,
      index: 12n,
      owner: alice,
      staked: 57_093n,
      claimAll: false,
      poolIndex: 2,
      claimedPerUnit: new Map([
        [0, 34_014_696_971n],
        [2, 2_625_360_492n],
      ]),
    })
    const final = beginCell()
      .storeUint(FARM_V3_OP.updateClaimFinal, 32)
      .storeUint(9, 64)
      .storeUint(2, 8)
      .storeDict(perUnit)
      .endCell()
    expect(decodeFarmItemBody(final)).toMatchObject({ type: 'farm.update_claim_final', status: 2 })
    // The same op means another layout at another contract: a role decoder only reads its own.
    expect(decodeFarmItemBody(claim)).toBeUndefined()
  })

  it('decodes the stake and deposit payloads, and nothing else', () => {
    expect(decodeFarmPayload(farmV3StakePayload(null))).toEqualPlain({
      type: 'farm.stake',
      owner: null,
    })
    expect(decodeFarmPayload(farmV3StakePayload(alice))).toEqualPlain({
      type: 'farm.stake',
      owner: alice,
    })
    expect(decodeFarmPayload(farmV3DepositRewardsPayload(1))).toEqualPlain({
      type: 'farm.deposit_rewards',
      poolIndex: 1,
    })
    expect(decodeFarmPayload(beginCell().storeUint(FARM_V3_OP.stake, 31).endCell())).toBeUndefined()
    expect(
      decodeStakePayload(stakePayload({ duration: 7_889_400n, tokenRecipient: alice })),
    ).toEqualPlain({
      duration: 7_889_400n,
      nftRecipient: null,
      tokenRecipient: alice,
    })
    expect(decodeStakePayload(farmV3StakePayload(null))).toBeUndefined()
  })

  it('decodes the staking bodies', () => {
    expect(
      decodeStakeMinterBody(
        stakeMinterInitBody({ stakingTokenWallet: wallet, secondaryTokenMinter: alice }),
      ),
    ).toEqualPlain({
      type: 'stake.minter_init',
      queryId: 0n,
      stakingTokenWallet: wallet,
      secondaryTokenMinter: alice,
    })
    expect(
      decodeStakeItemBody(stakeItemBody({ op: 'restake', duration: 15_778_800n })),
    ).toEqualPlain({
      type: 'stake.restake',
      queryId: 0n,
      duration: 15_778_800n,
    })
    const unstake = beginCell()
      .storeUint(STAKE_OP.internalUnstake, 32)
      .storeUint(0, 64)
      .storeUint(3, 64)
      .storeAddress(alice)
      .storeCoins(10n ** 8n)
      .storeUint(141_422_792n, 200)
      .endCell()
    expect(decodeStakeMinterBody(unstake)).toEqualPlain({
      type: 'stake.internal_unstake',
      queryId: 0n,
      index: 3n,
      owner: alice,
      staked: 10n ** 8n,
      votePower: 141_422_792n,
    })
  })

  it('reads the minters’ initial storage', () => {
    const code = beginCell().endCell()
    const farm = readFarmV3MinterStorage(
      farmV3MinterData({
        admin: alice,
        itemCode: code,
        content: code,
        minStakeTime: 864_000n,
        contractUniqueId: 7n,
      }),
    )
    expect(farm).toEqualPlain({
      status: 0,
      nextItemIndex: 0n,
      currentStaked: 0n,
      minStakeTime: 864_000n,
      stakingTokenWallet: null,
      contractUniqueId: 7n,
      admin: alice,
      pools: new Map(),
    })
    const staking = readStakeMinterStorage(
      stakeMinterData({ admin: alice, itemCode: code, content: code, id: 2n }),
    )
    expect(staking).toMatchObject({
      isLocked: false,
      originTime: 0n,
      stakingTokenWallet: null,
      id: 2n,
    })
  })
})
