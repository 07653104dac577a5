import { type Static, Type } from '@sinclair/typebox'
import { isSuccessResult, type ResultCode } from '../../protocol/resultCodes.js'
import {
  ACTION_KINDS,
  type ActionKind,
  kindVersion,
  type TransactionKind,
} from '../../protocol/transactionKinds.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { IndexedPoolRow, IndexedTransactionRow } from '../../store/rows/indexerRows.js'
import { Nullable } from './common.js'

/** `TxId` (`docs/wire.md` §4.7). */
export const TxIdSchema = Type.Object({
  lt: Type.Integer(),
  hash: Type.String({ description: '64 hex digits' }),
  contract_address: Nullable(Type.String()),
})

/** A u64 on the wire: a JSON integer, held as `bigint` (the serializer writes it exactly). */
const U64 = (description: string) =>
  Type.Unsafe<bigint | number>({ type: 'integer', minimum: 0, description })

/** An action's or effect's `status` (§6.5): its result fields beside `exit_code`. */
const ActionStatusSchema = Type.Object(
  {
    '@type': Type.String({ enum: ['completed', 'pending', 'aborted'] }),
    tx_id: Type.Optional(TxIdSchema),
    success: Type.Optional(Type.Boolean()),
    exit_code: Type.Optional(Type.String({ examples: ['swap_ok'] })),
    query_id: Type.Optional(U64('jetton_transfer effects: the transfer query id')),
  },
  { additionalProperties: true },
)

/** The response of both action-tree routes (§6.5). */
export const ActionTreeSchema = Type.Object({
  tx_chain_completed: Type.Boolean(),
  initial_tx_id: TxIdSchema,
  actions: Type.Array(
    Type.Object(
      {
        '@type': Type.String({ examples: ['swap', 'provide_liquidity', 'jetton_burn'] }),
        contract_major_version: Nullable(Type.String({ examples: ['v2'] })),
        destination: Nullable(Type.String()),
        prev_index: Type.Optional(Type.Integer({ minimum: 0 })),
        tx_payload: Type.Object(
          {
            opcode: Type.Integer({ minimum: 0 }),
            query_id: U64('Query id of the message (an integer, as typed clients read it)'),
            deadline: Type.Optional(U64('DEX v2: UNIX seconds; absent when the message has none')),
          },
          { additionalProperties: true },
        ),
        status: ActionStatusSchema,
        effects: Type.Array(
          Type.Object({
            '@type': Type.String({ examples: ['cb_add_liquidity'] }),
            status: ActionStatusSchema,
          }),
        ),
      },
      { additionalProperties: true },
    ),
  ),
})

/** An action tree as the wire sends it. */
export type WireActionTree = Static<typeof ActionTreeSchema>

/**
 * The action kinds a row indexed before the store kept each action's message fields falls back
 * to (action `@type` and op code from `ACTION_KINDS`): all but the LP account's direct
 * addition, which that fallback never covered.
 */
const LEGACY_ACTION_KINDS: ReadonlySet<string> = new Set(
  (Object.keys(ACTION_KINDS) as ActionKind[]).filter(
    (k) => ACTION_KINDS[k].type !== 'direct_add_liquidity',
  ),
)
const CB_ADD: ReadonlySet<string> = new Set<TransactionKind>([
  'v1.cb_add_liquidity',
  'v2.cb_add_liquidity',
])
const LP_ACCOUNT_ADD: ReadonlySet<string> = new Set<TransactionKind>([
  'v1.add_liquidity',
  'v2.add_liquidity',
])
/** Swap refunds that name the ask side (`docs/wire.md` §6.5). */
const ASK_SIDE_REFUNDS: ReadonlySet<string> = new Set<ResultCode>([
  'swap_refund_no_liq',
  'swap_refund_reserve_err',
])

/** What {@link buildActionTree} needs: one trace, its operations and the pools it touched. */
export type ActionTreeInput = {
  /** Every indexed transaction of the trace (any order); the origin among them. */
  readonly transactions: readonly IndexedTransactionRow[]
  readonly operations: readonly OperationRow[]
  readonly pools: ReadonlyMap<string, IndexedPoolRow>
  /** Router addresses: a router transaction with no indexed child is a chain still running. */
  readonly routers: ReadonlySet<string>
  readonly originHash: string
}

type Json = Record<string, unknown>

/**
 * The action tree of one trace (`docs/wire.md` §6.5): every exchange action its
 * transactions performed, in logical-time order, with `prev_index` pointing at the nearest
 * ancestor action. The action's `@type`, version and `tx_payload` come from the transaction's
 * stored action (the indexer's `actionPayload`); a row indexed before actions were stored falls
 * back to its kind, op code and query id. A transaction that aborted is `aborted`; a finished
 * one is `completed` with `success`, the exit-code name of §2.10 and the result fields: amounts
 * from the operation row, plus what only the outbound messages said (stored with the action).
 * A provision whose LP-account step is not indexed yet has a `pending` `cb_add_liquidity`
 * effect; `tx_chain_completed` is false while anything is pending or a router transaction has
 * no indexed child yet.
 *
 * @example
 * ```ts
 * const tree = buildActionTree({ transactions, operations, pools, routers, originHash: 'ab…' })
 * tree.actions[0] // { '@type': 'swap', status: { '@type': 'completed', exit_code: 'swap_ok', … }, … }
 * ```
 */
export function buildActionTree(input: ActionTreeInput): WireActionTree {
  const txs = [...input.transactions].sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0))
  const byHash = new Map(txs.map((t) => [t.hash, t]))
  const children = new Map<string, IndexedTransactionRow[]>()
  for (const t of txs) {
    if (t.parentHash === null) continue
    const list = children.get(t.parentHash) ?? []
    list.push(t)
    children.set(t.parentHash, list)
  }
  const opByTx = new Map(input.operations.map((o) => [o.poolTxHash, o]))
  const descendants = (hash: string): IndexedTransactionRow[] => {
    const out: IndexedTransactionRow[] = []
    const stack = [...(children.get(hash) ?? [])]
    for (let t = stack.pop(); t !== undefined; t = stack.pop()) {
      out.push(t)
      stack.push(...(children.get(t.hash) ?? []))
    }
    return out
  }

  const actions: Json[] = []
  const actionIndex = new Map<string, number>()
  let pending = false
  for (const tx of txs) {
    if (input.routers.has(tx.account) && !tx.aborted && !children.has(tx.hash)) pending = true
    const stored = tx.action
    const entry =
      stored === null && LEGACY_ACTION_KINDS.has(tx.kind)
        ? ACTION_KINDS[tx.kind as ActionKind]
        : undefined
    if (stored === null && entry === undefined) continue
    const op = opByTx.get(tx.hash)
    const pool = input.pools.get(tx.account)
    const type = stored?.type ?? entry?.type ?? 'other'
    const action: Json = {
      '@type': type,
      contract_major_version: stored?.version ?? kindVersion(tx.kind),
      destination: tx.account,
      tx_payload: integerIds(stored?.txPayload ?? legacyPayload(type, entry?.op ?? 0, tx, op)),
      status: status(tx, op, pool),
      effects: [] as Json[],
    }
    const parent = nearestAction(tx, byHash, actionIndex)
    if (parent !== undefined) action.prev_index = parent
    if (type === 'provide_liquidity' && !tx.aborted && tx.resultCode === 'provide_liquidity_ok') {
      const below = descendants(tx.hash)
      const callbacks = below.filter((t) => CB_ADD.has(t.kind))
      for (const cb of callbacks) {
        const cbStatus = status(cb, opByTx.get(cb.hash), input.pools.get(cb.account))
        ;(action.effects as Json[]).push({ '@type': 'cb_add_liquidity', status: cbStatus })
      }
      if (callbacks.length === 0 && !below.some((t) => LP_ACCOUNT_ADD.has(t.kind))) {
        ;(action.effects as Json[]).push({
          '@type': 'cb_add_liquidity',
          status: { '@type': 'pending' },
        })
        pending = true
      }
    }
    actionIndex.set(tx.hash, actions.length)
    actions.push(action)
  }
  const origin = byHash.get(input.originHash)
  return {
    tx_chain_completed: origin !== undefined && !pending,
    initial_tx_id: {
      lt: origin === undefined ? 0 : Number(origin.lt),
      hash: input.originHash,
      contract_address: origin?.account ?? null,
    },
    // Built field by field above as the §6.5 shapes; ActionTreeSchema declares them.
    actions: actions as WireActionTree['actions'],
  }
}

function nearestAction(
  tx: IndexedTransactionRow,
  byHash: ReadonlyMap<string, IndexedTransactionRow>,
  actionIndex: ReadonlyMap<string, number>,
): number | undefined {
  let parent = tx.parentHash === null ? undefined : byHash.get(tx.parentHash)
  while (parent !== undefined) {
    const index = actionIndex.get(parent.hash)
    if (index !== undefined) return index
    parent = parent.parentHash === null ? undefined : byHash.get(parent.parentHash)
  }
  return undefined
}

/** `tx_payload` of a row indexed without its action: what the row and the operation hold. */
function legacyPayload(type: string, opcode: number, tx: IndexedTransactionRow, op?: OperationRow) {
  const base: Json = { opcode, query_id: tx.queryId ?? 0n }
  if (type === 'swap' && op?.referralAddress) base.referral_address = op.referralAddress
  if (type === 'jetton_burn' && op !== undefined) base.amount = (-op.lpTokenDelta).toString()
  return base
}

function status(tx: IndexedTransactionRow, op?: OperationRow, pool?: IndexedPoolRow): Json {
  if (tx.aborted) return { '@type': 'aborted' }
  const exitCode = tx.resultCode ?? tx.action?.exitCode ?? op?.exitCode ?? 'bounce'
  return {
    '@type': 'completed',
    tx_id: { lt: Number(tx.lt), hash: tx.hash, contract_address: tx.account },
    success: isSuccessResult(exitCode),
    exit_code: exitCode,
    ...(op === undefined ? {} : resultFields(exitCode, op, pool)),
    // What only the transaction's outbound messages said (fwd_gas, add_liquidity, vault_pay_to).
    ...integerIds(tx.action?.result ?? {}),
  }
}

/**
 * The 64-bit integers of a payload or result (`query_id`, `deadline`) as `bigint`, which the
 * response serializer writes as JSON integers (typed clients read them as u64; the stored
 * action keeps them as decimal strings).
 */
function integerIds(fields: Readonly<Json>): Json {
  const out: Json = { ...fields }
  for (const key of ['query_id', 'deadline']) {
    const value = out[key]
    if (typeof value === 'string' && /^[0-9]+$/.test(value)) out[key] = BigInt(value)
    else if (value === null) delete out[key]
  }
  return out
}

function resultFields(exitCode: string, op: OperationRow, pool?: IndexedPoolRow): Json {
  const w0 = pool?.wallet0 ?? null
  const w1 = pool?.wallet1 ?? null
  const in0 = op.asset0Delta > 0n || (op.asset0Delta === 0n && op.asset0Amount > 0n)
  const offer = in0
    ? { wallet: w0, jetton: op.asset0Address, amount: op.asset0Amount }
    : { wallet: w1, jetton: op.asset1Address, amount: op.asset1Amount }
  const ask = in0
    ? { wallet: w1, jetton: op.asset1Address, amount: op.asset1Amount }
    : { wallet: w0, jetton: op.asset0Address, amount: op.asset0Amount }
  switch (exitCode) {
    case 'swap_ok':
    case 'swap_ok_ref': {
      const fields: Json = {
        ask_jetton_wallet: ask.wallet,
        ask_jetton: ask.jetton,
        ask_jetton_amount: ask.amount.toString(),
        offer_jetton_wallet: offer.wallet,
        offer_jetton: offer.jetton,
        offer_jetton_amount: offer.amount.toString(),
        is_reversed: false,
      }
      if (exitCode === 'swap_ok_ref') {
        fields.ref_offer_jetton_wallet = offer.wallet
        fields.ref_ask_jetton_wallet = ask.wallet
        fields.ref_ask_amount = op.referralFeeAmount.toString()
      }
      return fields
    }
    case 'provide_liquidity_ok':
      return {
        amount0_out: op.asset0Amount.toString(),
        amount1_out: op.asset1Amount.toString(),
        to_address: op.destinationWalletAddress,
      }
    case 'mint_lp_ok':
      return { lp_out: op.lpTokenDelta.toString() }
    case 'burn_ok':
      return {
        from_address: op.walletAddress,
        amount0_out: op.asset0Amount.toString(),
        amount1_out: op.asset1Amount.toString(),
      }
    case 'collect_fees_ok':
      return {
        protocol_fee_address: op.destinationWalletAddress,
        collected_token0_protocol_fee: op.asset0Amount.toString(),
        collected_token1_protocol_fee: op.asset1Amount.toString(),
      }
    case 'refund_ok':
      return {
        user_address: op.walletAddress,
        amount0_out: op.asset0Amount.toString(),
        router_jetton0_address: w0,
        amount1_out: op.asset1Amount.toString(),
        router_jetton1_address: w1,
      }
    default:
      if (!exitCode.startsWith('swap_')) return {}
      // A refund returns the offered amount; two codes name it by the ask side (§6.5).
      return ASK_SIDE_REFUNDS.has(exitCode)
        ? { ask_jetton_wallet: ask.wallet, ask_amount: offer.amount.toString() }
        : { offer_jetton_wallet: offer.wallet, offer_amount: offer.amount.toString() }
  }
}
