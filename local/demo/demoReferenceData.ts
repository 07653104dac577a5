import { Decimal } from 'decimal.js'
import { isoSeconds, unixSeconds } from '../../protocol/timeText.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import type { FarmRow, PoolRow } from '../../store/rows/referenceRows.js'
import { demoMarket } from './demoMarket.js'
import { demoWalletAddress } from './demoWallets.js'

/** The emulated part a demo market is built around (see `buildEmulatedMarket`). */
export type EmulatedPart = Omit<MarketData, 'farms' | 'farmNfts' | 'stakes'>

/**
 * Hand-written farm reward tokens and the emulated jettons (same 9 decimals, so raw amounts
 * carry over) that pay them in the emulated market.
 */
const REWARD_TOKENS: Readonly<Record<string, string>> = { AQUA: 'STON', DUNE: 'XTON' }

/**
 * Completes an emulated market with the hand-written reference data the emulator has no
 * equivalent for (`docs/demo-market.md`): farms and their NFTs, staking positions, and the
 * native coin's asset row. Everything about the exchange itself — routers of every kind, pools
 * (stableswap and weighted ones included), jettons, balances, LP positions, vaults — is the
 * emulated market's; none of the hand-written routers, pools or jettons are kept. Farms are
 * re-pointed to the emulated pools (in order), their reward tokens to emulated jettons (AQUA →
 * STON, DUNE → XTON, else STON), and farm NFTs and stakes of the hand-written wallets alice,
 * bob and carol are given to the first three emulated wallets. `tonPriceUsd` replaces the
 * hand-written TON price (DEX and third-party: one price).
 * Each farm is derived from the emulated pool it is re-pointed to: its name from the pool's
 * assets, its locked LP the hand-written share of the pool's LP supply (so at most the supply),
 * valued at the pool's LP price; it starts at `listedAt` (ISO seconds, after the pool was
 * created) and each reward stream ends when its remaining rewards run out at its daily rate (a
 * finished farm ends when it starts). Farm NFTs are staked when their farm starts, at most the
 * LP the farm holds.
 *
 * @example
 * ```ts
 * const market = withDemoReference(emulated.market, ['EQ…alice', 'EQ…bob', 'EQ…carol'], '3.2')
 * market.routers.length // 5 (DEX v1, DEX v2 constant product, stableswap, both weighted kinds)
 * ```
 */
export function withDemoReference(
  emulated: EmulatedPart,
  wallets: readonly string[],
  tonPriceUsd: string | undefined,
  listedAt: string = isoSeconds(Math.floor(Date.now() / 1000)),
): MarketData {
  const reference = demoMarket()
  const symbols = new Map(
    [...reference.assets, ...emulated.assets].map((a) => [a.address, a.symbol]),
  )
  const symbolOf = (address: string) => symbols.get(address) ?? address.slice(0, 6)
  const emulatedBySymbol = new Map(emulated.assets.map((a) => [a.symbol, a.address]))
  const rewardToken = (address: string) => {
    const symbol = REWARD_TOKENS[symbolOf(address)] ?? 'STON'
    const token = emulatedBySymbol.get(symbol) ?? emulatedBySymbol.get('STON')
    if (token === undefined) throw new Error('the emulated market has no STON to pay farm rewards')
    return token
  }
  // The native coin is no invention: its row is the only hand-written asset kept.
  const native = reference.assets
    .filter((a) => a.kind === 'Ton')
    .map((a) =>
      tonPriceUsd === undefined
        ? a
        : { ...a, dexPriceUsd: tonPriceUsd, thirdPartyPriceUsd: tonPriceUsd },
    )
  const targets = emulated.pools
  if (targets.length === 0) throw new Error('the emulated market has no pools')
  const farms = reference.farms.map((farm, i) => {
    const target = targets[i % targets.length] as PoolRow
    const source = reference.pools.find((p) => p.address === farm.poolAddress)
    return derivedFarm(farm, source, target, symbolOf, rewardToken, listedAt)
  })
  const farmOf = new Map(farms.map((f) => [f.minterAddress, f]))
  const owners = new Map<string, string>()
  for (const [i, name] of (['alice', 'bob', 'carol'] as const).entries()) {
    const to = wallets[i]
    if (to !== undefined) owners.set(demoWalletAddress(name), to)
  }
  const owner = (address: string) => owners.get(address) ?? address
  return {
    routers: emulated.routers,
    assets: [...native, ...emulated.assets],
    pools: emulated.pools,
    farms,
    jettonWallets: emulated.jettonWallets,
    balances: emulated.balances,
    lpPositions: emulated.lpPositions,
    farmNfts: reference.farmNfts.map((n) => {
      const farm = farmOf.get(n.farmAddress)
      const created = farm?.createTimestamp ?? listedAt
      return {
        ...n,
        ownerAddress: owner(n.ownerAddress),
        // Staked in the farm after it started, at most what the farm holds.
        createTimestamp: created,
        minUnstakeTimestamp: isoAfter(created, Number(farm?.minStakeDurationS ?? 86_400n)),
        unstakeTimestamp: n.unstakeTimestamp === null ? null : created,
        stakedTokens: min(n.stakedTokens, farm?.lockedTotalLp ?? 0n),
      }
    }),
    stakes: reference.stakes.map((s) => ({ ...s, walletAddress: owner(s.walletAddress) })),
    feeVaults: emulated.feeVaults,
  }
}

/** `farm` re-pointed to the emulated pool `target`, its figures and dates derived from it. */
function derivedFarm(
  farm: FarmRow,
  source: PoolRow | undefined,
  target: PoolRow,
  symbolOf: (address: string) => string,
  rewardToken: (address: string) => string,
  listedAt: string,
): FarmRow {
  const name = `${symbolOf(target.token0Address)}/${symbolOf(target.token1Address)} ${farm.version}`
  const sourceSupply = source?.lpTotalSupply ?? 0n
  // floor: non-negative operands; the hand-written share of the supply, at most all of it.
  const locked =
    sourceSupply === 0n
      ? 0n
      : min(target.lpTotalSupply, (target.lpTotalSupply * farm.lockedTotalLp) / sourceSupply)
  const lockedUsd =
    target.lpPriceUsd === null
      ? null
      : new Decimal(target.lpPriceUsd)
          .mul(locked.toString())
          .div(10 ** 9)
          .toDecimalPlaces(2, Decimal.ROUND_DOWN)
          .toFixed()
  return {
    ...farm,
    poolAddress: target.address,
    lockedTotalLp: locked,
    lockedTotalLpUsd: lockedUsd,
    createTimestamp: listedAt,
    rewards: farm.rewards.map((reward) => {
      const perDay = BigInt(reward.rewardRate24h)
      // ceil: a stream runs until its last unit is paid out.
      const days = perDay === 0n ? 0n : (reward.remainingRewards + perDay - 1n) / perDay
      return {
        ...reward,
        address: reward.address === null ? null : rewardToken(reward.address),
        estimatedEndTimestamp: isoAfter(listedAt, Number(days) * 86_400),
      }
    }),
    meta:
      farm.meta === null
        ? null
        : {
            ...farm.meta,
            name: `${name} farm`,
            description: `Made-up demo farm on the emulated ${name.slice(0, name.lastIndexOf(' '))} pool.`,
          },
  }
}

/** `iso` (UTC, seconds, no zone) plus `seconds`, in the same form. */
function isoAfter(iso: string, seconds: number): string {
  return isoSeconds(unixSeconds(iso) + seconds)
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
