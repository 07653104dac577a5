import {
  type Address,
  Cell,
  loadShardAccount,
  parseTuple,
  type Transaction,
  TupleReader,
} from '@ton/core'
import { Executor } from '@ton/sandbox'
import { PoolMathError } from '../../core/errors/PoolMathError.js'
import { swap } from '../../core/ops/swap.js'
import { createPoolState, type PoolKind, type PoolState } from '../../core/pool/PoolState.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { decodeBody, opOf } from '../../protocol/decode/decodeBody.js'
import { DEX_V1_POOL_DATA, dexV2PoolData } from '../../protocol/dex/getMethods.js'
import { callGetMethod, type GetMethodRunner } from '../../protocol/getMethod.js'
import { JETTON_SUPPLY } from '../../protocol/jetton/getMethods.js'
import { type ResultCode, resultName } from '../../protocol/resultCodes.js'
import { inMessageCell } from './locate.js'
import { librariesCell } from './replay.js'

/**
 * A STON.fi transaction in the exchange's terms: what a support engineer asks when a user says
 * "my swap was refunded". Amounts are raw units of the token named by its router wallet.
 *
 * @example
 * ```ts
 * const r: ExchangeReading = { contract: 'v2 pool', operation: 'swap', inMessage: 'v2.swap',
 *   offer: { side: 0, amount: 10n }, minOut: 1n, deadline: 1766451289n, deadlinePassed: false,
 *   quote: { amountOut: 6762n, protocolFeeOut: 7n, referralFeeOut: 7n, result: 'swap_ok' },
 *   paid: { amountOut: 6762n, referralFeeOut: 7n, result: 'swap_ok' }, paidAsQuoted: true,
 *   result: { code: 0xc64370e5, name: 'swap_ok' }, outMessages: [], poolBefore: undefined, referral: undefined, computeExitCode: 0 }
 * ```
 */
export type ExchangeReading = {
  readonly contract: 'v1 pool' | 'v2 pool' | 'router' | 'jetton wallet' | 'v2 vault' | 'unknown'
  readonly operation:
    | 'swap'
    | 'provision'
    | 'burn'
    | 'referral'
    | 'vault'
    | 'payout'
    | 'transfer'
    | 'refund'
    | 'other'
  /** The in-message's decoded type (`v2.swap`), or its op in hex. */
  readonly inMessage: string
  readonly offer?:
    | { readonly side?: 0 | 1; readonly amount: bigint; readonly wallet?: string | undefined }
    | undefined
  readonly minOut?: bigint | undefined
  readonly deadline?: bigint | undefined
  readonly deadlinePassed?: boolean | undefined
  readonly referral: { readonly address: string; readonly bps: bigint } | undefined
  /** The pool's `get_pool_data` on the replayed state before the transaction. */
  readonly poolBefore: PoolState | undefined
  /** `core/`'s swap on that state. */
  readonly quote?:
    | { amountOut: bigint; protocolFeeOut: bigint; referralFeeOut: bigint; result: ResultCode }
    | undefined
  /** What the transaction's out-messages paid. */
  readonly paid?: { amountOut: bigint; referralFeeOut: bigint; result: ResultCode } | undefined
  /** Whether mainnet paid exactly the quote (result code and amounts). */
  readonly paidAsQuoted?: boolean | undefined
  /** The exchange result code the transaction carried (`pay_to`'s exit code, a refund's inline code). */
  readonly result: { readonly code: number; readonly name: ResultCode } | undefined
  readonly outMessages: readonly { readonly to: string; readonly type: string }[]
  readonly computeExitCode: number | undefined
}

/** Known pool code hashes (the hash a library cell names): DEX v2.2 and v2.1 constant product. */
const POOL_CODE_KINDS: Readonly<Record<string, PoolKind>> = {
  a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4: 'constant_product',
  '2aacac5554a8a49d6d1e6528e142b46b557034c3b79685369a815800b5a008d5': 'constant_product',
}

/**
 * Reads a transaction in the exchange's terms: its in-message and out-messages decoded by
 * `protocol/`, and for a pool swap the pool's state before (`get_pool_data` on the replayed
 * ShardAccount, with the libraries), `core/`'s quote on it and whether mainnet paid exactly
 * that. `undefined` for a transaction no STON.fi decoder knows.
 *
 * @example
 * ```ts
 * const r = await readExchange({ tx, txCell, before, libraries, config })
 * r?.operation // 'swap'
 * r?.paidAsQuoted // true
 * ```
 */
export async function readExchange(p: {
  tx: Transaction
  txCell: Cell
  before: Cell
  libraries: ReadonlyMap<string, Cell>
  config: Cell
  /** The emulator to run the getters on (a get-method gets its own TVM per call); default a new one. */
  executor?: Executor | undefined
}): Promise<ExchangeReading | undefined> {
  const { tx } = p
  const inCell = inMessageCell(p.txCell)
  const inInfo = tx.inMessage?.info
  const body = inInfo?.type === 'internal' ? decodeBody(tx.inMessage?.body) : undefined
  const outs = [...tx.outMessages.values()].map((m) => ({
    to: m.info.type === 'internal' ? m.info.dest.toString() : 'external',
    decoded: decodeBody(m.body),
    op: opOf(m.body),
  }))
  if (body === undefined && outs.every((o) => o.decoded === undefined)) return undefined
  const d = tx.description
  const computeExitCode =
    d.type === 'generic' && d.computePhase.type === 'vm' ? d.computePhase.exitCode : undefined
  const outMessages = outs.map((o) => ({
    to: o.to,
    type:
      o.decoded?.type ??
      (o.op === undefined ? 'empty' : `op 0x${o.op.toString(16).padStart(8, '0')}`),
  }))
  const inName =
    body?.type ??
    (inCell === undefined ? 'none' : `op 0x${(opOf(tx.inMessage?.body) ?? 0).toString(16)}`)
  const base = {
    inMessage: inName,
    outMessages,
    computeExitCode,
    referral: undefined,
    poolBefore: undefined,
  }
  const payTo = outs.find(
    (o) => o.decoded?.type === 'v2.pay_to' || o.decoded?.type === 'v1.pay_to',
  )?.decoded
  const resultOf = (b: DecodedBody | undefined) =>
    b !== undefined && 'exitCode' in b && typeof b.exitCode === 'number'
      ? { code: b.exitCode, name: resultName(b.exitCode) }
      : undefined
  if (body?.type === 'v2.swap' || body?.type === 'v1.swap') {
    return poolSwap(
      p,
      body,
      outs.map((o) => o.decoded),
      { ...base, result: resultOf(payTo) },
    )
  }
  if (body === undefined) {
    return { ...base, contract: 'unknown', operation: 'other', result: resultOf(payTo) }
  }
  const t = body.type
  if (
    t === 'v2.provide_lp' ||
    t === 'v1.provide_lp' ||
    t === 'v2.cb_add_liquidity' ||
    t === 'v1.cb_add_liquidity' ||
    t === 'v2.add_liquidity' ||
    t === 'v1.add_liquidity' ||
    t === 'v2.direct_add_liquidity' ||
    t === 'v1.direct_add_liquidity'
  ) {
    return {
      ...base,
      contract:
        t.endsWith('add_liquidity') && !t.includes('cb_')
          ? 'unknown'
          : t.startsWith('v1')
            ? 'v1 pool'
            : 'v2 pool',
      operation: 'provision',
      result: resultOf(payTo),
    }
  }
  if (t === 'v2.burn_notification_ext' || t === 'v1.burn_notification' || t === 'jetton.burn') {
    return {
      ...base,
      contract: t === 'jetton.burn' ? 'jetton wallet' : t.startsWith('v1') ? 'v1 pool' : 'v2 pool',
      operation: 'burn',
      offer: { amount: body.amount },
      result: resultOf(payTo),
    }
  }
  if (t === 'v2.deposit_ref_fee' || t === 'v2.pay_vault') {
    return {
      ...base,
      contract: t === 'v2.pay_vault' ? 'router' : 'v2 vault',
      operation: 'referral',
      result: undefined,
    }
  }
  if (t === 'v2.vault_pay_to' || t === 'v2.withdraw_fee') {
    return {
      ...base,
      contract: t === 'v2.vault_pay_to' ? 'router' : 'v2 vault',
      operation: 'vault',
      result: undefined,
    }
  }
  if (t === 'v2.pay_to' || t === 'v1.pay_to') {
    return { ...base, contract: 'router', operation: 'payout', result: resultOf(body) }
  }
  if (t === 'jetton.transfer_notification') {
    const refund = outs.find((o) => o.decoded?.type === 'jetton.transfer')?.decoded
    const inline = refund?.type === 'jetton.transfer' ? refund.inlineExitCode : undefined
    const forwarded = outs.find(
      (o) =>
        o.decoded?.type === 'v2.swap' ||
        o.decoded?.type === 'v1.swap' ||
        o.decoded?.type === 'v2.provide_lp' ||
        o.decoded?.type === 'v1.provide_lp',
    )?.decoded
    const swapOut = forwarded?.type === 'v2.swap' ? forwarded : undefined
    return {
      ...base,
      contract: 'router',
      operation:
        forwarded === undefined
          ? inline === undefined
            ? 'other'
            : 'refund'
          : forwarded.type.endsWith('swap')
            ? 'swap'
            : 'provision',
      offer: {
        amount: body.amount,
        wallet:
          tx.inMessage?.info.type === 'internal' ? tx.inMessage.info.src.toString() : undefined,
      },
      minOut:
        swapOut?.payload.minOut ?? (forwarded?.type === 'v1.swap' ? forwarded.minOut : undefined),
      deadline: swapOut?.payload.deadline,
      deadlinePassed: swapOut === undefined ? undefined : BigInt(tx.now) > swapOut.payload.deadline,
      result: inline === undefined ? undefined : { code: inline, name: resultName(inline) },
    }
  }
  if (t.startsWith('jetton.')) {
    const amount = 'amount' in body && typeof body.amount === 'bigint' ? body.amount : undefined
    return {
      ...base,
      contract: 'jetton wallet',
      operation: 'transfer',
      ...(amount === undefined ? {} : { offer: { amount } }),
      result: undefined,
    }
  }
  return { ...base, contract: 'unknown', operation: 'other', result: resultOf(payTo) }
}

type Base = Pick<ExchangeReading, 'inMessage' | 'outMessages' | 'computeExitCode' | 'result'>

/** A pool's swap: the terms, the pool before, the quote and what was paid. */
async function poolSwap(
  p: {
    tx: Transaction
    before: Cell
    libraries: ReadonlyMap<string, Cell>
    config: Cell
    executor?: Executor | undefined
  },
  body: Extract<DecodedBody, { type: 'v2.swap' | 'v1.swap' }>,
  outs: readonly (DecodedBody | undefined)[],
  base: Base,
): Promise<ExchangeReading> {
  const v2 = body.type === 'v2.swap'
  const now = BigInt(p.tx.now)
  const state = await poolStateBefore(p, v2 ? 'v2' : 'v1')
  let side: 0 | 1
  let amountIn: bigint
  let minOut: bigint
  let deadline: bigint | undefined
  let referral: { address: string; bps: bigint } | undefined
  if (body.type === 'v2.swap') {
    side = body.amount0 > 0n ? 0 : 1
    amountIn = side === 0 ? body.amount0 : body.amount1
    minOut = body.payload.minOut
    deadline = body.payload.deadline
    referral =
      body.payload.referralAddress === null
        ? undefined
        : { address: body.payload.referralAddress.toString(), bps: body.payload.referralBps }
  } else {
    const w0 = state?.wallets[0]
    side = w0 !== undefined && body.senderWallet !== null && w0.equals(body.senderWallet) ? 0 : 1
    amountIn = body.jettonAmount
    minOut = body.minOut
    referral =
      body.referralAddress === null
        ? undefined
        : { address: body.referralAddress.toString(), bps: state?.pool.refFee ?? 0n }
  }
  const deadlinePassed = deadline === undefined ? undefined : now > deadline
  let quote: ExchangeReading['quote']
  if (state?.kindKnown) {
    if (deadlinePassed === true) {
      quote = {
        amountOut: 0n,
        protocolFeeOut: 0n,
        referralFeeOut: 0n,
        result: 'swap_refund_tx_expired',
      }
    } else {
      try {
        const r = swap(state.pool, {
          side,
          amountIn,
          minAmountOut: minOut,
          ...(v2 ? { referralBps: referral?.bps ?? 0n } : { hasReferral: referral !== undefined }),
        })
        quote = {
          amountOut: r.amountOut,
          protocolFeeOut: r.protocolFeeOut,
          referralFeeOut: r.referralFeeOut,
          result: 'swap_ok',
        }
      } catch (error) {
        if (!(error instanceof PoolMathError)) throw error
        const code = error.exitCode
        quote = {
          amountOut: 0n,
          protocolFeeOut: 0n,
          referralFeeOut: 0n,
          result: code === undefined ? (error.reason as ResultCode) : resultName(code),
        }
      }
    }
  }
  // What was paid: the receiver's pay_to (the ask side) and the referral's (v2 pay_vault, v1 a
  // second pay_to with swap_ok_ref).
  let amountOut = 0n
  let referralFeeOut = 0n
  let result: ResultCode | undefined
  const askSide = side === 0 ? 1 : 0
  for (const o of outs) {
    if (o?.type === 'v2.pay_to' || o?.type === 'v1.pay_to') {
      const name = resultName(o.exitCode)
      const amount = askSide === 0 ? o.amount0 : o.amount1
      if (name === 'swap_ok_ref') referralFeeOut += amount
      else {
        result = name
        amountOut += name === 'swap_ok' ? amount : 0n
      }
    } else if (o?.type === 'v2.pay_vault') {
      referralFeeOut += askSide === 0 ? o.amount0 : o.amount1
    }
  }
  const paid = result === undefined ? undefined : { amountOut, referralFeeOut, result }
  const paidAsQuoted =
    quote === undefined || paid === undefined
      ? undefined
      : quote.result === paid.result &&
        quote.amountOut === paid.amountOut &&
        quote.referralFeeOut === paid.referralFeeOut
  return {
    ...base,
    contract: v2 ? 'v2 pool' : 'v1 pool',
    operation: 'swap',
    offer: { side, amount: amountIn, wallet: state?.wallets[side]?.toString() },
    minOut,
    deadline,
    deadlinePassed,
    referral,
    poolBefore: state?.pool,
    quote,
    paid,
    paidAsQuoted,
  }
}

/** The pool's state before the transaction: `get_pool_data` (and, DEX v1, `get_jetton_data`'s
 * supply) run on the replayed ShardAccount with the libraries. */
async function poolStateBefore(
  p: {
    tx: Transaction
    before: Cell
    libraries: ReadonlyMap<string, Cell>
    config: Cell
    executor?: Executor | undefined
  },
  dex: 'v1' | 'v2',
): Promise<{ pool: PoolState; wallets: [Address, Address]; kindKnown: boolean } | undefined> {
  const sa = loadShardAccount(p.before.beginParse())
  const account = sa.account
  if (account === undefined || account === null || account.storage.state.type !== 'active')
    return undefined
  const { code, data } = account.storage.state.state
  if (code === undefined || code === null || data === undefined || data === null) return undefined
  const executor = p.executor ?? (await Executor.create())
  const run: GetMethodRunner = async (address, name, args) => {
    const r = await executor.runGetMethod({
      code,
      data,
      methodId: methodId(name),
      stack: args,
      config: p.config.toBoc().toString('base64'),
      verbosity: 'short',
      ...(p.libraries.size === 0 ? {} : { libs: librariesCell(p.libraries) as Cell }),
      address,
      unixTime: p.tx.now,
      balance: account.storage.balance.coins,
      randomSeed: Buffer.alloc(32),
      gasLimit: 10_000_000n,
      debugEnabled: false,
    })
    const out = r.output
    if (!out.success || (out.vm_exit_code !== 0 && out.vm_exit_code !== 1)) return undefined
    return new TupleReader(parseTuple(Cell.fromBase64(out.stack)))
  }
  const known = POOL_CODE_KINDS[libraryCodeHash(code)]
  const kind = known ?? 'constant_product'
  const poolData = dex === 'v2' ? dexV2PoolData(kind) : DEX_V1_POOL_DATA
  // Run outside the `try` (a failing executor throws), read inside it (a foreign stack is undefined).
  const stack = await run(account.addr, poolData.name, poolData.args())
  if (stack === undefined) return undefined
  try {
    if (dex === 'v2') {
      const d = dexV2PoolData(kind).read(stack)
      const pool = createPoolState({
        dex,
        kind,
        reserve0: d.reserve0,
        reserve1: d.reserve1,
        totalSupply: d.totalSupply,
        lpFee: d.lpFee,
        protocolFee: d.protocolFee,
        collectedProtocolFee0: d.collectedProtocolFee0,
        collectedProtocolFee1: d.collectedProtocolFee1,
      })
      return { pool, wallets: [d.token0Wallet, d.token1Wallet], kindKnown: known !== undefined }
    }
    const d = DEX_V1_POOL_DATA.read(stack)
    // TEP-74 `get_jetton_data`: the LP supply comes first.
    const supply = (await callGetMethod(run, account.addr, JETTON_SUPPLY)) ?? 0n
    const pool = createPoolState({
      dex,
      kind: 'constant_product',
      reserve0: d.reserve0,
      reserve1: d.reserve1,
      totalSupply: supply,
      lpFee: d.lpFee,
      protocolFee: d.protocolFee,
      refFee: d.refFee,
      collectedProtocolFee0: d.collectedProtocolFee0,
      collectedProtocolFee1: d.collectedProtocolFee1,
    })
    return { pool, wallets: [d.token0Wallet, d.token1Wallet], kindKnown: true }
  } catch {
    return undefined
  }
}

/** The hash a library cell names, or the code's own hash. */
function libraryCodeHash(code: Cell): string {
  if (code.isExotic && code.bits.length === 8 + 256) {
    const s = code.beginParse(true)
    s.skip(8)
    return s.loadBuffer(32).toString('hex')
  }
  return code.hash().toString('hex')
}

/** A get-method's id: CRC-16/XMODEM of its name, with bit 16 set (TVM's `method_id`). */
export function methodId(name: string): number {
  let crc = 0
  for (const byte of Buffer.from(name, 'utf8')) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc | 0x10000
}
