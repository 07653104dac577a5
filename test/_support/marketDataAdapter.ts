import { isoSeconds, unixSeconds } from '../../protocol/timeText.js'
/**
 * Reads one day of the API the way production market-data adapters read the live one
 * (DefiLlama's `fees/ston` and yield adapters, trading dashboards; `docs/wire.md` §2.8,
 * §4.6, C23, C26): swaps are the operations of `/v1/stats/operations` with `success`,
 * `operation_type == "swap"` and `exit_code` `swap_ok` / `swap_ok_ref`; the LP, protocol and
 * referral fees are priced at the USD price of `fee_asset_address` derived from `/v1/pools`
 * (half a pool's `lp_total_supply_usd` over its reserve of the asset, deepest pool first);
 * input and output are split by the sign of `asset0_amount` / `asset1_amount`; yields come
 * from `/v1/pools` (`lp_total_supply_usd`, `apy_1d`) and `/v1/farms` (`apy`,
 * `reward_token_address`, `status == "operational"`). Like those adapters it computes in JS
 * numbers: it is a consumer, not part of the library.
 *
 * Run against a running service (`npm start`, the full demo):
 * `node --import tsx test/_support/marketDataAdapter.ts http://127.0.0.1:8080 2023-11-14`
 * @module
 */

/** GETs a path of the API and returns its JSON body (throws on a non-200 answer). */
export type Get = (path: string) => Promise<unknown>

type WireOperation = {
  pool_address: string
  operation_type: string
  success: boolean
  exit_code: string
  asset0_address: string
  asset0_amount: string
  asset0_delta: string
  asset1_address: string
  asset1_amount: string
  asset1_delta: string
  fee_asset_address: string | null
  lp_fee_amount: string
  protocol_fee_amount: string
  referral_fee_amount: string
  referral_address: string | null
  wallet_tx_hash: string
}
type WirePool = {
  address: string
  router_address: string
  token0_address: string
  token1_address: string
  reserve0: string
  reserve1: string
  lp_total_supply_usd: string | null
  lp_fee: string
  protocol_fee: string
  ref_fee: string
  apy_1d: string | null
}
type WireFarm = {
  minter_address: string
  pool_address: string
  status: string
  apy: string | null
  reward_token_address?: string | null
  rewards: { address: string | null }[]
}

/** One swap as an adapter reads it. */
export type AdapterSwap = {
  readonly operation: WireOperation
  /** The asset whose amount is positive (into the pool) and the one whose amount is negative. */
  readonly input: { asset: string; amount: bigint } | undefined
  readonly output: { asset: string; amount: bigint } | undefined
  /** Fees (lp + protocol + referral) in USD at the fee asset's price. */
  readonly feesUsd: number
  /** The input's USD value. */
  readonly volumeUsd: number
  /** The pool's fee rate for this swap: (lp + protocol [+ referral]) / 10 000. */
  readonly feeRate: number
}

/** What an adapter makes of one day. */
export type AdapterDay = {
  readonly day: string
  readonly swaps: readonly AdapterSwap[]
  /** Σ fees in USD. */
  readonly feesUsd: number
  /** `/v1/stats/dex` `volume_usd` of the day. */
  readonly volumeUsd: number
  /** feesUsd ÷ volumeUsd. */
  readonly ratio: number
  /** Σ (swap volume × its pool's fee rate) ÷ Σ swap volume. */
  readonly weightedFeeRate: number
  readonly pools: readonly WirePool[]
  readonly farms: readonly WireFarm[]
  /** USD per whole token, by asset address, as derived from `/v1/pools`. */
  readonly prices: ReadonlyMap<string, number>
  readonly decimals: ReadonlyMap<string, number>
}

/**
 * Reads the day starting at `day` (`YYYY-MM-DD`, UTC). `referralBps` gives the referral fee a
 * swap paid in basis points (v2 swaps choose theirs; a DEX v1 pool's is its `ref_fee`).
 *
 * @example
 * ```ts
 * const day = await readAdapterDay(get, '2023-11-14', async () => 10)
 * day.ratio // 0.0031 — fees ÷ volume
 * ```
 */
export async function readAdapterDay(
  get: Get,
  day: string,
  referralBps: (operation: WireOperation, pool: WirePool) => Promise<number>,
): Promise<AdapterDay> {
  const since = `${day}T00:00:00`
  const until = isoSeconds(unixSeconds(since) + 86_400)
  const { pool_list: pools } = (await get('/v1/pools')) as { pool_list: WirePool[] }
  const { farm_list: farms } = (await get('/v1/farms')) as { farm_list: WireFarm[] }
  const { asset_list: assets } = (await get('/v1/assets')) as {
    asset_list: { contract_address: string; decimals: number }[]
  }
  const decimals = new Map(assets.map((a) => [a.contract_address, a.decimals]))
  // Price of each asset: half the TVL of its deepest pool over the pool's holding of it.
  const prices = new Map<string, number>()
  const depth = new Map<string, number>()
  for (const p of pools) {
    const tvl = Number(p.lp_total_supply_usd)
    if (!(tvl > 0)) continue
    for (const [asset, reserve] of [
      [p.token0_address, p.reserve0],
      [p.token1_address, p.reserve1],
    ] as const) {
      const d = decimals.get(asset)
      if (d === undefined || Number(reserve) === 0 || (depth.get(asset) ?? 0) >= tvl) continue
      depth.set(asset, tvl)
      prices.set(asset, tvl / 2 / (Number(reserve) / 10 ** d))
    }
  }
  const usd = (asset: string | null, raw: bigint) => {
    if (asset === null) return 0
    const price = prices.get(asset)
    const d = decimals.get(asset)
    return price === undefined || d === undefined ? 0 : (Number(raw) / 10 ** d) * price
  }
  const byAddress = new Map(pools.map((p) => [p.address, p]))
  const { operations } = (await get(`/v1/stats/operations?since=${since}&until=${until}`)) as {
    operations: { operation: WireOperation }[]
  }
  const swaps: AdapterSwap[] = []
  for (const { operation: o } of operations) {
    if (!o.success || o.operation_type !== 'swap') continue
    if (o.exit_code !== 'swap_ok' && o.exit_code !== 'swap_ok_ref') continue
    const legs = [
      { asset: o.asset0_address, amount: BigInt(o.asset0_amount) },
      { asset: o.asset1_address, amount: BigInt(o.asset1_amount) },
    ]
    const input = legs.find((l) => l.amount > 0n)
    const output = legs.find((l) => l.amount < 0n)
    const fees =
      BigInt(o.lp_fee_amount) + BigInt(o.protocol_fee_amount) + BigInt(o.referral_fee_amount)
    const pool = byAddress.get(o.pool_address)
    const referral = pool !== undefined && o.referral_address ? await referralBps(o, pool) : 0
    swaps.push({
      operation: o,
      input,
      output: output && { asset: output.asset, amount: -output.amount },
      feesUsd: usd(o.fee_asset_address, fees),
      volumeUsd: input === undefined ? 0 : usd(input.asset, input.amount),
      feeRate:
        pool === undefined ? 0 : (Number(pool.lp_fee) + Number(pool.protocol_fee) + referral) / 1e4,
    })
  }
  const { stats } = (await get(`/v1/stats/dex?since=${since}&until=${until}`)) as {
    stats: { volume_usd: string }
  }
  const feesUsd = swaps.reduce((s, x) => s + x.feesUsd, 0)
  const volumeUsd = Number(stats.volume_usd)
  const weight = swaps.reduce((s, x) => s + x.volumeUsd, 0)
  const weightedFeeRate =
    weight === 0 ? 0 : swaps.reduce((s, x) => s + x.volumeUsd * x.feeRate, 0) / weight
  return {
    day,
    swaps,
    feesUsd,
    volumeUsd,
    ratio: volumeUsd === 0 ? 0 : feesUsd / volumeUsd,
    weightedFeeRate,
    pools,
    farms,
    prices,
    decimals,
  }
}

/**
 * The referral fee of a swap in bps, read from the API itself: a DEX v1 pool's `ref_fee`, a
 * DEX v2 swap's `referral_val` in its action tree.
 *
 * @example
 * ```ts
 * await referralBpsFromApi(get)(operation, pool) // 21
 * ```
 */
export function referralBpsFromApi(get: Get) {
  return async (o: WireOperation, pool: WirePool): Promise<number> => {
    const tree = (await get(`/v1/transactions/${o.wallet_tx_hash}/action_tree`)) as {
      actions: {
        '@type': string
        contract_major_version: string | null
        tx_payload: { referral_val?: number | string | null }
      }[]
    }
    const swap = tree.actions.find((a) => a['@type'] === 'swap')
    if (swap?.contract_major_version === 'v2') return Number(swap.tx_payload.referral_val ?? 0)
    return Number(pool.ref_fee)
  }
}

/** The figures of a day, for people. */
export function summarise(day: AdapterDay) {
  return {
    day: day.day,
    swaps_counted: day.swaps.length,
    fees_usd: day.feesUsd.toFixed(2),
    volume_usd: day.volumeUsd.toFixed(2),
    fees_over_volume: day.ratio.toFixed(6),
    volume_weighted_fee_rate: day.weightedFeeRate.toFixed(6),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8080'
  const get: Get = async (path) => {
    const response = await fetch(`${base}${path}`)
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`)
    return response.json()
  }
  const day = await readAdapterDay(get, process.argv[3] ?? '2023-11-14', referralBpsFromApi(get))
  console.log(JSON.stringify(summarise(day), null, 2))
}
