import type { Address } from '@ton/core'
import {
  ESCROW_WITHDRAW_VALUE,
  escrowVaultDataCall,
  escrowWithdrawMessage,
} from '../core/referral/escrowVaultMessages.js'
import { feeVaultCollectFeesMessage } from '../core/referral/feeVaultMinterMessages.js'
import { referralAmount } from '../core/referral/referralAmount.js'
import { parseEscrowVaultData } from '../core/referral/vaultResults.js'
import type { Treasury } from '../emulator/DexWorld.js'
import type { LocalEscrow, LocalFeeVaultMinter } from '../emulator/escrowFlows.js'
import type { LocalDex } from '../emulator/LocalDex.js'
import type { LocalAsset, LocalJetton, LocalPool } from '../emulator/model.js'
import { failedTransactions } from '../emulator/transactions.js'
import { addressText } from '../protocol/addressText.js'
import { ESCROW_OP } from '../protocol/venue/messages.js'
import type { ScenarioWorld } from './runScenario.js'

/**
 * The referral fee the demo's venues pay their referrer: 30 bps of what the route gave.
 *
 * @example
 * ```ts
 * referralAmount(2_000_000n, DEMO_VENUE_FEE_BPS) // 6000n: 0.006 USDT of a 2 USDT route
 * ```
 */
export const DEMO_VENUE_FEE_BPS = 30n

/**
 * The demo venues' own wallets (`LocalDex.wallet` names): venue A's and the escrow venue's.
 * Their routes are swaps of the history, not the scenario's users'.
 *
 * @example
 * ```ts
 * const venueA = await dex.wallet(DEMO_VENUE_WALLETS[0]) // 'venue-a'
 * ```
 */
export const DEMO_VENUE_WALLETS = ['venue-a', 'escrow-venue'] as const

/** Whole TON as nanotons. */
const ton = (whole: bigint) => whole * 10n ** 9n

/**
 * The demo market's referral venues, run through their contracts beside the trading
 * (`docs/demo-market.md`, "Referral venues"): venue A's fee-vault minter and the escrow minter,
 * each with a wallet of its own that routes swaps through the demo's DEX v2 USDT/TON pool and
 * pays `venue-referrer` a {@link DEMO_VENUE_FEE_BPS} fee of each route's output, as the venues
 * do (`docs/referral.md`). `onPart` is `runScenario`'s hook; each step runs once its share of
 * the history is reached.
 *
 * * **0 %**: venue A's fee-vault minter and the escrow minter are deployed.
 * * **20 %**: venue A routes 40 TON to USDT; the USDT fee accrues in the referrer's fee vault.
 * * **35 %**: venue A routes 30 USDT to TON; the TON fee goes to the referrer at once (no vault).
 * * **50 %**: venue A routes 60 TON to USDT (a second accrual); the escrow venue 25 TON to USDT,
 *   its fee credited to the referrer's escrow vault.
 * * **60 %**: the referrer collects its fee vault (`collectFees`) and withdraws half of its
 *   escrow vault (`vault_withdraw_tokens`), both with `ton-dex-lab/core`'s builders.
 * * **70 %**: the escrow venue routes 50 TON to USDT, venue A 20 TON to USDT: both vaults hold
 *   a balance at the end, for a dApp to collect or withdraw on the local exchange.
 *
 * Every step that trades has a share below the last part's, so the arbitrage wallet trades the
 * pool back to the reference path after it.
 *
 * @example
 * ```ts
 * const venues = demoVenues(dex)
 * await runScenario(dex, { swaps: 60, onPart: venues.onPart })
 * venues.feeVaultMinters() // ['EQ…'] — venue A's minter, for the indexer
 * ```
 */
export type DemoVenues = {
  /** `runScenario`'s `onPart`: runs the steps whose share of the history is reached. */
  onPart(world: ScenarioWorld, progress: number): Promise<void>
  /** The escrow minters deployed so far (canonical addresses). */
  escrowMinters(): string[]
  /** The fee-vault minters deployed so far (canonical addresses): venue A's. */
  feeVaultMinters(): string[]
}

/**
 * Creates the demo's referral venues on `dex` (see {@link DemoVenues}).
 *
 * @example
 * ```ts
 * const venues = demoVenues(dex)
 * ```
 */
export function demoVenues(dex: LocalDex): DemoVenues {
  let venueA: LocalFeeVaultMinter | undefined
  let escrow: LocalEscrow | undefined
  /** The referrer's USDT fee vault at venue A, as the minter's first credit named it. */
  let feeVault: Address | undefined
  const done = new Set<number>()
  /** The venues' own wallets and their referrer: no other part in the trading. */
  type Users = { venueA: Treasury; escrowVenue: Treasury; referrer: Treasury }
  let users: Users | undefined

  /** The DEX v2 constant-product USDT/TON pool and its two assets, once the set-up made them. */
  const usdtTon = (world: ScenarioWorld) => {
    const pool = world.pools.find(
      (p: LocalPool) =>
        p.router.dex === 'v2' &&
        p.router.kind === 'constant_product' &&
        [p.asset0, p.asset1].some((a) => a.kind === 'pton') &&
        [p.asset0, p.asset1].some((a) => a.kind === 'jetton' && a.symbol === 'USDT'),
    )
    if (pool === undefined) return undefined
    const usdt = [pool.asset0, pool.asset1].find((a): a is LocalJetton => a.kind === 'jetton')
    const pton = [pool.asset0, pool.asset1].find((a) => a.kind === 'pton') as LocalAsset
    return usdt === undefined ? undefined : { pool, usdt, pton }
  }

  /** `from` routes `amount` of `offer` to `ask` through the pool; the route's output. */
  const route = async (
    pool: LocalPool,
    from: Treasury,
    offer: LocalAsset,
    ask: LocalAsset,
    amount: bigint,
  ) => {
    const receipt = await dex.swap(pool.router, { from, offer, ask, amount })
    return receipt.status === 'ok' ? receipt.amountOut : 0n
  }

  /** Venue A routes to USDT: its fee accrues in the referrer's USDT fee vault. */
  const venueAToUsdt = async (world: ScenarioWorld, u: Users, amount: bigint) => {
    const market = usdtTon(world)
    if (venueA === undefined || market === undefined) return
    const out = await route(market.pool, u.venueA, market.pton, market.usdt, amount)
    const fee = referralAmount(out, DEMO_VENUE_FEE_BPS)
    if (fee === 0n) return
    const credit = await dex.creditFeeVault(venueA, {
      from: u.venueA,
      jetton: market.usdt,
      amount: fee,
      owner: u.referrer.address,
    })
    feeVault ??= credit.vault ?? undefined
  }

  /** The escrow venue routes to USDT: its fee is credited to the referrer's escrow vault. */
  const escrowToUsdt = async (world: ScenarioWorld, u: Users, amount: bigint) => {
    const market = usdtTon(world)
    if (escrow === undefined || market === undefined) return
    const out = await route(market.pool, u.escrowVenue, market.pton, market.usdt, amount)
    const fee = referralAmount(out, DEMO_VENUE_FEE_BPS)
    if (fee === 0n) return
    await dex.depositToEscrow(escrow, {
      from: u.escrowVenue,
      jetton: market.usdt,
      amount: fee,
      owner: u.referrer.address,
    })
  }

  /** A step's messages must all pass: the demo's history is the contracts' normal path. */
  const sendOk = async (from: Treasury, message: Parameters<Treasury['send']>[0]) => {
    const { transactions } = await from.send(message)
    const failures = failedTransactions(transactions)
    if (failures.length > 0) {
      throw new Error(`demo venues: a message of ${from.address} failed: ${failures[0]?.exitCode}`)
    }
  }

  const steps: [number, (world: ScenarioWorld, u: Users) => Promise<void>][] = [
    [
      0,
      async () => {
        venueA = await dex.deployFeeVaultMinter()
        escrow = await dex.deployEscrow()
      },
    ],
    [0.2, (world, u) => venueAToUsdt(world, u, ton(40n))],
    [
      0.35,
      async (world, u) => {
        const market = usdtTon(world)
        if (market === undefined) return
        // A route paying TON: the venue pays the referrer's TON fee at once, no vault involved.
        const out = await route(market.pool, u.venueA, market.usdt, market.pton, 30n * 10n ** 6n)
        const fee = referralAmount(out, DEMO_VENUE_FEE_BPS)
        if (fee > 0n) {
          await sendOk(u.venueA, { to: u.referrer.address, value: fee, bounce: false })
        }
      },
    ],
    [
      0.5,
      async (world, u) => {
        await venueAToUsdt(world, u, ton(60n))
        await escrowToUsdt(world, u, ton(25n))
      },
    ],
    [
      0.6,
      async (world, u) => {
        const market = usdtTon(world)
        if (market === undefined || venueA === undefined || escrow === undefined) return
        // The referrer collects its fee vault whole…
        if (feeVault !== undefined) {
          const collect = feeVaultCollectFeesMessage({ vault: feeVault })
          await sendOk(u.referrer, {
            to: collect.to,
            value: collect.value,
            bounce: collect.bounce,
            body: collect.body,
          })
        }
        // …and withdraws half of its escrow vault.
        const vault = await dex.escrowVaultAddress(escrow, market.usdt, u.referrer.address)
        const call = escrowVaultDataCall({ vault })
        const data = parseEscrowVaultData(
          (await dex.blockchain.runGetMethod(call.address, call.method, [...call.args])).stack,
        )
        const amount = data.balance / 2n // floor: the rest stays in the vault
        if (amount > 0n) {
          const withdraw = escrowWithdrawMessage({
            vault,
            vaultData: data,
            sender: u.referrer.address,
            opCode: ESCROW_OP.vaultWithdrawTokens,
            queryId: 1n,
            amount,
            excesses: u.referrer.address,
            withdrawForwardParams: null,
            value: ESCROW_WITHDRAW_VALUE,
          })
          await sendOk(u.referrer, { to: withdraw.to, value: withdraw.value, body: withdraw.body })
        }
      },
    ],
    [
      0.7,
      async (world, u) => {
        await escrowToUsdt(world, u, ton(50n))
        await venueAToUsdt(world, u, ton(20n))
      },
    ],
  ]

  return {
    async onPart(world, progress) {
      users ??= {
        venueA: await dex.wallet(DEMO_VENUE_WALLETS[0]),
        escrowVenue: await dex.wallet(DEMO_VENUE_WALLETS[1]),
        referrer: await dex.wallet('venue-referrer'),
      }
      for (const [index, [share, step]] of steps.entries()) {
        if (share > progress || done.has(index)) continue
        done.add(index)
        await step(world, users)
      }
    },
    escrowMinters: () => (escrow === undefined ? [] : [addressText(escrow.minter)]),
    feeVaultMinters: () => (venueA === undefined ? [] : [addressText(venueA.minter)]),
  }
}
