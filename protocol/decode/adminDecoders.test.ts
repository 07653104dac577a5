import { Address, beginCell } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { dexV1SetFeesBody } from '../dex/v1Messages.js'
import {
  dexV2SetFeesBody,
  dexV2SetParamsBody,
  dexV2SetRateBody,
  dexV2UpdatePoolStatusBody,
  dexV2UpdateStatusBody,
} from '../dex/v2AdminMessages.js'
import { OP_CODES } from '../opCodes.js'
import { decodeBody } from './decodeBody.js'

const admin = Address.parse(`0:${'aa'.repeat(32)}`)
const collector = Address.parse(`0:${'cc'.repeat(32)}`)
const wallet0 = Address.parse(`0:${'33'.repeat(32)}`)
const wallet1 = Address.parse(`0:${'44'.repeat(32)}`)
const pool = Address.parse(`0:${'77'.repeat(32)}`)

const header = (op: number, queryId = 11n) => beginCell().storeUint(op, 32).storeUint(queryId, 64)
const same = (a: Address | null | undefined, b: Address) => a?.equals(b) === true

describe('DEX v1 admin messages', () => {
  test('set_fees from the admin carries the pool’s wallets', () => {
    const body = dexV1SetFeesBody({
      ...{ lpFee: 25n, protocolFee: 5n, refFee: 7n, protocolFeeAddress: collector },
      ...{ wallet0, wallet1, queryId: 11n },
    })
    const decoded = decodeBody(body)
    expect(decoded).toMatchObject({
      type: 'v1.set_fees',
      queryId: 11n,
      lpFee: 25n,
      protocolFee: 5n,
      refFee: 7n,
    })
    if (decoded?.type !== 'v1.set_fees') return
    expect(same(decoded.protocolFeeAddress, collector)).toBe(true)
    expect(same(decoded.wallet0, wallet0) && same(decoded.wallet1, wallet1)).toBe(true)
  })

  test('set_fees from the router to the pool has no wallets (fixture InternalSetFeesV1)', () => {
    const body = header(OP_CODES.v1SetFees)
      .storeUint(255, 8)
      .storeUint(0, 8)
      .storeUint(100, 8)
      .storeAddress(collector)
      .endCell()
    // 255 bps decodes as sent: range checks are the pool's business (poolOperation).
    expect(decodeBody(body)).toMatchObject({
      type: 'v1.set_fees',
      lpFee: 255n,
      protocolFee: 0n,
      refFee: 100n,
      wallet0: null,
      wallet1: null,
    })
  })

  test('lock and unlock', () => {
    expect(decodeBody(header(OP_CODES.v1Lock).endCell())).toEqual({ type: 'v1.lock', queryId: 11n })
    expect(decodeBody(header(OP_CODES.v1Unlock).endCell())).toEqual({
      type: 'v1.unlock',
      queryId: 11n,
    })
  })
})

describe('DEX v2 admin messages', () => {
  test('set_fees (admin → router) and internal_set_fees (router → pool)', () => {
    const set = decodeBody(
      dexV2SetFeesBody({
        ...{ lpFee: 30n, protocolFee: 0n, protocolFeeAddress: null },
        ...{ wallet0, wallet1, excesses: admin, queryId: 2n },
      }),
    )
    expect(set).toMatchObject({
      type: 'v2.set_fees',
      queryId: 2n,
      lpFee: 30n,
      protocolFee: 0n,
      protocolFeeAddress: null,
    })
    if (set?.type !== 'v2.set_fees') return
    expect(same(set.wallet0, wallet0) && same(set.wallet1, wallet1)).toBe(true)
    expect(same(set.excesses, admin)).toBe(true)
    // As the fixture router writes it: lp:uint16 protocol:uint16 fee_address excesses.
    const internal = header(OP_CODES.v2InternalSetFees, 2n)
      .storeUint(30, 16)
      .storeUint(1000, 16)
      .storeAddress(collector)
      .storeAddress(admin)
      .endCell()
    const decoded = decodeBody(internal)
    expect(decoded).toMatchObject({
      type: 'v2.internal_set_fees',
      queryId: 2n,
      lpFee: 30n,
      protocolFee: 1000n,
    })
    if (decoded?.type !== 'v2.internal_set_fees') return
    expect(same(decoded.protocolFeeAddress, collector) && same(decoded.excesses, admin)).toBe(true)
  })

  test('update_status, update_pool_status and internal_update_status', () => {
    expect(decodeBody(dexV2UpdateStatusBody(5n))).toEqual({
      type: 'v2.update_status',
      queryId: 5n,
    })
    const toggle = decodeBody(dexV2UpdatePoolStatusBody({ wallet0, wallet1, excesses: admin }))
    expect(toggle?.type).toBe('v2.update_pool_status')
    if (toggle?.type !== 'v2.update_pool_status') return
    expect(same(toggle.wallet0, wallet0) && same(toggle.excesses, admin)).toBe(true)
    const internal = decodeBody(
      header(OP_CODES.v2InternalUpdateStatus).storeAddress(null).endCell(),
    )
    expect(internal).toEqual({ type: 'v2.internal_update_status', queryId: 11n, excesses: null })
  })

  test('reset_pool_gas: the admin form names the wallets, the pool form only excesses', () => {
    const adminForm = decodeBody(
      header(OP_CODES.v2ResetPoolGas)
        .storeAddress(wallet0)
        .storeAddress(wallet1)
        .storeAddress(null)
        .endCell(),
    )
    expect(adminForm).toMatchObject({ type: 'v2.reset_pool_gas', excesses: null })
    if (adminForm?.type !== 'v2.reset_pool_gas') return
    expect(same(adminForm.wallet0, wallet0) && same(adminForm.wallet1, wallet1)).toBe(true)
    const poolForm = decodeBody(header(OP_CODES.v2ResetPoolGas).storeAddress(admin).endCell())
    expect(poolForm).toMatchObject({ type: 'v2.reset_pool_gas', wallet0: null, wallet1: null })
    expect(poolForm?.type === 'v2.reset_pool_gas' && same(poolForm.excesses, admin)).toBe(true)
  })
})

describe('DEX v2 on-chain getters: request and reply', () => {
  test('getter_pool_address', () => {
    const request = decodeBody(
      header(OP_CODES.v2GetterPoolAddress).storeAddress(wallet0).storeAddress(wallet1).endCell(),
    )
    expect(request).toMatchObject({ type: 'v2.getter_pool_address', pool: null })
    expect(request?.type === 'v2.getter_pool_address' && same(request.token1, wallet1)).toBe(true)
    const reply = decodeBody(header(OP_CODES.v2GetterPoolAddress).storeAddress(pool).endCell())
    expect(reply).toMatchObject({ type: 'v2.getter_pool_address', token0: null, token1: null })
    expect(reply?.type === 'v2.getter_pool_address' && same(reply.pool, pool)).toBe(true)
  })

  test('getter_pool_data reply, as the fixture pool writes it', () => {
    expect(decodeBody(header(OP_CODES.v2GetterPoolData).endCell())).toEqual({
      type: 'v2.getter_pool_data',
      queryId: 11n,
      reply: null,
    })
    const tail = beginCell()
      .storeUint(20, 16)
      .storeUint(10, 16)
      .storeAddress(admin)
      .storeAddress(null)
      .storeCoins(1_414_213_562_373n)
      .storeCoins(1_994_010n)
      .storeCoins(0n)
    const body = header(OP_CODES.v2GetterPoolData)
      .storeBit(false)
      .storeCoins(1_000_000_000_000n)
      .storeCoins(2_000_000_000_000n)
      .storeAddress(wallet0)
      .storeAddress(wallet1)
      .storeRef(tail)
      .endCell()
    const decoded = decodeBody(body)
    expect(decoded?.type).toBe('v2.getter_pool_data')
    if (decoded?.type !== 'v2.getter_pool_data') return
    expect(decoded.reply).toMatchObject({
      isLocked: false,
      reserve0: 1_000_000_000_000n,
      reserve1: 2_000_000_000_000n,
      lpFee: 20n,
      protocolFee: 10n,
      protocolFeeAddress: null,
      totalSupply: 1_414_213_562_373n,
      collectedProtocolFee0: 1_994_010n,
      collectedProtocolFee1: 0n,
    })
    expect(same(decoded.reply?.router, admin) && same(decoded.reply?.token0, wallet0)).toBe(true)
  })

  test('getter_lp_account_address and getter_lp_account_data', () => {
    const address = decodeBody(
      header(OP_CODES.v2GetterLpAccountAddress).storeAddress(admin).endCell(),
    )
    expect(address?.type === 'v2.getter_lp_account_address' && same(address.address, admin)).toBe(
      true,
    )
    expect(decodeBody(header(OP_CODES.v2GetterLpAccountData).endCell())).toMatchObject({
      type: 'v2.getter_lp_account_data',
      reply: null,
    })
    const reply = decodeBody(
      header(OP_CODES.v2GetterLpAccountData)
        .storeAddress(admin)
        .storeAddress(pool)
        .storeCoins(1_000_000n)
        .storeCoins(0n)
        .endCell(),
    )
    expect(reply).toMatchObject({
      type: 'v2.getter_lp_account_data',
      reply: { amount0: 1_000_000n, amount1: 0n },
    })
    expect(reply?.type === 'v2.getter_lp_account_data' && same(reply.reply?.pool, pool)).toBe(true)
  })
})

describe('DEX v2 kind parameters', () => {
  const E18 = 10n ** 18n
  const common = { wallet0, wallet1, excesses: admin, queryId: 11n }

  test('set_params from the admin: each pool type’s layout, told apart by its length', () => {
    const stable = decodeBody(dexV2SetParamsBody({ ...common, kind: 'stableswap', amp: 200n }))
    expect(stable).toMatchObject({
      type: 'v2.set_params',
      params: { kind: 'stableswap', amp: 200n },
    })
    const weighted = decodeBody(
      dexV2SetParamsBody({
        ...common,
        kind: 'weighted_const_product',
        weight: E18 / 5n,
        side: wallet1,
      }),
    )
    expect(weighted).toMatchObject({
      type: 'v2.set_params',
      params: { kind: 'weighted_const_product', weight: E18 / 5n },
    })
    const wstable = decodeBody(
      dexV2SetParamsBody({
        ...common,
        kind: 'weighted_stableswap',
        ...{
          amp: 100n * E18,
          rate: 2n * E18,
          weight: E18 / 2n,
          side: wallet0,
          rateSetter: collector,
        },
      }),
    )
    expect(wstable).toMatchObject({
      type: 'v2.set_params',
      params: { kind: 'weighted_stableswap', amp: 100n * E18, rate: 2n * E18, weight: E18 / 2n },
    })
    for (const d of [stable, weighted, wstable]) {
      if (d?.type !== 'v2.set_params') throw new Error('not set_params')
      expect(same(d.wallet0, wallet0) && same(d.wallet1, wallet1) && same(d.excesses, admin)).toBe(
        true,
      )
    }
    if (weighted?.type === 'v2.set_params' && weighted.params.kind === 'weighted_const_product') {
      expect(same(weighted.params.side, wallet1)).toBe(true)
    }
    if (wstable?.type === 'v2.set_params' && wstable.params.kind === 'weighted_stableswap') {
      expect(same(wstable.params.rateSetter, collector)).toBe(true)
    }
  })

  test('internal_set_params from the router (fixture InternalSetParams of each kind)', () => {
    const op = OP_CODES.v2InternalSetParams
    expect(decodeBody(header(op).storeUint(50, 32).storeAddress(admin).endCell())).toMatchObject({
      type: 'v2.internal_set_params',
      params: { kind: 'stableswap', amp: 50n },
    })
    expect(decodeBody(header(op).storeUint(50, 32).storeAddress(null).endCell())).toMatchObject({
      params: { kind: 'stableswap', amp: 50n },
      excesses: null,
    })
    const weighted = decodeBody(
      header(op)
        .storeUint(E18 / 4n, 128)
        .storeAddress(wallet0)
        .storeAddress(null)
        .endCell(),
    )
    expect(weighted).toMatchObject({
      type: 'v2.internal_set_params',
      params: { kind: 'weighted_const_product', weight: E18 / 4n },
      excesses: null,
    })
    const tail = beginCell().storeAddress(wallet1).storeAddress(collector).storeAddress(admin)
    const wstable = decodeBody(
      header(op).storeUint(E18, 128).storeUint(0n, 128).storeUint(0n, 128).storeRef(tail).endCell(),
    )
    expect(wstable).toMatchObject({
      type: 'v2.internal_set_params',
      params: { kind: 'weighted_stableswap', amp: E18, rate: 0n, weight: 0n },
    })
    if (
      wstable?.type === 'v2.internal_set_params' &&
      wstable.params.kind === 'weighted_stableswap'
    ) {
      expect(same(wstable.params.side, wallet1) && same(wstable.params.rateSetter, collector)).toBe(
        true,
      )
      expect(same(wstable.excesses, admin)).toBe(true)
    }
  })

  test('set_rate from the rate setter', () => {
    expect(decodeBody(dexV2SetRateBody({ rate: 3n * E18, queryId: 11n }))).toEqual({
      type: 'v2.set_rate',
      queryId: 11n,
      rate: 3n * E18,
    })
  })
})
