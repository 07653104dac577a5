/**
 * STON staking on the emulator with stake-sdk's messages (ston-fi/sdk `packages/stake-sdk`):
 * stake for 3 months (GEMSTON minted by the published formula, our voting power), unstake
 * refused before the unlock, allowed after it (the STON comes back, GEMSTON stays), restake
 * extends the lock, claim_rewards is refused (rewards are off), destroy.
 */
import fc from 'fast-check'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  gemstonMinted,
  STAKE_MIN_DURATION,
  STAKE_MONTH_SECONDS,
  stakeVotePower,
} from '../../core/index.js'
import type { LocalJetton, LocalStaking } from '../../emulator/index.js'
import { fuzzEmulated, reachedCases } from '../_support/fuzz.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

const STON = 10n ** 9n

describe('STON staking on the emulator', () => {
  let w: RouterWorld
  let ston: LocalJetton
  let staking: LocalStaking
  let base: ReturnType<RouterWorld['dex']['snapshot']>
  let start: number

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    ston = await w.dex.deployJetton('STON')
    await w.dex.mint(ston, w.alice.address, 1_000n * STON)
    staking = await w.dex.deployStaking({ ston })
    base = w.dex.snapshot()
    start = w.dex.blockchain.now ?? 0
  })

  beforeEach(async () => {
    await w.dex.restore(base)
    w.dex.blockchain.now = start
  })

  it('stakes for 3 months, mints GEMSTON by the formula, unstakes after the unlock', async () => {
    const { dex, alice } = w
    const amount = 100n * STON
    const minter0 = await dex.stakeMinterData(staking)
    expect(minter0.originTime).toBe(BigInt(start))
    expect(minter0.stakingTokenWallet?.equals(staking.stonWallet)).toBe(true)
    expect(minter0.secondaryTokenMinter?.equals(staking.gemston.minter)).toBe(true)

    dex.blockchain.now = start + 1_000
    const r = await dex.stakeSton(staking, { from: alice, amount, duration: STAKE_MIN_DURATION })
    expect(r.failures).toEqual([])
    const unlock = BigInt(start + 1_000) + STAKE_MIN_DURATION
    const item = await dex.stakeItemData(r.item)
    expect(item).toMatchObject({
      status: 1,
      stakedTokens: amount,
      lockDate: BigInt(start + 1_000),
      minUnstakeDate: unlock,
      secondaryTokensMinted: gemstonMinted(amount, STAKE_MIN_DURATION),
      votePower: stakeVotePower(amount, unlock, BigInt(start)),
      revokeTime: 0n,
    })
    expect(item.owner?.equals(alice.address)).toBe(true)
    expect(item.secondaryTokensMinted).toBe(12_500_000_000n) // 100 STON × 3/24
    expect(await dex.jettonBalance(staking.gemston, alice.address)).toBe(12_500_000_000n)
    const minter = await dex.stakeMinterData(staking)
    expect(minter.currentStakedTokens).toBe(amount)
    expect(minter.totalVotePower).toBe(item.votePower)
    expect(minter.isRewardDepositLocked).toBe(true)
    expect(await dex.jettonBalance(ston, alice.address)).toBe(900n * STON)

    // Stake rewards are off: claim_rewards is refused.
    const claim = await dex.stakeItemSend(r.item, { from: alice, op: 'claimRewards' })
    expect(claim.failures.map((f) => f.exitCode)).toEqual([0xfb09])

    // Before the unlock: refused.
    dex.blockchain.now = Number(unlock) - 1
    const early = await dex.stakeItemSend(r.item, { from: alice, op: 'unstake' })
    expect(early.failures.map((f) => f.exitCode)).toEqual([0xfb03])

    // After it: the STON comes back, GEMSTON stays, the vote power leaves the total.
    dex.blockchain.now = Number(unlock) + 60
    const out = await dex.stakeItemSend(r.item, { from: alice, op: 'unstake' })
    expect(out.failures).toEqual([])
    expect(await dex.jettonBalance(ston, alice.address)).toBe(1_000n * STON)
    expect(await dex.jettonBalance(staking.gemston, alice.address)).toBe(12_500_000_000n)
    const done = await dex.stakeItemData(r.item)
    expect(done.status).toBe(2)
    expect(done.revokeTime).toBe(unlock + 60n)
    const after = await dex.stakeMinterData(staking)
    expect(after.currentStakedTokens).toBe(0n)
    expect(after.totalVotePower).toBe(0n)

    expect((await dex.stakeItemSend(r.item, { from: alice, op: 'destroy' })).failures).toEqual([])
    const account = await dex.blockchain.getContract(r.item)
    expect(account.accountState?.type).not.toBe('active')
  })

  it('GEMSTON and vote power of random stakes equal core (differential)', async () => {
    const parameters = fuzzEmulated({ numRuns: 15 })
    const cases = reachedCases(parameters, 1)
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 1_000n * STON }),
        fc.bigInt({ min: STAKE_MIN_DURATION, max: 24n * STAKE_MONTH_SECONDS }),
        fc.integer({ min: 0, max: 3 * 365 * 86_400 }),
        async (amount, duration, later) => {
          const { dex, alice } = w
          await dex.restore(base)
          dex.blockchain.now = start + later
          const r = await dex.stakeSton(staking, { from: alice, amount, duration })
          expect(r.failures).toEqual([])
          const item = await dex.stakeItemData(r.item)
          const unlock = BigInt(start + later) + duration
          expect(item.secondaryTokensMinted).toBe(gemstonMinted(amount, duration))
          expect(item.votePower).toBe(stakeVotePower(amount, unlock, BigInt(start)))
          cases.reached()
        },
      ),
      parameters,
    )
    cases.check()
  })

  it('sends back a stake outside 3..24 months', async () => {
    const { dex, alice } = w
    const r = await dex.stakeSton(staking, {
      from: alice,
      amount: STON,
      duration: STAKE_MIN_DURATION - 1n,
    })
    expect(r.failures).toEqual([])
    expect(await dex.jettonBalance(ston, alice.address)).toBe(1_000n * STON)
    expect((await dex.stakeMinterData(staking)).currentStakedTokens).toBe(0n)
  })

  it('restake extends the lock and mints only what the longer lock adds', async () => {
    const { dex, alice, bob } = w
    const amount = 24n * STON
    const r = await dex.stakeSton(staking, {
      from: alice,
      amount,
      duration: STAKE_MIN_DURATION,
      tokenRecipient: bob.address,
    })
    expect(await dex.jettonBalance(staking.gemston, bob.address)).toBe(3n * STON)
    dex.blockchain.now = start + 30 * 86_400
    const twelve = 12n * STAKE_MONTH_SECONDS
    const re = await dex.stakeItemSend(r.item, { from: alice, op: 'restake', duration: twelve })
    expect(re.failures).toEqual([])
    const item = await dex.stakeItemData(r.item)
    const unlock = BigInt(start + 30 * 86_400) + twelve
    expect(item.minUnstakeDate).toBe(unlock)
    expect(item.secondaryTokensMinted).toBe(gemstonMinted(amount, unlock - BigInt(start)))
    expect(item.votePower).toBe(stakeVotePower(amount, unlock, BigInt(start)))
    expect((await dex.stakeMinterData(staking)).totalVotePower).toBe(item.votePower)
    // The extra GEMSTON goes to the owner.
    expect(await dex.jettonBalance(staking.gemston, alice.address)).toBe(
      item.secondaryTokensMinted - 3n * STON,
    )
    // A restake may not shorten the lock.
    const shorter = await dex.stakeItemSend(r.item, {
      from: alice,
      op: 'restake',
      duration: STAKE_MIN_DURATION,
    })
    expect(shorter.failures.map((f) => f.exitCode)).toEqual([0xfb04])
  })
})
