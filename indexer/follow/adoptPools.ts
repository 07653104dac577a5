import type { TupleReader } from '@ton/core'
import { createPoolState, type PoolKind } from '../../core/pool/PoolState.js'
import { addressText } from '../../protocol/addressText.js'
import { DEX_V1_POOL_DATA, dexV2PoolData } from '../../protocol/dex/getMethods.js'
import { callGetMethod } from '../../protocol/getMethod.js'
import { JETTON_SUPPLY, JETTON_WALLET_DATA } from '../../protocol/jetton/getMethods.js'
import { formatCursor, INDEX_CURSOR } from '../../store/indexCursor.js'
import type { IndexedJettonWalletRow, IndexedPoolRow } from '../../store/rows/indexerRows.js'
import type { StoreWriter } from '../../store/Store.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import { runGetMethodAt } from '../../upstream/tonApiStack.js'
import type { PriorPool } from '../ingest/createIndexer.js'

/**
 * A pool that exists when indexing starts: its address and what its router says of it.
 *
 * @example
 * ```ts
 * const pool: PoolToAdopt = { address: 'EQ…pool', routerAddress: 'EQ…router', dex: 'v2', kind: 'stableswap' }
 * ```
 */
export type PoolToAdopt = {
  readonly address: string
  readonly routerAddress: string
  readonly dex: 'v1' | 'v2'
  readonly kind: PoolKind
  /**
   * What the market's reference data (a seed's or a REST API's pool row) says the pool's
   * token0 and token1 are: used only where the chain cannot name a side, and said so.
   */
  readonly tokens?: readonly [string, string] | undefined
}

/**
 * Runs a get-method without arguments on an account's state at the adopted block: its stack to
 * read, or `undefined` for a non-zero exit code or an account without code there.
 *
 * @example
 * ```ts
 * const run: GetMethodAtBlock = (address, method) => runGetMethodAt(client, address, method, 3020)
 * (await run('EQ…pool', 'get_jetton_data'))?.readBigNumber() // 1414213562373n
 * ```
 */
export type GetMethodAtBlock = (address: string, method: string) => Promise<TupleReader | undefined>

/**
 * Options of {@link adoptPools}: the get-methods at `seqno` are run by the upstream (`client`:
 * toncenter's `runGetMethod` with `seqno`) or by `run` (a fork runs them on its own state at the
 * block it forked).
 */
export type AdoptPoolsOptions = (
  | { readonly client: TonApiClient; readonly run?: undefined }
  | { readonly run: GetMethodAtBlock; readonly client?: undefined }
) & {
  readonly store: StoreWriter
  /** The block whose state is read: the one before the first block to index. */
  readonly seqno: number
  readonly pools: readonly PoolToAdopt[]
  /** Router token wallet → asset (jetton master; the native address for proxy-TON). */
  readonly assetOf: (routerWallet: string) => string | undefined
  /**
   * Jetton wallets to adopt with the pools (`get_wallet_data` at the same block): the routers'
   * own wallets, which vouch for the user wallets they pay into (the wallet ledger follows a
   * wallet only when its master or a followed wallet of that master deploys or pays it).
   */
  readonly wallets?: readonly string[] | undefined
  /** The follower's cursor (default `'indexer'`). */
  readonly cursorName?: string | undefined
}

/**
 * Adopts the pools that already exist at block `seqno`, so that indexing from block `seqno + 1`
 * (not from genesis) follows them with the chain's reserves: each pool's state is read from its
 * get-methods run by the upstream at that block (`runGetMethod` with toncenter's `seqno`), or by
 * `run` (a fork's own state at the block):
 * `get_pool_data` — reserves, LP supply, fees, collected fees, protocol fee address, `amp` /
 * `w0` / `rate` of its kind — and, for DEX v1, `get_jetton_data`'s supply. The pools and the
 * cursor at block `seqno` are stored in one batch, with the jetton wallets named in `wallets`
 * (the routers' own, read by `get_wallet_data`); a pool that does not answer at that block
 * (not deployed yet) is left to the indexer, which follows its deployment. Retryable failures are
 * retried; an upstream that keeps no state at that block fails (`SOURCE_GAP`).
 *
 * @example
 * ```ts
 * await adoptPools({ client, store, seqno: 3020, pools, assetOf }) // 9 pools adopted
 * const follower = createFollower({ store, source, fromSeqno: 3021 })
 * ```
 */
export async function adoptPools(options: AdoptPoolsOptions): Promise<number> {
  const { client, seqno } = options
  const run: GetMethodAtBlock =
    client === undefined
      ? options.run
      : (address, method) => runGetMethodAt(client, address, method, seqno)
  const rows: IndexedPoolRow[] = []
  for (const pool of options.pools) {
    const read = await readPoolAt(run, pool)
    if (read === undefined) continue
    const { state, wallet0, wallet1 } = read
    rows.push({
      ...{
        address: pool.address,
        routerAddress: pool.routerAddress,
        dex: pool.dex,
        kind: pool.kind,
      },
      ...{ wallet0, wallet1 },
      asset0Address: options.assetOf(wallet0) ?? wallet0,
      asset1Address: options.assetOf(wallet1) ?? wallet1,
      ...{ reserve0: state.reserve0, reserve1: state.reserve1, totalSupply: state.totalSupply },
      ...{ lpFee: state.lpFee, protocolFee: state.protocolFee, refFee: state.refFee },
      ...{ collected0: state.collectedProtocolFee0, collected1: state.collectedProtocolFee1 },
      ...{ amp: state.amp, w0: state.w0, rate: state.rate },
      protocolFeeAddress: read.protocolFeeAddress,
    })
  }
  const jettonWallets: IndexedJettonWalletRow[] = []
  for (const address of options.wallets ?? []) {
    const data = await callGetMethod(run, address, JETTON_WALLET_DATA)
    if (data === undefined) continue
    jettonWallets.push({
      address,
      ownerAddress: addressText(data.owner),
      masterAddress: addressText(data.master),
      balance: data.balance,
    })
  }
  await options.store.applyIndexBatch({
    ...{ transactions: [], operations: [], pools: rows, feeWithdrawals: [], links: [] },
    jettonWallets,
    cursor: {
      name: options.cursorName ?? INDEX_CURSOR,
      value: formatCursor({ seqno, lt: 0n, hash: '' }),
    },
  })
  return rows.length
}

/**
 * Reads one pool through `run` (a get-method runner bound to one block): `get_pool_data` —
 * reserves, LP supply (DEX v2), fees, collected fees, protocol fee address, `amp` / `w0` /
 * `rate` of its kind — and, for DEX v1, `get_jetton_data`'s supply. `undefined` when the pool
 * does not answer (no such contract at that block).
 *
 * @example
 * ```ts
 * const run = (address: string, method: string) => runGetMethodAt(client, address, method, 3020)
 * const read = await readPoolAt(run, { address: 'EQ…pool', routerAddress: 'EQ…router', dex: 'v2', kind: 'stableswap' })
 * read?.state.amp // 100n
 * ```
 */
export async function readPoolAt(
  run: GetMethodAtBlock,
  pool: PoolToAdopt,
): Promise<PriorPool | undefined> {
  const data =
    pool.dex === 'v1'
      ? await callGetMethod(run, pool.address, DEX_V1_POOL_DATA)
      : await callGetMethod(run, pool.address, dexV2PoolData(pool.kind))
  if (data === undefined) return undefined
  let totalSupply: bigint
  if ('totalSupply' in data) totalSupply = data.totalSupply
  else {
    const supply = await callGetMethod(run, pool.address, JETTON_SUPPLY)
    if (supply === undefined) return undefined
    totalSupply = supply
  }
  const state = createPoolState({
    dex: pool.dex,
    kind: pool.kind,
    ...{ reserve0: data.reserve0, reserve1: data.reserve1, totalSupply },
    ...{ lpFee: data.lpFee, protocolFee: data.protocolFee },
    ...('refFee' in data ? { refFee: data.refFee } : {}),
    ...('amp' in data ? { amp: data.amp } : {}),
    ...('w0' in data ? { w0: data.w0 } : {}),
    ...('rate' in data ? { rate: data.rate } : {}),
    collectedProtocolFee0: data.collectedProtocolFee0,
    collectedProtocolFee1: data.collectedProtocolFee1,
  })
  return {
    state,
    wallet0: addressText(data.token0Wallet),
    wallet1: addressText(data.token1Wallet),
    protocolFeeAddress:
      data.protocolFeeAddress === null ? null : addressText(data.protocolFeeAddress),
  }
}
