/**
 * The whole ShardAccount of the STON.fi DEX v2.2 TON/USD₮ pool `EQCGScrZ…` **before** its
 * recorded swap `16befdc4…` (lt 64954068000009, 2025-12-23), derived from the facts the recording
 * holds (ston-fi/ton-rs@8e8f8e0 `resources/tests/`: the swap's BoC and the pool's state after it),
 * and checked against the transaction's `state_update.old` (the Account cell's hash before).
 *
 * Each field, and where it comes from:
 *
 * - **address, code** (the library cell `a9338ecd…`): the state after (the swap changes neither).
 * - **data**: `test/_support/recordedPoolSwap.ts`'s `before` (reserves and collected fee
 *   from the swap's messages and core's formula; the real pool code checks it).
 * - **balance**: the balance after − the credit phase's credit + the storage fees collected +
 *   the compute phase's gas fees + the action phase's `total_fwd_fees` + every out-message's
 *   value (all from the transaction's description and out-messages).
 * - **storage stat** (`used.cells/bits`): the unique cells and bits of the `AccountStorage` cell
 *   the node accounts for — its root (`last_trans_lt`, balance, `account_active` + StateInit
 *   flags), the code (the library cell itself, not the library) and the data. The same count on
 *   the public vectors' states gives their recorded stats (`trs-txemulord_*`: 25/4736, 6/2003).
 * - **`last_paid`**: the storage phase collected `ceil(Σ (bits·bit_price + cells·cell_price) ·
 *   seconds / 2¹⁶)` (TON `crypto/block/mc-config.cpp` `compute_storage_fees`: a right shift by 16
 *   rounding up) over ConfigParam 18's prices. Every `last_paid` giving the fee collected is a
 *   candidate; the Account hash picks one.
 * - **`AccountStorage.last_trans_lt`**: the previous transaction's end lt, `prev_trans_lt + 1 +`
 *   its out-message count — not recorded: each count 0…255 is a candidate; the hash picks one.
 * - **`storage_extra`, due payment**: none (no due fees were collected, and the state is far
 *   below the size that gets a storage dict hash).
 * - **ShardAccount `last_trans_lt/hash`**: the swap's `prev_trans_lt/hash`.
 * - **config**: the hash-exact vector's (`trs-txemulord_EQAQAUqx_…`, 2025-12-19, global version
 *   12): the recorded config nearest the swap (2025-12-23, version 12 by date).
 */
import {
  type Address,
  beginCell,
  type Cell,
  loadAccount,
  storeAccount,
  storeAccountStorage,
  storeShardAccount,
} from '@ton/core'
import {
  configParam,
  loadPoolAfterSwap,
  loadTxEmulation,
  RecordedChain,
  WHOLE_SHARD,
} from './mainnetData.js'
import { before as poolDataBefore } from './recordedPoolSwap.js'

/** One entry of ConfigParam 18 (`StoragePrices`, TON `crypto/block/block.tlb`). */
export type StoragePrices = {
  readonly utimeSince: number
  readonly bitPricePs: bigint
  readonly cellPricePs: bigint
}

/**
 * ConfigParam 18's basechain storage prices, oldest first.
 *
 * @example
 * ```ts
 * storagePrices(loadTxEmulation('hashExact').config) // [{ utimeSince: 0, bitPricePs: 1n, cellPricePs: 500n }]
 * ```
 */
export function storagePrices(config: Cell): StoragePrices[] {
  const p18 = configParam(config, 18)
  if (p18 === undefined) throw new Error('config: no param 18')
  const dict = p18.beginParse().loadDictDirect(
    { bits: 32, serialize: (k: number) => BigInt(k), parse: (k: bigint) => Number(k) },
    {
      serialize: () => {
        throw new Error('read only')
      },
      parse: (s) => {
        if (s.loadUint(8) !== 0xcc) throw new Error('config param 18: not StoragePrices')
        const utimeSince = s.loadUint(32)
        return { utimeSince, bitPricePs: s.loadUintBig(64), cellPricePs: s.loadUintBig(64) }
      },
    },
  )
  return [...dict.values()].sort((a, b) => a.utimeSince - b.utimeSince)
}

/**
 * The storage fee of a basechain account for `[lastPaid, now)`: each price period's
 * `(bits·bit_price + cells·cell_price) · seconds`, summed, divided by 2¹⁶ rounding **up**.
 *
 * @example
 * ```ts
 * storageFee([{ utimeSince: 0, bitPricePs: 1n, cellPricePs: 500n }], { cells: 6n, bits: 1995n }, 1_766_450_372, 1_766_450_389) // 2n
 * ```
 */
export function storageFee(
  prices: readonly StoragePrices[],
  used: { readonly cells: bigint; readonly bits: bigint },
  lastPaid: number,
  now: number,
): bigint {
  let total = 0n
  for (let i = 0; i < prices.length; i++) {
    const p = prices[i] as StoragePrices
    const from = Math.max(lastPaid, p.utimeSince)
    const upto = Math.min(now, prices[i + 1]?.utimeSince ?? now)
    if (upto <= from) continue
    total += (used.bits * p.bitPricePs + used.cells * p.cellPricePs) * BigInt(upto - from)
  }
  return (total + 0xffffn) >> 16n // ceil
}

/**
 * The unique cells and bits of a tree (roots shared between trees counted once), as the node
 * counts an account's storage.
 *
 * @example
 * ```ts
 * cellsAndBits(beginCell().storeUint(0, 64).endCell()) // { cells: 1n, bits: 64n }
 * ```
 */
export function cellsAndBits(...roots: Cell[]): { cells: bigint; bits: bigint } {
  const seen = new Set<string>()
  let bits = 0n
  const walk = (c: Cell) => {
    const k = c.hash().toString('hex')
    if (seen.has(k)) return
    seen.add(k)
    bits += BigInt(c.bits.length)
    for (const r of c.refs) walk(r)
  }
  for (const r of roots) walk(r)
  return { cells: BigInt(seen.size), bits }
}

/** What {@link derivePoolStateBeforeSwap} gives. */
export type PoolStateBeforeSwap = {
  readonly address: Address
  /** The `Account` cell (`account$1 …`): its hash is the swap's `state_update.old`. */
  readonly account: Cell
  /** The ShardAccount: the Account and the swap's `prev_trans_lt/hash`. */
  readonly shardAccount: Cell
  readonly balance: bigint
  readonly storageUsed: { readonly cells: bigint; readonly bits: bigint }
  readonly lastPaid: number
  /** Every `last_paid` that gives the storage fee the swap collected. */
  readonly lastPaidCandidates: readonly number[]
  /** `AccountStorage.last_trans_lt`: the previous transaction's end lt. */
  readonly storageLastTransLt: bigint
  /** How many (last_paid, end lt) pairs were tried, and how many hash to `state_update.old`. */
  readonly tried: number
  readonly matches: number
  /** The config the derivation read prices from, and the replay runs under. */
  readonly config: Cell
  readonly libraries: ReadonlyMap<string, Cell>
}

function accountCell(a: {
  address: Address
  cells: bigint
  bits: bigint
  lastPaid: number
  lastTransLt: bigint
  balance: bigint
  code: Cell
  data: Cell
}): Cell {
  return beginCell()
    .storeBit(true)
    .store(
      storeAccount({
        addr: a.address,
        storageStats: {
          used: { cells: a.cells, bits: a.bits },
          storageExtra: null,
          lastPaid: a.lastPaid,
          duePayment: null,
        },
        storage: {
          lastTransLt: a.lastTransLt,
          balance: { coins: a.balance },
          state: { type: 'active', state: { code: a.code, data: a.data } },
        },
      }),
    )
    .endCell()
}

/**
 * The pool's ShardAccount before swap `16befdc4…`, derived field by field (see the file's
 * comment) and checked: exactly one candidate hashes to the swap's `state_update.old`, else it
 * throws.
 *
 * @example
 * ```ts
 * const s = derivePoolStateBeforeSwap()
 * s.account.hash().toString('hex') // '3b099796be8437528e943d22581828f178e8dc495e3fc20dce88ddef73135241'
 * s.lastPaid // 1766450372
 * ```
 */
export function derivePoolStateBeforeSwap(): PoolStateBeforeSwap {
  const after = loadPoolAfterSwap()
  const tx = after.swap.transaction
  const d = tx.description
  if (d.type !== 'generic' || d.computePhase.type !== 'vm' || !d.actionPhase) {
    throw new Error('the swap is not an ordinary transaction with compute and action phases')
  }
  const credit = d.creditPhase?.credit.coins ?? 0n
  const storageCollected = d.storagePhase?.storageFeesCollected ?? 0n
  if (d.storagePhase?.storageFeesDue !== undefined) throw new Error('the swap left due fees')
  let outValues = 0n
  for (const m of tx.outMessages.values()) {
    if (m.info.type === 'internal') outValues += m.info.value.coins
  }
  const balance =
    after.balance -
    credit +
    storageCollected +
    d.computePhase.gasFees +
    (d.actionPhase.totalFwdFees ?? 0n) +
    outValues

  const config = loadTxEmulation('hashExact').config
  const prices = storagePrices(config)
  const data = poolDataBefore.data
  const base = { address: after.address, balance, code: after.code, data }
  // The storage stat: the AccountStorage cell's tree, its root included (its last_trans_lt is
  // 64 bits whatever its value, so 0 here).
  const storageUsed = cellsAndBits(
    beginCell()
      .store(
        storeAccountStorage({
          lastTransLt: 0n,
          balance: { coins: balance },
          state: { type: 'active', state: { code: after.code, data } },
        }),
      )
      .endCell(),
  )

  const lastPaidCandidates: number[] = []
  for (let dt = 1; storageFee(prices, storageUsed, tx.now - dt, tx.now) <= storageCollected; dt++) {
    if (storageFee(prices, storageUsed, tx.now - dt, tx.now) === storageCollected) {
      lastPaidCandidates.push(tx.now - dt)
    }
  }
  const target = tx.stateUpdate.oldHash
  let tried = 0
  const found: { account: Cell; lastPaid: number; lastTransLt: bigint }[] = []
  for (const lastPaid of lastPaidCandidates) {
    for (let outCount = 0n; outCount < 256n; outCount++) {
      tried++
      const lastTransLt = tx.prevTransactionLt + 1n + outCount
      const account = accountCell({ ...base, ...storageUsed, lastPaid, lastTransLt })
      if (account.hash().equals(target)) found.push({ account, lastPaid, lastTransLt })
    }
  }
  const [match] = found
  if (match === undefined || found.length !== 1) {
    throw new Error(
      `${found.length} of ${tried} derived Account cells hash to state_update.old ${target.toString('hex')}`,
    )
  }
  const shardAccount = beginCell()
    .store(
      storeShardAccount({
        account: loadAccount(match.account.beginParse().skip(1)),
        lastTransactionLt: tx.prevTransactionLt,
        lastTransactionHash: tx.prevTransactionHash,
      }),
    )
    .endCell()
  return {
    address: after.address,
    account: match.account,
    shardAccount,
    balance,
    storageUsed,
    lastPaid: match.lastPaid,
    lastPaidCandidates,
    storageLastTransLt: match.lastTransLt,
    tried,
    matches: found.length,
    config,
    libraries: loadTxEmulation('stonfiPoolSwap').libraries,
  }
}

/** The masterchain block the derived state is served at (synthesized; the swap at + 1). */
export const POOL_SWAP_STATE_MC_SEQNO = 1000

/**
 * A recorded chain for retracing swap `16befdc4…`: the derived ShardAccount from masterchain
 * block {@link POOL_SWAP_STATE_MC_SEQNO} on, the hash-exact vector's config (version 12), the
 * v2.2 libraries, and the swap in a synthesized shard block committed by the next block. The
 * previous masterchain blocks and the block's `rand_seed` are not recorded: synthesized ids,
 * and no seed (the pool code reads neither).
 *
 * @example
 * ```ts
 * const chain = poolSwapRetraceChain()
 * chain.head // 1001
 * ```
 */
export function poolSwapRetraceChain(state = derivePoolStateBeforeSwap()): RecordedChain {
  const swap = loadPoolAfterSwap().swap
  const chain = new RecordedChain()
  chain.addAccountState(
    state.address,
    { shardAccount: state.shardAccount },
    POOL_SWAP_STATE_MC_SEQNO,
  )
  chain.setConfig(state.config)
  chain.addLibraries(state.libraries)
  chain.addTransactions([
    {
      cell: swap.cell,
      block: { workchain: 0, shard: WHOLE_SHARD, seqno: 1 },
      mcSeqno: POOL_SWAP_STATE_MC_SEQNO + 1,
    },
  ])
  chain.head = POOL_SWAP_STATE_MC_SEQNO + 1
  return chain
}
