import { Address, beginCell, Cell, CellType, type Slice } from '@ton/core'
import type { BlockTransaction } from './mainnetBlock.js'
import {
  type ChainBlock,
  loadConfig46991999,
  loadRecordedBlock,
  loadTxEmulation,
  type RecordedBlockFile,
  RecordedChain,
  withGlobalVersion,
} from './mainnetData.js'

/**
 * The accounts' states **before** a recorded block, read from the block itself.
 *
 * A block carries `state_update:^(MERKLE_UPDATE ShardState)` (ton-blockchain/ton
 * `crypto/block/block.tlb`): the shard state before the block and after it, each pruned to what
 * the block touched. Where the old tree keeps an account's `ShardAccount`, its `Account` cell is
 * there with its own bits (address, storage stat, `last_paid`, balance, `last_trans_lt`), and its
 * unchanged subtrees (the code, an unchanged data cell…) are **pruned branches**: a cell that
 * keeps only the hash and depth of what it stands for. A pruned branch is filled here with a cell
 * of the very same hash found elsewhere in the recording — the block's new tree, its old tree,
 * its transactions (messages, state-inits) or cells the caller names (another recording of the
 * same contract). A cell is its hash: the filled `Account` hashes to the transaction's own
 * `state_update.old`, which is checked, so the state is exact, not approximated.
 *
 * What stays out of reach is reported by hash: a router's data cell, say, never changes on a swap
 * and never travels in a message, so every block prunes it and no recording holds it.
 */

/** What a block says of one account's state before it. */
export type StateBeforeBlock =
  /** Every cell is there (pruned branches filled by same-hash cells): the exact ShardAccount. */
  | { readonly kind: 'complete'; readonly shardAccount: Cell; readonly filled: number }
  /** The old tree has no such account: it did not exist before the block. */
  | { readonly kind: 'new' }
  /** The old tree is pruned above the account: the block does not record its state before. */
  | { readonly kind: 'not-recorded' }
  /** The account cell is there, but these cells (hash, hex) are pruned and nothing recorded has them. */
  | { readonly kind: 'incomplete'; readonly missing: readonly string[] }

const SHARD_STATE_TAG = 0x9023afe2

/**
 * The state before the block of every account with a transaction in it, by account id (hex).
 * `extraCells`: other recordings whose cells may fill pruned branches (matched by hash only).
 * Throws when a recorded `Account` cell does not hash to its first transaction's
 * `state_update.old` (the recording is altered).
 *
 * @example
 * ```ts
 * const block = loadRecordedBlock('trs-57314442')
 * const states = statesBeforeBlock(block.root, block.transactions)
 * states.get('d328ac2d16382a9a…')?.kind // 'complete' (the v2 pool of swap baee8b17)
 * ```
 */
export function statesBeforeBlock(
  root: Cell,
  transactions: readonly BlockTransaction[],
  extraCells: readonly Cell[] = [],
): Map<string, StateBeforeBlock> {
  const update = root.refs[2]
  if (update === undefined || update.type !== CellType.MerkleUpdate) {
    throw new Error('the block has no state update')
  }
  const [oldState, newState] = update.refs as [Cell, Cell]
  const known = new Map<string, Cell>()
  for (const c of [newState, oldState, ...transactions.map((t) => t.cell), ...extraCells]) {
    collectFull(c, known)
  }
  const accounts = shardAccountsRoot(oldState)
  const out = new Map<string, StateBeforeBlock>()
  const firstTx = new Map<string, BlockTransaction>()
  for (const t of transactions) {
    const id = t.accountId.toString('hex')
    const seen = firstTx.get(id)
    if (seen === undefined || t.lt < seen.lt) firstTx.set(id, t)
  }
  for (const [id, first] of firstTx) {
    const leaf = accounts === undefined ? 'new' : findLeaf(accounts, BigInt(`0x${id}`), 256)
    if (leaf === 'new' || leaf === 'pruned') {
      out.set(id, { kind: leaf === 'new' ? 'new' : 'not-recorded' })
      continue
    }
    const account = leaf.loadRef()
    const lastHash = leaf.loadBuffer(32)
    const lastLt = leaf.loadUintBig(64)
    const want = first.transaction.stateUpdate.oldHash
    if (!account.hash(0).equals(want)) {
      throw new Error(
        `recorded data altered: account ${id} before the block hashes to ${account.hash(0).toString('hex')}, not ${want.toString('hex')}`,
      )
    }
    const missing: string[] = []
    let filled = 0
    const fill = (c: Cell): Cell => {
      if (c.type === CellType.PrunedBranch) {
        const hash = prunedHash(c)
        const found = known.get(hash)
        if (found === undefined) {
          missing.push(hash)
          return c
        }
        filled++
        return found
      }
      if (c.level() === 0) return c
      return new Cell({ exotic: c.isExotic, bits: c.bits, refs: c.refs.map(fill) })
    }
    const full = fill(account)
    if (missing.length > 0) {
      out.set(id, { kind: 'incomplete', missing })
      continue
    }
    if (!full.hash().equals(want)) throw new Error(`filling account ${id} changed its hash`)
    const shardAccount = beginCell()
      .storeRef(full)
      .storeBuffer(lastHash)
      .storeUint(lastLt, 64)
      .endCell()
    out.set(id, { kind: 'complete', shardAccount, filled })
  }
  return out
}

/**
 * A recorded chain for **retracing** the transactions of a recorded block: the block (committed
 * by its `master_ref` + 1), every account's state before it that the block records completely
 * (from masterchain block `master_ref` on), the STON.fi v2.2 libraries of
 * `txemulord_with_libs.json` (pool `a9338ecd…`, LP wallet, LP account), and key block
 * 46991999's config — with ConfigParam 8 set to the block's own `gen_software` when
 * `config: 'block-version'` (the block's own config is in no public recording; the replay's
 * hash tells whether the rest of it agrees). `states` replaces some states (by account id) —
 * a corrupted one, say.
 *
 * @example
 * ```ts
 * const { chain, states } = blockRetraceChain('trs-57314442', { config: 'block-version' })
 * chain.head // 52304285: master_ref 52304284 + 1
 * ```
 */
export function blockRetraceChain(
  name: RecordedBlockFile['name'],
  options: {
    readonly config?: 'recorded' | 'block-version'
    readonly extraCells?: readonly Cell[]
    readonly states?: ReadonlyMap<string, Cell>
  } = {},
): { chain: RecordedChain; block: ChainBlock; states: Map<string, StateBeforeBlock> } {
  const recorded = loadRecordedBlock(name)
  const h = recorded.header
  if (h.masterRef === undefined) throw new Error(`${name} is not a shard block`)
  const states =
    options.extraCells === undefined
      ? statesOf(name)
      : statesBeforeBlock(recorded.root, recorded.transactions, options.extraCells)
  const chain = new RecordedChain()
  const block = chain.addBlock(recorded)
  const config = loadConfig46991999().dict
  if (options.config === 'block-version') {
    if (h.genSoftware === undefined) throw new Error(`${name} has no gen_software`)
    chain.setConfig(withGlobalVersion(config, h.genSoftware))
  } else chain.setConfig(config)
  chain.addLibraries(loadTxEmulation('stonfiPoolSwap').libraries)
  for (const [id, state] of states) {
    const cell =
      options.states?.get(id) ?? (state.kind === 'complete' ? state.shardAccount : undefined)
    if (cell === undefined) continue
    chain.addAccountState(
      accountAddress(h.workchain, id),
      { shardAccount: cell },
      h.masterRef.seqno,
    )
  }
  chain.head = block.mcSeqno
  return { chain, block, states }
}

const byBlock = new Map<string, Map<string, StateBeforeBlock>>()

/** {@link statesBeforeBlock} of a recorded block, read once per run (its states are cells: immutable). */
function statesOf(name: RecordedBlockFile['name']): Map<string, StateBeforeBlock> {
  let states = byBlock.get(name)
  if (states === undefined) {
    const recorded = loadRecordedBlock(name)
    states = statesBeforeBlock(recorded.root, recorded.transactions)
    byBlock.set(name, states)
  }
  return states
}

/**
 * The address of an account id in a block of `workchain`.
 *
 * @example
 * ```ts
 * accountAddress(0, 'd328ac2d16382a9a…').toString() // 'EQDTKKwtFjgqmq92qEwH-yS1DGrIZZyQ_eEuvWVpTrWJCnDZ'
 * ```
 */
export function accountAddress(workchain: number, id: string): Address {
  return new Address(workchain, Buffer.from(id, 'hex'))
}

/** Every cell without a pruned branch below it, by hash. */
function collectFull(c: Cell, into: Map<string, Cell>): void {
  if (c.type === CellType.PrunedBranch) return
  if (c.level() === 0) {
    const key = c.hash().toString('hex')
    if (into.has(key)) return
    into.set(key, c)
  }
  for (const r of c.refs) collectFull(r, into)
}

/** A pruned branch's level-0 hash: after its type and level-mask bytes. */
function prunedHash(c: Cell): string {
  const bytes = c.bits.subbuffer(16, 256)
  if (bytes === null) throw new Error('a pruned branch too short')
  return bytes.toString('hex')
}

/** `accounts:^ShardAccounts` of a `ShardStateUnsplit`: the `HashmapAug` root, or undefined when empty. */
function shardAccountsRoot(state: Cell): Cell | undefined {
  const s = state.beginParse(true)
  const tag = s.loadUint(32)
  if (tag !== SHARD_STATE_TAG) throw new Error(`not a ShardStateUnsplit: 0x${tag.toString(16)}`)
  const accounts = state.refs[1]
  if (accounts === undefined) throw new Error('a shard state without accounts')
  const a = accounts.beginParse(true)
  return a.loadBit() ? accounts.refs[0] : undefined // ahme_root$1 / ahme_empty$0
}

/**
 * The `ShardAccount` leaf of `HashmapAug 256 ShardAccount DepthBalanceInfo` for `key`, positioned
 * after the leaf's extra; `new` when the key is absent, `pruned` when the path is pruned.
 */
function findLeaf(node: Cell, key: bigint, m: number): Slice | 'new' | 'pruned' {
  if (node.type === CellType.PrunedBranch) return 'pruned'
  const s = node.beginParse(true)
  const label = readLabel(s, m)
  const rest = m - label.length
  const want = label.length === 0 ? 0n : (key >> BigInt(rest)) & ((1n << BigInt(label.length)) - 1n)
  if (want !== label.prefix) return 'new'
  if (rest === 0) {
    // ahmn_leaf: extra (DepthBalanceInfo: split_depth:(#<= 30) balance:CurrencyCollection), value.
    s.loadUint(5)
    s.loadCoins()
    s.loadMaybeRef()
    return s
  }
  const bit = Number((key >> BigInt(rest - 1)) & 1n)
  const child = node.refs[bit]
  if (child === undefined) throw new Error('a dictionary fork without its child')
  return findLeaf(child, key & ((1n << BigInt(rest - 1)) - 1n), rest - 1)
}

/** `HmLabel ~n m`: `hml_short$0`, `hml_long$10`, `hml_same$11`. */
function readLabel(s: Slice, m: number): { length: number; prefix: bigint } {
  const lengthBits = Math.ceil(Math.log2(m + 1))
  if (!s.loadBit()) {
    let n = 0
    while (s.loadBit()) n++
    return { length: n, prefix: n === 0 ? 0n : s.loadUintBig(n) }
  }
  if (!s.loadBit()) {
    const n = s.loadUint(lengthBits)
    return { length: n, prefix: n === 0 ? 0n : s.loadUintBig(n) }
  }
  const same = s.loadBit()
  const n = s.loadUint(lengthBits)
  return { length: n, prefix: same ? (1n << BigInt(n)) - 1n : 0n }
}
