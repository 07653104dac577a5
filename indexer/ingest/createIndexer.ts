import { Address, type Transaction } from '@ton/core'
import { createPoolState, type PoolKind, type PoolState } from '../../core/pool/PoolState.js'
import { addressText } from '../../protocol/addressText.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { decodeBody } from '../../protocol/decode/decodeBody.js'
import type { ResultCode } from '../../protocol/resultCodes.js'
import { isoSeconds } from '../../protocol/timeText.js'
import type { TransactionKind } from '../../protocol/transactionKinds.js'
import {
  formatCursor,
  INDEX_CURSOR,
  type IndexCursor,
  parseCursor,
} from '../../store/indexCursor.js'
import type { BlockRef, OperationRow } from '../../store/rows/historyRows.js'
import type {
  FeeWithdrawalRow,
  IndexedTransactionRow,
  MessageLinkRow,
} from '../../store/rows/indexerRows.js'
import type { StoreWriter } from '../../store/Store.js'
import { FatalSourceError } from '../../upstream/errors.js'
import { FatalIndexError } from '../errors.js'
import { createFarmLedger } from '../farms/createFarmLedger.js'
import { address, type OperationContext, poolOperation } from '../pool/poolOperation.js'
import { readPoolInit } from '../pool/readPoolInit.js'
import type { TrackedPool } from '../pool/TrackedPool.js'
import { createVenueLedger } from '../venues/createVenueLedger.js'
import {
  createWalletLedger,
  type LedgerAdoption,
  type PriorState,
} from '../wallets/createWalletLedger.js'
import { actionPayload } from './actionPayload.js'
import { externalMessageHashes } from './externalMessageHashes.js'
import { messageKey } from './messageKey.js'

/**
 * The chain block holding a transaction: its number and time (unix seconds), as a live chain's
 * committed block names them.
 *
 * @example
 * ```ts
 * const block: TransactionBlock = { seqno: 1531, now: 1_764_064_807 }
 * ```
 */
export type TransactionBlock = { readonly seqno: number; readonly now: number }

/**
 * A transaction with the block holding it: what a chain's block stream gives the indexer, which
 * then stores the block's number and time with the transaction and its operation.
 *
 * @example
 * ```ts
 * chain.onBlock((block) => queue.push(...block.transactions.map((transaction) => ({ transaction, block }))))
 * ```
 */
export type BlockTransaction = {
  readonly transaction: Transaction
  readonly block: TransactionBlock
}

/**
 * One element of the indexer's source: a bare transaction (history without blocks, e.g. the
 * emulator's stream) or a {@link BlockTransaction}.
 *
 * @example
 * ```ts
 * const source: SourceTransaction[] = [tx, { transaction: next, block: { seqno: 12, now: 1_764_064_807 } }]
 * ```
 */
export type SourceTransaction = Transaction | BlockTransaction

/**
 * Transactions in ascending logical-time order: the emulator stream or any (async) iterable.
 * Elements that name their block ({@link BlockTransaction}) are stored with it, and a batch then
 * ends only at a block boundary (the store never holds half a block).
 *
 * @example
 * ```ts
 * const source: TransactionSource = [{ transaction: tx, block: { seqno: 12, now: 1_764_064_807 } }]
 * ```
 */
export type TransactionSource = Iterable<SourceTransaction> | AsyncIterable<SourceTransaction>

/** Options of {@link openIndexSession}: everything of {@link CreateIndexerOptions} but the source. */
export type IndexSessionOptions = {
  readonly store: StoreWriter
  /** Asset (jetton master) behind a router's token wallet; unknown wallets stand for themselves. */
  readonly assetOf?: ((routerWallet: string) => string | undefined) | undefined
  /**
   * The routers that count as the exchange: a pool is followed only when one of them deploys
   * it (anyone can deploy a contract that speaks the op codes). Default: every router.
   */
  readonly routers?: ReadonlySet<string> | undefined
  /**
   * The farm v3 minters that count as the exchange's farms (configured like the routers: a
   * contract speaking the farm op codes is not enough). Each is followed from its deploying
   * transaction, with the stake positions it deploys (`docs/indexer.md`); a minter the store
   * already follows stays followed. Default: none.
   */
  readonly farmMinters?: ReadonlySet<string> | undefined
  /** The STON staking minters followed the same way, with their stake positions. Default: none. */
  readonly stakingMinters?: ReadonlySet<string> | undefined
  /**
   * The referral venues' escrow factories ("escrow minters") that count as the exchange's
   * (configured like the farm minters): each is followed with the vaults it credits — their
   * balances and operations (`docs/referral-venues.md`, "Indexing"); a minter the store
   * already follows stays followed. Default: none.
   */
  readonly escrowMinters?: ReadonlySet<string> | undefined
  /** The fee-vault minters of referral venues A and B, followed the same way. Default: none. */
  readonly feeVaultMinters?: ReadonlySet<string> | undefined
  /** Transactions per atomic store write (default 2000; a block is never split). */
  readonly batchSize?: number | undefined
  /** Cursor name (default `'indexer'`). */
  readonly cursorName?: string | undefined
  /** Called after each committed batch with the running totals and the cursor it stored. */
  readonly onBatch?: ((stats: IngestStats, cursor: IndexCursor) => void) | undefined
  /**
   * Reads what accounts the wallet ledger meets for the first time held before (their state at
   * block `seqno`, the one before their first transaction seen), when they existed already: an
   * index that starts after the chain's first block adopts its users' LP wallets, LP accounts,
   * vaults and jetton wallets this way. Called before each batch is written, inside it. Without
   * it, such an account counts from zero (what moved since it was first seen).
   */
  readonly priorState?:
    | ((accounts: readonly PriorStateRequest[]) => Promise<readonly PriorState[]>)
    | undefined
  /**
   * Reads a pool the index meets for the first time when it existed already (a router → pool
   * message into an account that was active before the transaction): its state at block
   * `seqno`, the one before. An index that starts after the chain's first block without a list
   * of pools to adopt (an upstream with no REST API) adopts the pools this way, each on its first
   * transaction seen; `undefined` (the pool does not answer) leaves it unfollowed. Without it,
   * such a pool is not followed.
   */
  readonly priorPool?: ((request: PriorPoolRequest) => Promise<PriorPool | undefined>) | undefined
  /**
   * Holds back the operations of traces cut by the data's edge (default false): a transaction
   * whose internal in-message no indexed transaction sent began its trace before the index did,
   * so the wallet transaction that started it is not known. With this set, the pools' state
   * still follows such a trace, but no operation row is filed for it (none would name its real
   * wallet transaction); without it, the first transaction the index holds stands as the origin.
   * For an index that starts after the chain's first block.
   */
  readonly holdCutTraces?: boolean | undefined
}

/**
 * An account whose state before its first transaction seen the index needs: what it is and the
 * block whose state answers (the one before).
 *
 * @example
 * ```ts
 * const request: PriorStateRequest = { kind: 'lp-account', address: '0:5f0e…', seqno: 3020 }
 * ```
 */
export type PriorStateRequest = LedgerAdoption & { readonly seqno: number }

/**
 * A pool whose state before its first transaction seen the index needs: what its router's
 * state-init says of it, and the block whose state answers (the one before).
 *
 * @example
 * ```ts
 * const request: PriorPoolRequest = { address: '0:9c1d…', routerAddress: '0:8b77…', dex: 'v2',
 *   kind: 'stableswap', seqno: 3020 }
 * ```
 */
export type PriorPoolRequest = {
  readonly address: string
  readonly routerAddress: string
  readonly dex: 'v1' | 'v2'
  readonly kind: PoolKind
  readonly seqno: number
}

/**
 * What a pool's get-methods said at one block: its state, its router's two token wallets and
 * its protocol fee address (raw-form text).
 *
 * @example
 * ```ts
 * const prior: PriorPool = { state: createPoolState({ dex: 'v2', kind: 'constant_product',
 *   reserve0: 1_000_000_000n, reserve1: 3_200_000n, totalSupply: 56_568_542n }),
 *   wallet0: '0:1f2e…', wallet1: '0:77a0…', protocolFeeAddress: null }
 * ```
 */
export type PriorPool = {
  readonly state: PoolState
  readonly wallet0: string
  readonly wallet1: string
  readonly protocolFeeAddress: string | null
}

/** Options of {@link createIndexer}. */
export type CreateIndexerOptions = IndexSessionOptions & {
  readonly source: TransactionSource
}

/** What one {@link Indexer.run} ingested. */
export type IngestStats = {
  /** Transactions newly stored (ones at or before the cursor are skipped). */
  transactions: number
  operations: number
  /** Transactions recorded as `other` (foreign, undecodable, or contradicting the pool math). */
  other: number
  withdrawals: number
}

/** An indexer bound to a store and a source; see {@link createIndexer}. */
export type Indexer = { run(): Promise<IngestStats> }

/**
 * A long-lived indexer over one store; see {@link openIndexSession}.
 *
 * @example
 * ```ts
 * const session = await openIndexSession({ store })
 * await session.ingest(blockTransactions) // { transactions: 41, operations: 3, other: 0, withdrawals: 0 }
 * session.cursor // { seqno: 1532, lt: 46_000_041n, hash: '9a1e…' }
 * ```
 */
export type IndexSession = {
  /**
   * Indexes `source` after the session's cursor (what the cursor passed is skipped, so a
   * source may deliver again what was stored: at-least-once), each batch with its cursor in
   * one store transaction. A failure leaves the store at the last committed batch, and the
   * session must not be used again (its memory may be ahead of the store): open a new one.
   * `through` names the last block the source delivered whole: the cursor moves to it even
   * when its last blocks held no transaction (a source that leaves out what cannot concern
   * the index).
   *
   * @throws {FatalIndexError} `INDEX_FAILED` (naming the transaction) when indexing a
   *   transaction throws, `INDEX_CONTRADICTION` when a pool's answer contradicts its replay.
   */
  ingest(
    source: TransactionSource,
    through?: { readonly seqno: number; readonly now: number },
  ): Promise<IngestStats>
  /** The last committed position (`undefined` before anything was indexed). */
  readonly cursor: IndexCursor | undefined
}

type Origin = {
  readonly hash: string
  readonly lt: bigint
  readonly timestamp: string
  /** The trace began before the data (its first transaction has an unknown sender). */
  readonly cut?: true
}
/** A message sent but not yet received; `stored` once a batch has written it to the store. */
type PendingLink = { readonly parentHash: string; readonly origin: Origin; stored?: boolean }

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
 * Creates the indexer: it reads transactions from `source`, decodes them by the exchange's
 * message formats, follows every pool's exact state from its state-init, and writes operations,
 * DEX v2 vault withdrawals, the trace of every transaction (origin and parent) and pool states
 * to the store — one atomic batch with the cursor at a time, so a crash loses and duplicates
 * nothing: `run()` again on the same source skips everything up to the cursor. A foreign or
 * malformed transaction is stored with kind `other` and never stops ingestion; a failure of
 * the indexer itself on a transaction, or a pool answer that contradicts the replayed math,
 * stops it with a {@link FatalIndexError} naming the transaction.
 *
 * @example
 * ```ts
 * const stats = await createIndexer({ store, source: recordedTransactions }).run()
 * stats.operations // 3012
 * ```
 */
export function createIndexer(options: CreateIndexerOptions): Indexer {
  return {
    async run() {
      return (await openIndexSession(options)).ingest(options.source)
    },
  }
}

/**
 * Opens a long-lived indexer over `store`: the tracked pools, the wallet ledger and the cursor
 * are read from the store once, then kept in memory across {@link IndexSession.ingest} calls,
 * so a follower pays per transaction, not per batch (what {@link createIndexer} does for one
 * source).
 *
 * @example
 * ```ts
 * const session = await openIndexSession({ store, assetOf })
 * for (;;) await session.ingest(await nextBlocks())
 * ```
 */
export async function openIndexSession(options: IndexSessionOptions): Promise<IndexSession> {
  const { store } = options
  const cursorName = options.cursorName ?? INDEX_CURSOR
  const batchSize = Math.max(1, options.batchSize ?? 2000)
  const assetOf = options.assetOf ?? (() => undefined)
  const holdCutTraces = options.holdCutTraces === true
  const ledger = createWalletLedger({
    jettonWallets: await store.listIndexedJettonWallets(),
    lpAccounts: await store.listIndexedLpAccounts(),
    vaults: await store.listIndexedVaults(),
  })
  // The configured minters, and those an earlier run followed (a restart needs no list).
  const storedFarms = await store.listIndexedFarms()
  const storedStakings = await store.listIndexedStakings()
  const farmMinters = new Set([
    ...(options.farmMinters ?? []),
    ...storedFarms.map((f) => f.address),
  ])
  const stakingMinters = new Set([
    ...(options.stakingMinters ?? []),
    ...storedStakings.map((s) => s.address),
  ])
  const following = farmMinters.size > 0 || stakingMinters.size > 0
  const farmLedger = createFarmLedger({
    farmMinters,
    stakingMinters,
    farms: storedFarms,
    stakings: storedStakings,
    ...(following
      ? {
          farmPositions: await store.listIndexedFarmPositions(),
          stakePositions: await store.listIndexedStakePositions(),
        }
      : {}),
  })
  const venueLedger = createVenueLedger({
    escrowMinters: options.escrowMinters ?? new Set(),
    feeVaultMinters: options.feeVaultMinters ?? new Set(),
    minters: await store.listIndexedVenueMinters(),
    vaults: await store.listIndexedVenueVaults(),
    assetOf: (wallet) => assetOf(wallet) ?? ledger.masterOf(wallet),
  })
  const pools = new Map<string, TrackedPool>()
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
    asset0:
      assetOf(identity.wallet0) ??
      ledger.masterOf(identity.wallet0) ??
      stored?.asset0Address ??
      identity.wallet0,
    asset1:
      assetOf(identity.wallet1) ??
      ledger.masterOf(identity.wallet1) ??
      stored?.asset1Address ??
      identity.wallet1,
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
  // The last committed position: what it passed is skipped (a source may deliver again).
  let committed = parseCursor(await store.getCursor(cursorName))
  const links = new Map<string, PendingLink>()
  let stats: IngestStats = { transactions: 0, operations: 0, other: 0, withdrawals: 0 }
  let txs: IndexedTransactionRow[] = []
  let externals: { hash: string; txHash: string }[] = []
  let ops: OperationRow[] = []
  let withdrawals: FeeWithdrawalRow[] = []
  const touched = new Set<TrackedPool>()
  /**
   * Names a pool's unresolved side by its master once the ledger knows the router's wallet (a
   * DEX v2 pool that `set_params` deployed before its first provision deployed the router's
   * wallets).
   */
  const resolveAssets = (pool: TrackedPool) => {
    const master = (wallet: string) => assetOf(wallet) ?? ledger.masterOf(wallet)
    const asset0 = pool.asset0 === pool.wallet0 ? master(pool.wallet0) : undefined
    const asset1 = pool.asset1 === pool.wallet1 ? master(pool.wallet1) : undefined
    if (asset0 === undefined && asset1 === undefined) return
    if (asset0 !== undefined) pool.asset0 = asset0
    if (asset1 !== undefined) pool.asset1 = asset1
    touched.add(pool)
  }
  let last: IndexCursor | undefined = committed
  const priorWanted: PriorStateRequest[] = []

  const flush = async () => {
    // Nothing stored and the cursor where it was (blocks without transactions move it).
    if (txs.length === 0 && last === committed) return
    // Accounts met first when they existed already: what they held is part of this batch.
    const adopting = priorWanted.splice(0)
    if (adopting.length > 0 && options.priorState !== undefined) {
      for (const prior of await options.priorState(adopting)) ledger.adopt(prior)
    }
    // Links still pending cross into later batches (or a restart): each is written once.
    const pending: MessageLinkRow[] = []
    for (const [messageHash, l] of links) {
      if (l.stored) continue
      l.stored = true
      pending.push({ messageHash, parentHash: l.parentHash, originHash: l.origin.hash })
    }
    await store.applyIndexBatch({
      transactions: txs,
      operations: ops,
      feeWithdrawals: withdrawals,
      links: pending,
      externalMessages: externals,
      pools: [...touched].map(poolRow),
      ...ledger.takeChanges(),
      ...farmLedger.takeChanges(),
      ...venueLedger.takeChanges(),
      cursor: { name: cursorName, value: formatCursor(last as IndexCursor) },
    })
    committed = last
    stats.transactions += txs.length
    stats.operations += ops.length
    stats.withdrawals += withdrawals.length
    txs = []
    externals = []
    ops = []
    withdrawals = []
    touched.clear()
    options.onBatch?.({ ...stats }, last as IndexCursor)
  }

  // Links written by an earlier run can only exist when this cursor has advanced before;
  // a fresh run finds every parent in memory and never asks the store.
  const storeMayHoldLinks = committed !== undefined
  const storedLink = async (key: string): Promise<PendingLink | undefined> => {
    const stored = await store.getMessageLink(key)
    if (stored === undefined) return undefined
    const [origin] = await store.listIndexedTransactions({ hash: stored.originHash })
    // A cut trace's first transaction: an internal in-message (kind not `external`) with no
    // known sender.
    const cut = holdCutTraces && origin?.parentHash === null && origin.kind !== 'external'
    return {
      parentHash: stored.parentHash,
      origin: {
        hash: stored.originHash,
        lt: origin?.lt ?? 0n,
        timestamp: origin?.timestamp ?? '',
        ...(cut ? { cut: true as const } : {}),
      },
    }
  }
  let lastNow = -1
  let lastTimestamp = ''
  let lastBlock: TransactionBlock | undefined
  let lastBlockRef: BlockRef | undefined
  const blockRef = (block: TransactionBlock | undefined): BlockRef | undefined => {
    if (block === undefined) return undefined
    if (block !== lastBlock) {
      lastBlock = block
      lastBlockRef = { seqno: block.seqno, timestamp: isoSeconds(block.now) }
    }
    return lastBlockRef
  }

  /** Indexes one transaction whose parent link is resolved (synchronous: the hot path). */
  const record = (
    tx: Transaction,
    hash: string,
    link: PendingLink | undefined,
    block: BlockRef | undefined,
  ) => {
    if (tx.now !== lastNow) {
      lastNow = tx.now
      lastTimestamp = isoSeconds(tx.now)
    }
    const timestamp = lastTimestamp
    const inMessage = tx.inMessage
    const info = inMessage?.info
    const internal = info?.type === 'internal'
    const origin: Origin =
      link?.origin ??
      (internal && holdCutTraces
        ? { hash, lt: tx.lt, timestamp, cut: true }
        : { hash, lt: tx.lt, timestamp })
    const outMessages = tx.outMessages.values()
    for (const out of outMessages) {
      if (out.info.type !== 'internal') continue
      links.set(messageKey(out), { parentHash: hash, origin })
    }
    const body = internal ? decodeBody(inMessage?.body) : undefined
    // Outbound bodies matter only for pool and vault transactions: decode them on demand,
    // once (the operation and the stored action both read them).
    let decodedOuts: DecodedBody[] | undefined
    const decodeOuts = () => {
      if (decodedOuts !== undefined) return decodedOuts
      const decoded: DecodedBody[] = []
      for (const m of outMessages) {
        const d = decodeBody(m.body)
        if (d !== undefined) decoded.push(d)
      }
      decodedOuts = decoded
      return decoded
    }
    const description = tx.description
    const compute = description.type === 'generic' ? description.computePhase : undefined
    const aborted = description.type === 'generic' ? description.aborted : false
    const computeExitCode = compute?.type === 'vm' ? compute.exitCode : 0
    const accountAddress = accountOf(tx)
    const source = internal ? info.src : null
    let kind: TransactionKind = internal ? (body?.type ?? 'other') : 'external'
    let resultCode: ResultCode | null = null
    ledger.apply(tx, accountAddress, aborted, body)
    for (const adoption of ledger.takeAdoptions()) {
      if (block !== undefined) priorWanted.push({ ...adoption, seqno: block.seqno - 1 })
    }
    if (following) {
      try {
        farmLedger.apply(tx, accountAddress, aborted, body)
      } catch (error) {
        throw new FatalIndexError({
          code: 'INDEX_FAILED',
          message: `Indexing a farm or staking transaction of ${accountAddress} failed: ${String(error)}`,
          txHash: hash,
          cause: error,
        })
      }
    }
    if (venueLedger.following) {
      try {
        venueLedger.apply(tx, accountAddress, aborted, body, {
          hash,
          timestamp,
          originHash: origin.hash,
        })
      } catch (error) {
        throw new FatalIndexError({
          code: 'INDEX_FAILED',
          message: `Indexing a referral-venue transaction of ${accountAddress} failed: ${String(error)}`,
          txHash: hash,
          cause: error,
        })
      }
    }
    let pool = pools.get(accountAddress)
    if (pool !== undefined && (pool.asset0 === pool.wallet0 || pool.asset1 === pool.wallet1)) {
      resolveAssets(pool)
    }

    try {
      if (body !== undefined && !aborted) {
        const initData = inMessage?.init?.data
        if (
          pool === undefined &&
          POOL_DEPLOYING.has(body.type) &&
          initData != null &&
          tx.oldStatus !== 'active'
        ) {
          const init = readPoolInit(body.type.startsWith('v1') ? 'v1' : 'v2', initData)
          const router = init === undefined ? undefined : address(init.router)
          const listed = router !== undefined && (options.routers?.has(router) ?? true)
          if (init && listed && source?.equals(init.router)) {
            const identity = { address: accountAddress, router: address(init.router) }
            const wallets = { wallet0: address(init.wallet0), wallet1: address(init.wallet1) }
            const feeAddress = init.protocolFeeAddress
            const protocolFeeAddress = feeAddress === null ? null : address(feeAddress)
            pool = track({ ...identity, dex: init.dex, ...wallets, protocolFeeAddress }, init.state)
            pools.set(accountAddress, pool)
            touched.add(pool)
          }
        }
        if (pool !== undefined) {
          const context: OperationContext = {
            txHash: hash,
            txLt: tx.lt,
            timestamp,
            originHash: origin.hash,
            originLt: origin.lt,
            originTimestamp: origin.timestamp,
          }
          const op = poolOperation(pool, body, decodeOuts(), context)
          if (op === undefined) kind = 'other'
          else {
            pool.state = op.state
            if (op.protocolFeeAddress !== undefined) pool.protocolFeeAddress = op.protocolFeeAddress
            touched.add(pool)
            // A cut trace's operation is held back: its wallet transaction is not known.
            if (op.row !== undefined && origin.cut !== true) {
              ops.push(block ? { ...op.row, block } : op.row)
            }
            resultCode = op.resultCode
          }
        } else if (body.type === 'v2.withdraw_fee') {
          const pay = decodeOuts().find(
            (o): o is Extract<DecodedBody, { type: 'v2.vault_pay_to' }> =>
              o.type === 'v2.vault_pay_to',
          )
          const payMessage = outMessages.find((m) => m.info.type === 'internal')
          const router = payMessage?.info.type === 'internal' ? payMessage.info.dest : null
          const wallet = address(pay?.token)
          resultCode = pay !== undefined ? 'ok' : 'bounce'
          withdrawals.push({
            vaultAddress: accountAddress,
            ownerAddress: address(pay?.to),
            assetAddress: assetOf(wallet) ?? ledger.masterOf(wallet) ?? wallet,
            routerAddress: address(router),
            amount: pay?.amount ?? 0n,
            operationWalletAddress: address(source),
            success: resultCode === 'ok',
            exitCode: resultCode,
            vaultTxHash: hash,
            vaultTxLt: tx.lt,
            vaultTxTimestamp: timestamp,
          })
        }
      }
    } catch (error) {
      if (error instanceof FatalIndexError || error instanceof FatalSourceError) throw error
      throw new FatalIndexError({
        code: 'INDEX_FAILED',
        message: `Indexing a ${kind} transaction of ${accountAddress} failed: ${String(error)}`,
        txHash: hash,
        cause: error,
      })
    }
    if (kind === 'other') stats.other += 1
    txs.push({
      hash,
      lt: tx.lt,
      timestamp,
      account: accountAddress,
      originHash: origin.hash,
      parentHash: link?.parentHash ?? null,
      kind,
      queryId: body !== undefined ? body.queryId : null,
      sourceAddress: source === null ? null : address(source),
      aborted,
      computeExitCode,
      resultCode,
      action: actionPayload({
        kind,
        body,
        outs: decodeOuts,
        resultCode,
        pool,
      }),
      ...(block === undefined ? {} : { block }),
    })
    if (!internal)
      for (const h of externalMessageHashes(tx)) externals.push({ hash: h, txHash: hash })
    // `lastBlock` is the block `block` was made of (see blockRef).
    const now = block === undefined ? last?.now : lastBlock?.now
    last = { lt: tx.lt, hash, seqno: block?.seqno ?? last?.seqno, now }
  }

  /**
   * Takes one transaction: skips it when the cursor has passed it, resolves its parent link
   * (in memory, else — only after a restart — in the store) and records it. Returns a
   * promise only when the store had to be asked, so a replayed array is indexed without a
   * single await per transaction.
   */
  const take = (tx: Transaction, block: BlockRef | undefined): Promise<void> | undefined => {
    const hash = tx.hash().toString('hex')
    const cursor = committed
    if (cursor !== undefined) {
      // At the cursor's own block or time, the store says whether it was stored.
      const position = relativeTo(cursor, tx.lt, hash, block)
      if (position < 0) return undefined
      if (position === 0) {
        return store.listIndexedTransactions({ hash, limit: 1 }).then(async (known) => {
          if (known.length === 0) await adoptThenRecord(tx, hash, block)
        })
      }
    }
    return adoptThenRecord(tx, hash, block)
  }
  const adoptThenRecord = (
    tx: Transaction,
    hash: string,
    block: BlockRef | undefined,
  ): Promise<void> | undefined => {
    const adopting = adoptPriorPool(tx, block)
    if (adopting === undefined) return resolveThenRecord(tx, hash, block)
    return adopting.then(() => resolveThenRecord(tx, hash, block))
  }
  /** Pools whose state before their first transaction seen did not answer: not followed. */
  const unanswered = new Set<string>()
  /**
   * Adopts the pool a transaction enters when the index does not follow it yet and its
   * account was active before: a router → pool message (one that carries the pool's
   * state-init, which names the router and the kind) from a listed router. The pool existed
   * before the index began; its state at the block before comes from `priorPool`.
   */
  const adoptPriorPool = (
    tx: Transaction,
    block: BlockRef | undefined,
  ): Promise<void> | undefined => {
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
  }
  const resolveThenRecord = (
    tx: Transaction,
    hash: string,
    block: BlockRef | undefined,
  ): Promise<void> | undefined => {
    const inMessage = tx.inMessage
    if (inMessage?.info.type !== 'internal') {
      record(tx, hash, undefined, block)
      return undefined
    }
    const key = messageKey(inMessage)
    const known = links.get(key)
    if (known !== undefined) {
      links.delete(key)
      record(tx, hash, known, block)
      return undefined
    }
    if (!storeMayHoldLinks) {
      record(tx, hash, undefined, block)
      return undefined
    }
    return storedLink(key).then((link) => record(tx, hash, link, block))
  }
  // A full batch is written before the next element unless that element continues the
  // block of the previous one.
  let previous: BlockRef | undefined
  const step = (item: SourceTransaction): Promise<void> | undefined => {
    const bare = !('transaction' in item)
    const block = bare ? undefined : blockRef(item.block)
    const tx = bare ? item : item.transaction
    if (txs.length >= batchSize && (block === undefined || block !== previous)) {
      previous = block
      return flush().then(() => take(tx, block))
    }
    previous = block
    return take(tx, block)
  }

  let broken = false
  const ingest = async (
    source: TransactionSource,
    through?: { readonly seqno: number; readonly now: number },
  ): Promise<IngestStats> => {
    if (broken) throw new Error('This index session failed before; open a new one.')
    stats = { transactions: 0, operations: 0, other: 0, withdrawals: 0 }
    previous = undefined
    try {
      if (Symbol.iterator in source) {
        for (const item of source) {
          const pending = step(item)
          if (pending !== undefined) await pending
        }
      } else {
        for await (const item of source) {
          const pending = step(item)
          if (pending !== undefined) await pending
        }
      }
      if (through !== undefined && through.seqno > (last?.seqno ?? 0)) {
        last = {
          lt: last?.lt ?? 0n,
          hash: last?.hash ?? '',
          seqno: through.seqno,
          now: through.now,
        }
      }
      await flush()
    } catch (error) {
      broken = true
      throw error
    }
    return stats
  }
  return {
    ingest,
    get cursor() {
      return committed
    },
  }
}

/** The transaction's account: the inbound message's destination, else basechain + `address`. */
function accountOf(tx: Transaction): string {
  const dest = tx.inMessage?.info.dest
  if (dest instanceof Address) return addressText(dest)
  return addressText(new Address(0, Buffer.from(tx.address.toString(16).padStart(64, '0'), 'hex')))
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

/**
 * Where a transaction stands against the committed cursor: -1 passed (skip it), 0 at the
 * cursor's own block or logical time (the store decides), 1 after it. By block where both name
 * one (logical times are not ordered across shards), else by logical time.
 */
function relativeTo(
  cursor: IndexCursor,
  lt: bigint,
  hash: string,
  block: BlockRef | undefined,
): -1 | 0 | 1 {
  if (block !== undefined && cursor.seqno !== undefined) {
    return block.seqno < cursor.seqno ? -1 : block.seqno === cursor.seqno ? 0 : 1
  }
  if (lt < cursor.lt || (lt === cursor.lt && hash === cursor.hash)) return -1
  return lt === cursor.lt ? 0 : 1
}
