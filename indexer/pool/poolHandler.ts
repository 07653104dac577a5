import type { Transaction } from '@ton/core'
import { createPoolState, type PoolState } from '../../core/pool/PoolState.js'
import { decodeBody } from '../../protocol/decode/decodeBody.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { StoreWriter } from '../../store/Store.js'
import { accountOf } from '../ingest/accountOf.js'
import { type HandledTransaction, type IndexHandler, indexFailure } from '../ingest/IndexHandler.js'
import type { PriorPool, PriorPoolRequest } from '../ingest/indexerTypes.js'
import { address, type OperationContext, poolOperation } from './poolOperation.js'
import { readPoolInit } from './readPoolInit.js'
import type { TrackedPool } from './TrackedPool.js'

/**
 * The router → pool messages that may deploy a pool (they carry its state-init): swaps and
 * provisions, and the DEX v2 `internal_set_params` an admin sends before the first provision.
 * A DEX v2 router attaches the state-init to every such message, so it deploys only when the
 * pool's account was not active before the transaction (an active account ignores it: its
 * state is its own, not the state-init's zero balances).
 */
const POOL_DEPLOYING = new Set([
  'v1.swap',
  'v2.swap',
  'v1.provide_lp',
  'v2.provide_lp',
  'v2.internal_set_params',
])

/**
 * The pool handler: the pools followed (from the store, their deploying state-init, or
 * `priorPool`), each transaction of one replayed by `poolOperation`, and the batch's
 * operations and changed pools. `poolAt` is what the stored action reads.
 *
 * @example
 * ```ts
 * const pools = await openPoolHandler(store, { assetOf: () => undefined, routers: undefined, priorPool: undefined })
 * pools.poolAt('0:9c1d…')?.state.reserve0 // 1000000000n
 * ```
 */
export type PoolHandler = IndexHandler & {
  /** The pool followed at `account`, if any. */
  poolAt(account: string): TrackedPool | undefined
}

/**
 * Opens the pool handler over the pools the store holds.
 *
 * @example
 * ```ts
 * const pools = await openPoolHandler(store, { assetOf: () => undefined, routers: undefined, priorPool: undefined })
 * pools.takeChanges().operations // []
 * ```
 */
export async function openPoolHandler(
  store: StoreWriter,
  options: {
    /** The jetton master of a router's wallet, where known. */
    readonly assetOf: (wallet: string) => string | undefined
    readonly routers: ReadonlySet<string> | undefined
    readonly priorPool: ((request: PriorPoolRequest) => Promise<PriorPool | undefined>) | undefined
  },
): Promise<PoolHandler> {
  const { assetOf } = options
  const pools = new Map<string, TrackedPool>()
  const touched = new Set<TrackedPool>()
  let ops: OperationRow[] = []
  const track = (
    identity: Pick<
      TrackedPool,
      'address' | 'router' | 'dex' | 'wallet0' | 'wallet1' | 'protocolFeeAddress'
    >,
    state: PoolState,
    stored?: { readonly asset0Address: string; readonly asset1Address: string },
  ): TrackedPool => ({
    ...identity,
    // A wallet `assetOf` does not know is named by its master when the wallet ledger follows
    // it (a jetton created on a live chain); a resumed run keeps the assets it stored when
    // this run cannot resolve the wallets.
    asset0: assetOf(identity.wallet0) ?? stored?.asset0Address ?? identity.wallet0,
    asset1: assetOf(identity.wallet1) ?? stored?.asset1Address ?? identity.wallet1,
    state,
  })
  for (const p of await store.listIndexedPools()) {
    const identity = { address: p.address, router: p.routerAddress, dex: p.dex }
    const wallets = { wallet0: p.wallet0, wallet1: p.wallet1 }
    pools.set(
      p.address,
      track(
        { ...identity, ...wallets, protocolFeeAddress: p.protocolFeeAddress },
        createPoolState({
          dex: p.dex,
          kind: p.kind,
          ...{ reserve0: p.reserve0, reserve1: p.reserve1, totalSupply: p.totalSupply },
          ...{ lpFee: p.lpFee, protocolFee: p.protocolFee, refFee: p.refFee },
          ...{ amp: p.amp, w0: p.w0, rate: p.rate },
          collectedProtocolFee0: p.collected0,
          collectedProtocolFee1: p.collected1,
        }),
        p,
      ),
    )
  }
  /**
   * Names a pool's unresolved side by its master once the ledger knows the router's wallet (a
   * DEX v2 pool that `set_params` deployed before its first provision deployed the router's
   * wallets).
   */
  const resolveAssets = (pool: TrackedPool) => {
    const asset0 = pool.asset0 === pool.wallet0 ? assetOf(pool.wallet0) : undefined
    const asset1 = pool.asset1 === pool.wallet1 ? assetOf(pool.wallet1) : undefined
    if (asset0 === undefined && asset1 === undefined) return
    if (asset0 !== undefined) pool.asset0 = asset0
    if (asset1 !== undefined) pool.asset1 = asset1
    touched.add(pool)
  }
  /** Follows the pool a listed router deploys with this transaction, if it does. */
  const deployed = (seen: HandledTransaction, type: string): TrackedPool | undefined => {
    const { tx, account, source } = seen
    const initData = tx.inMessage?.init?.data
    if (!POOL_DEPLOYING.has(type) || initData == null || tx.oldStatus === 'active') return
    const init = readPoolInit(type.startsWith('v1') ? 'v1' : 'v2', initData)
    const router = init === undefined ? undefined : address(init.router)
    const listed = router !== undefined && (options.routers?.has(router) ?? true)
    if (!(init && listed && source?.equals(init.router))) return
    const identity = { address: account, router: address(init.router) }
    const wallets = { wallet0: address(init.wallet0), wallet1: address(init.wallet1) }
    const feeAddress = init.protocolFeeAddress
    const protocolFeeAddress = feeAddress === null ? null : address(feeAddress)
    const pool = track({ ...identity, dex: init.dex, ...wallets, protocolFeeAddress }, init.state)
    pools.set(account, pool)
    touched.add(pool)
    return pool
  }
  /** Pools whose state before their first transaction seen did not answer: not followed. */
  const unanswered = new Set<string>()
  return {
    name: 'pools',
    poolAt: (account) => pools.get(account),
    /**
     * Adopts the pool a transaction enters when the index does not follow it yet and its
     * account was active before: a router → pool message (one that carries the pool's
     * state-init, which names the router and the kind) from a listed router. The pool existed
     * before the index began; its state at the block before comes from `priorPool`.
     */
    prepare(tx: Transaction, block) {
      const read = options.priorPool
      if (read === undefined || block === undefined || tx.oldStatus !== 'active') return undefined
      const inMessage = tx.inMessage
      const initData = inMessage?.init?.data
      if (inMessage?.info.type !== 'internal' || initData == null) return undefined
      const account = accountOf(tx)
      if (pools.has(account) || unanswered.has(account)) return undefined
      const body = decodeBody(inMessage.body)
      if (body === undefined || !POOL_DEPLOYING.has(body.type)) return undefined
      const dex: 'v1' | 'v2' = body.type.startsWith('v1') ? 'v1' : 'v2'
      const init = readPoolInit(dex, initData)
      if (init === undefined || !inMessage.info.src.equals(init.router)) return undefined
      const routerAddress = address(init.router)
      if (!(options.routers?.has(routerAddress) ?? true)) return undefined
      const request = { address: account, routerAddress, dex, kind: init.state.kind }
      return read({ ...request, seqno: block.seqno - 1 }).then((prior) => {
        if (prior === undefined) {
          unanswered.add(account)
          return
        }
        const { wallet0, wallet1, protocolFeeAddress } = prior
        const identity = { address: account, router: routerAddress, dex }
        const pool = track({ ...identity, wallet0, wallet1, protocolFeeAddress }, prior.state)
        pools.set(account, pool)
        touched.add(pool)
      })
    },
    // A followed pool's every transaction, or a message that may deploy one.
    takes: ({ account, body, aborted }) =>
      pools.has(account) || (!aborted && body !== undefined && POOL_DEPLOYING.has(body.type)),
    handle(seen) {
      const { account, body, hash, origin } = seen
      let pool = pools.get(account)
      if (pool !== undefined && (pool.asset0 === pool.wallet0 || pool.asset1 === pool.wallet1)) {
        resolveAssets(pool)
      }
      if (body === undefined || seen.aborted) return undefined
      try {
        if (pool === undefined) pool = deployed(seen, body.type)
        if (pool === undefined) return undefined
        const context: OperationContext = {
          txHash: hash,
          txLt: seen.tx.lt,
          timestamp: seen.timestamp,
          originHash: origin.hash,
          originLt: origin.lt,
          originTimestamp: origin.timestamp,
        }
        const op = poolOperation(pool, body, seen.outs(), context)
        if (op === undefined) return { kind: 'other', resultCode: null }
        pool.state = op.state
        if (op.protocolFeeAddress !== undefined) pool.protocolFeeAddress = op.protocolFeeAddress
        touched.add(pool)
        // A cut trace's operation is held back: its wallet transaction is not known.
        if (op.row !== undefined && origin.cut !== true) {
          ops.push(seen.block ? { ...op.row, block: seen.block } : op.row)
        }
        return { resultCode: op.resultCode }
      } catch (error) {
        throw indexFailure(error, `a ${body.type} transaction of ${account}`, hash)
      }
    },
    takeChanges() {
      const changes = { operations: ops, pools: [...touched].map(poolRow) }
      ops = []
      touched.clear()
      return changes
    },
  }
}

function poolRow(p: TrackedPool) {
  return {
    ...{ address: p.address, routerAddress: p.router, dex: p.dex, kind: p.state.kind },
    ...{ wallet0: p.wallet0, wallet1: p.wallet1 },
    ...{ asset0Address: p.asset0, asset1Address: p.asset1 },
    ...{ reserve0: p.state.reserve0, reserve1: p.state.reserve1, totalSupply: p.state.totalSupply },
    ...{ lpFee: p.state.lpFee, protocolFee: p.state.protocolFee, refFee: p.state.refFee },
    collected0: p.state.collectedProtocolFee0,
    collected1: p.state.collectedProtocolFee1,
    ...{ amp: p.state.amp, w0: p.state.w0, rate: p.state.rate },
    protocolFeeAddress: p.protocolFeeAddress,
  }
}
