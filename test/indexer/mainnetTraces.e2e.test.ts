import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  Address,
  Cell,
  CellType,
  contractAddress,
  loadTransaction,
  type Slice,
  type Transaction,
} from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createPoolState, exitCodeName } from '../../core/index.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { readPoolInit } from '../../indexer/pool/readPoolInit.js'
import { DEX_V1_OP, DEX_V2_OP, JETTON_OP } from '../../protocol/opCodes.js'
import type { IndexedPoolRow } from '../../store/rows/indexerRows.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { cpLpFeeInAsk } from '../_support/pools.js'

/**
 * Recorded mainnet STON.fi transactions (`_data/mainnet/`, sources in its README), ingested as
 * they are. Every expectation comes from the recorded chain itself: the messages of the trace
 * (decoded here with their TL-B layouts, not with the indexer's decoders) and the pool accounts
 * before and after the block (from the block's state update, tied to the transactions by their
 * account-state hashes).
 */

type RecordedTrace = {
  readonly source: { readonly repository: string; readonly path: string; readonly commit: string }
  readonly block: { readonly workchain: number; readonly shard: string; readonly seqno: number }
  readonly transactions: readonly { readonly hash: string; readonly boc: string }[]
  /**
   * Pool account cells (BoC, base64; unchanged subtrees pruned) before and after the block,
   * where the block's state update has them.
   */
  readonly accounts?: Record<string, { readonly before: string | null; readonly after: string }>
}

const here = dirname(fileURLToPath(import.meta.url))

function loadTrace(file: string): { trace: RecordedTrace; txs: Transaction[] } {
  const trace = JSON.parse(readFileSync(join(here, '_data/mainnet', file), 'utf8')) as RecordedTrace
  const txs = trace.transactions.map(({ boc }) => loadTransaction(cellOf(boc).beginParse()))
  return { trace, txs }
}

function cellOf(boc: string): Cell {
  const [cell] = Cell.fromBoc(Buffer.from(boc, 'base64'))
  if (cell === undefined) throw new Error('an empty BoC')
  return cell
}

function accountOf(tx: Transaction): string {
  return `0:${tx.address.toString(16).padStart(64, '0')}`
}

function friendly(raw: string): string {
  return Address.parse(raw).toString()
}

/** The first transaction whose inbound internal message carries `op`, on `account` if given. */
function txWithInOp(txs: readonly Transaction[], op: number, account?: string): Transaction {
  const found = txs.find(
    (tx) =>
      tx.inMessage?.info.type === 'internal' &&
      opOf(tx.inMessage.body) === op &&
      (account === undefined || accountOf(tx) === account),
  )
  if (found === undefined) throw new Error(`no transaction receives op ${op.toString(16)}`)
  return found
}

function opOf(body: Cell): number | undefined {
  const s = body.beginParse()
  return s.remainingBits >= 32 ? s.loadUint(32) : undefined
}

/** The outbound body of `tx` with `op`, past the op and query id (TEP-74 and STON.fi v2 alike). */
function outBody(tx: Transaction, op: number): Slice {
  const message = [...tx.outMessages.values()].find((m) => opOf(m.body) === op)
  if (message === undefined) throw new Error(`no outbound op ${op.toString(16)}`)
  const s = message.body.beginParse()
  s.skip(32 + 64)
  return s
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index]
  if (item === undefined) throw new Error(`no item ${index}`)
  return item
}

/**
 * The root cell of a DEX v2 pool's storage (`is_locked reserve0 reserve1 total_supply
 * collected0 collected1 protocol_fee_address lp_fee:uint16 protocol_fee:uint16`, then the
 * kind's parameters and `^statics`); a constant-product pool has no parameters. Only the root
 * is read: in a block's state update the unchanged statics are a pruned branch.
 */
function v2PoolStorage(data: Cell) {
  const s = data.beginParse()
  const locked = s.loadBit()
  const fields = {
    reserve0: s.loadCoins(),
    reserve1: s.loadCoins(),
    totalSupply: s.loadCoins(),
    collected0: s.loadCoins(),
    collected1: s.loadCoins(),
    protocolFeeAddress: s.loadMaybeAddress(),
    lpFee: BigInt(s.loadUint(16)),
    protocolFee: BigInt(s.loadUint(16)),
  }
  if (locked || s.remainingBits !== 0 || s.remainingRefs !== 1) {
    throw new Error('not an unlocked constant-product DEX v2 pool')
  }
  return fields
}

/** An active account's data: the account cell's refs are its code and its data (no extra currencies). */
function dataOf(account: Cell): Cell {
  const [code, data] = account.refs
  if (account.refs.length !== 2 || code === undefined || data === undefined) {
    throw new Error('not an active account without extra currencies')
  }
  return data
}

describe('recorded mainnet STON.fi v2 block 0:8000000000000000:57314442 → indexer', () => {
  const { trace, txs } = loadTrace('v2-block-57314442.json')
  const SWAP_POOL = '0:d328ac2d16382a9aaf76a84c07fb24b50c6ac8659c90fde12ebd65694eb5890a'
  const NEW_POOL = '0:220de693798c12e5c29bce1957fd17cb3256ec73e9d41295490ada469e531bd2'
  const POOL_CODE_LIBRARY = 'a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4'
  const swapTx = txWithInOp(txs, DEX_V2_OP.swap, SWAP_POOL)
  const recorded = (raw: string) => {
    const account = trace.accounts?.[raw]
    if (account === undefined) throw new Error(`no recorded account ${raw}`)
    return account
  }
  const swapPoolBefore = cellOf(recorded(SWAP_POOL).before ?? '')
  const swapPoolAfter = cellOf(recorded(SWAP_POOL).after)
  const newPoolAfter = cellOf(recorded(NEW_POOL).after)
  const before = v2PoolStorage(dataOf(swapPoolBefore))

  /** The swap pool's row as it stood before the block: what an adopting indexer reads. */
  const seedRow = (): IndexedPoolRow => {
    const init = swapTx.inMessage?.init
    const identity = init?.data ? readPoolInit('v2', init.data) : undefined
    if (identity === undefined) throw new Error('the swap carries no pool state-init')
    const [wallet0, wallet1] = [identity.wallet0.toString(), identity.wallet1.toString()]
    return {
      address: friendly(SWAP_POOL),
      routerAddress: identity.router.toString(),
      dex: 'v2',
      kind: 'constant_product',
      ...{ wallet0, wallet1, asset0Address: wallet0, asset1Address: wallet1 },
      ...{ reserve0: before.reserve0, reserve1: before.reserve1, totalSupply: before.totalSupply },
      ...{ lpFee: before.lpFee, protocolFee: before.protocolFee, refFee: 0n },
      ...{ collected0: before.collected0, collected1: before.collected1 },
      ...{ amp: 0n, w0: 0n, rate: 0n },
      protocolFeeAddress: before.protocolFeeAddress?.toString() ?? null,
    }
  }

  it('holds the transactions it names, and pool states tied to them by their state hashes', () => {
    expect(trace.source.repository).toBe('ston-fi/ton-rs')
    expect(txs.map((tx) => tx.hash().toString('hex'))).toEqual(
      trace.transactions.map((t) => t.hash),
    )
    expect(new Set(txs.map((tx) => tx.now))).toEqual(new Set([1_758_736_684]))
    // The swap pool existed before the block: the recorded account is the one its swap
    // transaction started from and ended with.
    expect(swapTx.oldStatus).toBe('active')
    expect(swapPoolBefore.hash(0).equals(swapTx.stateUpdate.oldHash)).toBe(true)
    expect(swapPoolAfter.hash(0).equals(swapTx.stateUpdate.newHash)).toBe(true)
    // The router attached the pool's state-init anyway; it names the pool.
    const init = swapTx.inMessage?.init
    expect(init && contractAddress(0, init).toRawString()).toBe(SWAP_POOL)
    // Its code is a library cell: the STON.fi DEX v2 pool code both pools run.
    for (const pool of [SWAP_POOL, NEW_POOL]) {
      const code = txWithInOp(txs, pool === SWAP_POOL ? DEX_V2_OP.swap : DEX_V2_OP.provideLp, pool)
        .inMessage?.init?.code
      expect(code?.type).toBe(CellType.Library)
      expect(code?.bits.subbuffer(8, 256)?.toString('hex')).toBe(POOL_CODE_LIBRARY)
    }
    // The provision's pool was deployed by its first provide_lp, and its last transaction of
    // the block ended with the recorded account.
    const newPoolTxs = txs.filter((tx) => accountOf(tx) === NEW_POOL)
    expect(newPoolTxs.map((tx) => tx.oldStatus)).toEqual(['non-existing', 'active', 'active'])
    expect(recorded(NEW_POOL).before).toBeNull()
    expect(newPoolAfter.hash(0).equals(at(newPoolTxs, 2).stateUpdate.newHash)).toBe(true)
  })

  describe('with the swap pool seeded from its recorded state before the block', () => {
    let store: Store
    let stats: Awaited<ReturnType<ReturnType<typeof createIndexer>['run']>>

    beforeAll(async () => {
      store = createSqliteStore({ path: ':memory:' })
      await store.applyIndexBatch({
        ...{ transactions: [], operations: [], feeWithdrawals: [], links: [] },
        pools: [seedRow()],
        cursor: { name: 'mainnet-seed', value: 'seeded' },
      })
      stats = await createIndexer({ store, source: txs }).run()
    })

    it('indexes all 27 transactions: one swap, two provisions and a mint, nothing foreign', () => {
      expect(stats).toEqual({ transactions: 27, operations: 4, other: 0, withdrawals: 0 })
    })

    it('records the swap with the amounts, fees and referral the chain moved', async () => {
      const op = at(await store.listOperations({ operationTypes: ['Swap'] }), 0)
      // What the user sent, what the router paid out and what it deposited for the referrer.
      const userTransfer = outBody(at(txs, 0), JETTON_OP.transfer)
      const offered = userTransfer.loadCoins()
      const router = accountOf(txWithInOp(txs, DEX_V2_OP.payTo))
      const payout = outBody(txWithInOp(txs, DEX_V2_OP.payTo, router), JETTON_OP.transfer)
      const paid = payout.loadCoins()
      const deposit = outBody(txWithInOp(txs, DEX_V2_OP.payVault), DEX_V2_OP.depositRefFee)
      const referral = deposit.loadCoins()
      // pay_vault names the referrer first: `to:MsgAddress excesses ^[amount0 token0 …]`.
      const payVault = outBody(swapTx, DEX_V2_OP.payVault)
      const referrer = payVault.loadAddress().toString()
      const after = v2PoolStorage(dataOf(swapPoolAfter))
      const protocolFee = after.collected1 - before.collected1
      // Token0 in, token1 out; the gross output left the reserve, the LP fee stayed in it.
      const gross = before.reserve1 - after.reserve1
      expect(after.reserve0 - before.reserve0).toBe(offered)
      expect(gross).toBe(paid + protocolFee + referral)
      // protocol_out = ceil(gross · P / 10 000), the referral 60 bps the same way.
      expect(protocolFee).toBe((gross * before.protocolFee + 9_999n) / 10_000n)
      expect(referral).toBe((gross * 60n + 9_999n) / 10_000n)
      const seeded = createPoolState({
        ...{ dex: 'v2', kind: 'constant_product', lpFee: before.lpFee },
        ...{ reserve0: before.reserve0, reserve1: before.reserve1 },
      })

      expect(op).toMatchObject({
        poolTxHash: swapTx.hash().toString('hex'),
        poolAddress: friendly(SWAP_POOL),
        routerAddress: friendly(router),
        success: true,
        exitCode: 'swap_ok',
        walletAddress: friendly(accountOf(at(txs, 0))),
        walletTxHash: at(trace.transactions, 0).hash,
        asset0Amount: 1_060_000_000_000n,
        asset0Delta: offered,
        asset0Reserve: after.reserve0,
        asset1Amount: paid,
        asset1Delta: -gross,
        asset1Reserve: after.reserve1,
        lpTokenDelta: 0n,
        lpTokenSupply: after.totalSupply,
        feeAssetAddress: op.asset1Address,
        lpFeeAmount: cpLpFeeInAsk(seeded, 0, offered),
        protocolFeeAmount: protocolFee,
        referralFeeAmount: referral,
        referralAddress: referrer,
      })
      expect(paid).toBe(882_807_680n)
      expect(protocolFee).toBe(889_031n)
      expect(referral).toBe(5_334_186n)
    })

    it('records the new pool’s two provisions and the LP tokens it minted', async () => {
      const ops = await store.listOperations({ poolAddresses: [friendly(NEW_POOL)] })
      expect(ops.map((op) => [op.operationType, op.exitCode])).toEqual([
        ['SendLiquidity', 'provide_liquidity_ok'],
        ['SendLiquidity', 'provide_liquidity_ok'],
        ['AddLiquidity', 'mint_lp_ok'],
      ])
      const after = v2PoolStorage(dataOf(newPoolAfter))
      const user = friendly(accountOf(at(txs, 1)))
      expect(ops.every((op) => op.walletAddress === user && op.success)).toBe(true)
      expect([at(ops, 0).asset0Amount, at(ops, 1).asset1Amount]).toEqual([
        after.reserve0,
        after.reserve1,
      ])
      expect(at(ops, 2)).toMatchObject({
        asset0Delta: after.reserve0,
        asset1Delta: after.reserve1,
        lpTokenDelta: after.totalSupply,
        lpTokenSupply: after.totalSupply,
      })
      // The pool's internal_transfer to the user's LP wallet: the supply minus the 1 001 units
      // the first provision locks.
      const mintTx = txWithInOp(txs, DEX_V2_OP.cbAddLiquidity, NEW_POOL)
      const mint = outBody(mintTx, JETTON_OP.internalTransfer)
      const minted = mint.loadCoins()
      expect(minted).toBe(after.totalSupply - 1_001n)
      const lpWallet = (await store.listIndexedJettonWallets()).find(
        (w) => w.masterAddress === friendly(NEW_POOL),
      )
      expect(lpWallet).toMatchObject({ ownerAddress: user, balance: minted })
    })

    it('ends each pool where the chain’s account ended', async () => {
      const pools = new Map((await store.listIndexedPools()).map((p) => [p.address, p]))
      for (const [raw, cell] of [
        [SWAP_POOL, swapPoolAfter],
        [NEW_POOL, newPoolAfter],
      ] as const) {
        const chain = v2PoolStorage(dataOf(cell))
        expect(pools.get(friendly(raw))).toMatchObject({
          kind: 'constant_product',
          ...{ reserve0: chain.reserve0, reserve1: chain.reserve1 },
          ...{ totalSupply: chain.totalSupply, lpFee: chain.lpFee, protocolFee: chain.protocolFee },
          ...{ collected0: chain.collected0, collected1: chain.collected1 },
          protocolFeeAddress: null,
        })
      }
      expect(pools.size).toBe(2)
    })

    it('credits the referrer’s vault with the deposit and files each hop under its kind', async () => {
      const vaults = await store.listIndexedVaults()
      expect(vaults).toEqual([
        expect.objectContaining({
          address: friendly(accountOf(txWithInOp(txs, DEX_V2_OP.depositRefFee))),
          routerAddress: friendly(accountOf(txWithInOp(txs, DEX_V2_OP.payVault))),
          balance: 5_334_186n,
        }),
      ])
      const kinds = new Map(
        (await store.listIndexedTransactions({})).map((t) => [t.hash, t.kind] as const),
      )
      const count = (kind: string) => [...kinds.values()].filter((k) => k === kind).length
      expect(
        Object.fromEntries([...new Set(kinds.values())].sort().map((k) => [k, count(k)])),
      ).toEqual({
        external: 2,
        'jetton.excesses': 5,
        'jetton.internal_transfer': 3,
        'jetton.transfer': 3,
        'jetton.transfer_notification': 3,
        'pton_v2.ton_transfer': 2,
        'v2.add_liquidity': 2,
        'v2.cb_add_liquidity': 1,
        'v2.deposit_ref_fee': 1,
        'v2.pay_to': 1,
        'v2.pay_vault': 1,
        'v2.provide_lp': 2,
        'v2.swap': 1,
      })
    })
  })

  it('without the swap pool’s prior state, does not take the router’s state-init for it', async () => {
    // A DEX v2 router attaches the pool's state-init to every message; the pool was active,
    // so its zero balances are not the pool's (an indexer that took them refused the swap as
    // `swap_refund_no_liq`). Until the pool is adopted, its swap is not an operation.
    const store = createSqliteStore({ path: ':memory:' })
    const stats = await createIndexer({ store, source: txs }).run()
    expect(stats).toEqual({ transactions: 27, operations: 3, other: 0, withdrawals: 0 })
    const pools = await store.listIndexedPools()
    expect(pools.map((p) => p.address)).toEqual([friendly(NEW_POOL)])
    const [swapRow] = await store.listIndexedTransactions({ hash: swapTx.hash().toString('hex') })
    expect(swapRow).toMatchObject({ kind: 'v2.swap', resultCode: null })
  })
})

describe('a recorded mainnet STON.fi v2 pool swap (tx 16befdc4…, lt 64 954 068 000 009) → indexer', () => {
  type PoolSwapRecord = {
    readonly source: { readonly repository: string; readonly paths: readonly string[] }
    readonly transactions: readonly { readonly hash: string; readonly boc: string }[]
    /** The pool's code and data after the transaction (the account state at it). */
    readonly poolAfter: {
      readonly address: string
      readonly lastTransaction: { readonly lt: string; readonly hash: string }
      readonly data: string
    }
  }
  const record = JSON.parse(
    readFileSync(join(here, '_data/mainnet/v2-pool-swap-64954068000009.json'), 'utf8'),
  ) as PoolSwapRecord
  const tx = loadTransaction(cellOf(at(record.transactions, 0).boc).beginParse())
  const after = readPoolInit('v2', cellOf(record.poolAfter.data))
  if (after === undefined) throw new Error('the recorded pool data is not a DEX v2 pool')

  // What the swap moved, from its messages: the router's swap (`from_user amount0 amount1`),
  // the pool's pay_to (`… exit_code ^[fwd amount0 token0 amount1 token1]`) and pay_vault
  // (`to excesses ^[amount0 token0 amount1 token1]`).
  const swapBody = tx.inMessage?.body.beginParse()
  swapBody?.skip(32 + 64)
  const fromUser = swapBody?.loadAddress().toString()
  const offered = swapBody?.loadCoins() ?? 0n
  const payTo = outBody(tx, DEX_V2_OP.payTo)
  payTo.loadAddress()
  payTo.loadAddress()
  payTo.loadAddress()
  const exitCode = payTo.loadUint(32)
  payTo.loadMaybeRef()
  const payToAmounts = payTo.loadRef().beginParse()
  payToAmounts.loadCoins()
  payToAmounts.loadCoins()
  payToAmounts.loadAddress()
  const paid = payToAmounts.loadCoins()
  const payVault = outBody(tx, DEX_V2_OP.payVault)
  const referrer = payVault.loadAddress().toString()
  payVault.loadAddress()
  const vaultAmounts = payVault.loadRef().beginParse()
  vaultAmounts.loadCoins()
  vaultAmounts.loadAddress()
  const referral = vaultAmounts.loadCoins()
  // The protocol fee p is ceil(gross · P / 10 000) of the gross output gross = paid + referral
  // + p: the smallest p that satisfies it.
  let protocolFee = 0n
  while (
    protocolFee !==
    ((paid + referral + protocolFee) * after.state.protocolFee + 9_999n) / 10_000n
  ) {
    protocolFee += 1n
  }
  const gross = paid + referral + protocolFee
  /** The pool before the swap: its recorded state after it, minus what the swap moved. */
  const seedRow = (): IndexedPoolRow => {
    const [wallet0, wallet1] = [after.wallet0.toString(), after.wallet1.toString()]
    return {
      address: record.poolAfter.address,
      routerAddress: after.router.toString(),
      dex: 'v2',
      kind: 'constant_product',
      ...{ wallet0, wallet1, asset0Address: wallet0, asset1Address: wallet1 },
      reserve0: after.state.reserve0 - offered,
      reserve1: after.state.reserve1 + gross,
      totalSupply: after.state.totalSupply,
      ...{ lpFee: after.state.lpFee, protocolFee: after.state.protocolFee, refFee: 0n },
      collected0: after.state.collectedProtocolFee0,
      collected1: after.state.collectedProtocolFee1 - protocolFee,
      ...{ amp: 0n, w0: 0n, rate: 0n },
      protocolFeeAddress: null,
    }
  }

  it('holds the transaction it names and the pool state recorded at it', () => {
    expect(tx.hash().toString('hex')).toBe(at(record.transactions, 0).hash)
    expect(record.poolAfter.lastTransaction).toEqual({
      lt: tx.lt.toString(),
      hash: at(record.transactions, 0).hash,
    })
    expect(accountOf(tx)).toBe(Address.parse(record.poolAfter.address).toRawString())
    expect(tx.oldStatus).toBe('active')
    expect(tx.inMessage?.info.src?.toString()).toBe(after.router.toString())
    expect(exitCode).toBe(0xc64370e5) // swap_ok
    // A 10-unit swap: every fee is rounded up to whole units.
    expect({ offered, paid, referral, protocolFee }).toEqual({
      offered: 10n,
      paid: 6_762n,
      referral: 7n,
      protocolFee: 7n,
    })
  })

  it('replays the swap from the pool before it to exactly the recorded pool after it', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await store.applyIndexBatch({
      ...{ transactions: [], operations: [], feeWithdrawals: [], links: [], pools: [seedRow()] },
      cursor: { name: 'mainnet-seed', value: 'seeded' },
    })
    const stats = await createIndexer({ store, source: [tx] }).run()
    expect(stats).toEqual({ transactions: 1, operations: 1, other: 0, withdrawals: 0 })
    const seed = seedRow()
    const before = createPoolState({
      ...{ dex: 'v2', kind: 'constant_product', lpFee: seed.lpFee },
      ...{ reserve0: seed.reserve0, reserve1: seed.reserve1 },
    })
    // The seed is only consistent if the curve gives exactly the recorded gross output; core's
    // replay (which the indexer checks against pay_to) and the textbook formula agree on it.
    const withFee = offered * (10_000n - seed.lpFee)
    expect((withFee * seed.reserve1) / (seed.reserve0 * 10_000n + withFee)).toBe(gross)
    const op = at(await store.listOperations({}), 0)
    expect(op).toMatchObject({
      poolTxHash: at(record.transactions, 0).hash,
      operationType: 'Swap',
      success: true,
      exitCode: 'swap_ok',
      walletAddress: fromUser,
      ...{ asset0Amount: offered, asset0Delta: offered, asset0Reserve: after.state.reserve0 },
      ...{ asset1Amount: paid, asset1Delta: -gross, asset1Reserve: after.state.reserve1 },
      lpTokenSupply: after.state.totalSupply,
      lpFeeAmount: cpLpFeeInAsk(before, 0, offered),
      protocolFeeAmount: protocolFee,
      referralFeeAmount: referral,
      referralAddress: referrer,
    })
    const [pool] = await store.listIndexedPools()
    expect(pool).toMatchObject({
      ...{ reserve0: after.state.reserve0, reserve1: after.state.reserve1 },
      totalSupply: after.state.totalSupply,
      collected0: after.state.collectedProtocolFee0,
      collected1: after.state.collectedProtocolFee1,
    })
  })
})

describe('recorded mainnet STON.fi v1 block 0:8000000000000000:40484438 → indexer', () => {
  const { trace, txs } = loadTrace('v1-block-40484438.json')
  const POOL = '0:a66a91222d03b4b9810e9af0de5cd47d8b947891854f126c8d2447304824d251'

  it('decodes a refunded DEX v1 swap through pTON v1 as one trace, and invents no pool', async () => {
    expect(trace.source.repository).toBe('tonkeeper/tongo')
    expect(txs.map((tx) => tx.hash().toString('hex'))).toEqual(
      trace.transactions.map((t) => t.hash),
    )
    // The pool refunds: pay_to `owner exit_code ^[amount0 token0 amount1 token1]` gives the
    // user back the whole offer (swap `to sender jetton_amount min_out …`) with the exit code.
    const swap = txWithInOp(txs, DEX_V1_OP.swap, POOL).inMessage?.body.beginParse()
    swap?.skip(32 + 64)
    swap?.loadAddress()
    swap?.loadAddress()
    const offered = swap?.loadCoins()
    const payTo = outBody(txWithInOp(txs, DEX_V1_OP.swap, POOL), DEX_V1_OP.payTo)
    payTo.loadAddress()
    const exitCode = payTo.loadUint(32)
    const amounts = payTo.loadRef().beginParse()
    const amount0 = amounts.loadCoins()
    amounts.loadAddress()
    const refunded = [amount0, amounts.loadCoins()]
    expect(exitCodeName(exitCode)).toBe('swap_refund_no_liq')
    expect(refunded).toEqual([0n, offered])
    expect(offered).toBe(148_899_201_000n)

    const store = createSqliteStore({ path: ':memory:' })
    const stats = await createIndexer({ store, source: txs }).run()
    // The pool existed before the block, and its unchanged data is pruned from the block's
    // state update: without its state it is not tracked, and its refund is no operation.
    expect(stats).toEqual({ transactions: 6, operations: 0, other: 0, withdrawals: 0 })
    expect(await store.listIndexedPools()).toEqual([])
    const rows = [...(await store.listIndexedTransactions({}))].sort((a, b) =>
      a.lt < b.lt ? -1 : 1,
    )
    expect(rows.map((t) => t.kind)).toEqual([
      'jetton.transfer', // the user's TON into the router's pTON v1 wallet
      'jetton.transfer_notification', // the router
      'v1.swap', // the pool
      'v1.pay_to', // the router
      'jetton.transfer', // the router's pTON wallet pays the TON back
      'jetton.transfer_notification', // the user's wallet
    ])
    const first = at(trace.transactions, 0).hash
    expect(rows.every((t) => t.originHash === first && t.queryId === 2_074_589_184n)).toBe(true)
    expect(rows.map((t) => t.parentHash)).toEqual([
      null,
      ...trace.transactions.slice(0, -1).map((t) => t.hash),
    ])
  })
})

describe('recorded mainnet STON.fi v2 block 0:8000000000000000:71398501 → indexer', () => {
  const { trace, txs } = loadTrace('v2-block-71398501.json')
  const POOL = '0:8649cad97b5c5bc96a960ef748ea6ccff8601c01616fe995ee6893ae4aa7a6c6'

  it('decodes two refunded swaps on an active pool and invents no pool for them', async () => {
    expect(trace.source.repository).toBe('xssnick/tonutils-go')
    expect(txs.map((tx) => tx.hash().toString('hex'))).toEqual(
      trace.transactions.map((t) => t.hash),
    )
    const poolTxs = txs.filter((tx) => accountOf(tx) === POOL)
    expect(poolTxs.map((tx) => tx.oldStatus)).toEqual(['active', 'active'])
    for (const tx of poolTxs) {
      // The router attached the state-init; the pool refunds the whole offer with pay_to.
      expect(tx.inMessage?.init).toBeTruthy()
      const swap = tx.inMessage?.body.beginParse()
      swap?.skip(32 + 64)
      swap?.loadAddress()
      const offered = swap?.loadCoins()
      const payTo = outBody(tx, DEX_V2_OP.payTo)
      payTo.loadAddress()
      payTo.loadAddress()
      payTo.loadAddress()
      expect(exitCodeName(payTo.loadUint(32))).toBe('swap_refund_slippage')
      payTo.loadMaybeRef()
      const amounts = payTo.loadRef().beginParse()
      amounts.loadCoins()
      expect(amounts.loadCoins()).toBe(offered)
    }

    // The pool's unchanged data is pruned from the block's state update, so it is not seeded.
    // An indexer that took the router's state-init for it recorded a pool with zero reserves
    // and supply and two refunds against them.
    const store = createSqliteStore({ path: ':memory:' })
    const stats = await createIndexer({ store, source: txs }).run()
    expect(stats).toEqual({ transactions: 18, operations: 0, other: 0, withdrawals: 0 })
    expect(await store.listIndexedPools()).toEqual([])
    const rows = await store.listIndexedTransactions({})
    const kinds = new Map(rows.map((t) => [t.hash, t.kind] as const))
    expect(poolTxs.map((tx) => kinds.get(tx.hash().toString('hex')))).toEqual([
      'v2.swap',
      'v2.swap',
    ])
    expect(new Set(rows.map((t) => t.kind))).toEqual(
      new Set([
        'external',
        'jetton.transfer',
        'jetton.internal_transfer',
        'jetton.transfer_notification',
        'jetton.excesses',
        'v2.swap',
        'v2.pay_to',
      ]),
    )
    // Two traces: one from the wallet's external message, one from the router's jetton wallet
    // (its sender's transactions are in another block).
    expect(new Set(rows.map((t) => t.originHash)).size).toBe(2)
  })
})
