import { Address, beginCell, comment } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { jettonTransferBody } from '../jetton/messages.js'
import {
  ptonV1DeployWalletBody,
  ptonV2DeployWalletBody,
  ptonV2TonTransferBody,
} from '../jetton/ptonMessages.js'
import { OP_CODES } from '../opCodes.js'
import { decodeBody } from './decodeBody.js'

const user = Address.parse(`0:${'11'.repeat(32)}`)
const router = Address.parse(`0:${'22'.repeat(32)}`)
const same = (a: Address | null | undefined, b: Address) => a?.equals(b) === true
const header = (op: number, queryId = 8n) => beginCell().storeUint(op, 32).storeUint(queryId, 64)

describe('pTON v2', () => {
  test('ton_transfer as the SDK sends it (payload in a reference)', () => {
    const payload = beginCell().storeUint(OP_CODES.v2Swap, 32).storeUint(1, 8).endCell()
    const body = ptonV2TonTransferBody({
      tonAmount: 5_000_000_000n,
      refund: user,
      forwardPayload: payload,
      queryId: 12n,
    })
    const decoded = decodeBody(body)
    expect(decoded).toMatchObject({
      type: 'pton_v2.ton_transfer',
      queryId: 12n,
      tonAmount: 5_000_000_000n,
    })
    if (decoded?.type !== 'pton_v2.ton_transfer') return
    expect(same(decoded.refundAddress, user)).toBe(true)
    expect(decoded.forwardPayload?.equals(payload)).toBe(true)
  })

  test('ton_transfer of a payout, with the inline exit-code payload the router appends', () => {
    const body = header(OP_CODES.ptonV2TonTransfer)
      .storeCoins(1_992_015_968n)
      .storeAddress(router)
      .storeBit(0)
      .storeUint(0xc64370e5, 32)
      .endCell()
    const decoded = decodeBody(body)
    expect(decoded).toMatchObject({ type: 'pton_v2.ton_transfer', tonAmount: 1_992_015_968n })
    if (decoded?.type !== 'pton_v2.ton_transfer') return
    expect(decoded.forwardPayload?.beginParse().loadUint(32)).toBe(0xc64370e5)
  })

  test('deploy_wallet, internal_deploy and ton_refund', () => {
    const deploy = decodeBody(ptonV2DeployWalletBody({ owner: router, excesses: user }))
    expect(deploy?.type).toBe('pton_v2.deploy_wallet')
    if (deploy?.type !== 'pton_v2.deploy_wallet') return
    expect(same(deploy.owner, router) && same(deploy.excesses, user)).toBe(true)
    const internal = decodeBody(header(OP_CODES.ptonV2InternalDeploy).storeAddress(user).endCell())
    expect(internal?.type === 'pton_v2.internal_deploy' && same(internal.excesses, user)).toBe(true)
    expect(decodeBody(header(OP_CODES.ptonV2TonRefund).endCell())).toEqual({
      type: 'pton_v2.ton_refund',
      queryId: 8n,
    })
  })
})

describe('pTON v1', () => {
  test('deploy_wallet; deposits and payouts are plain TEP-74 messages', () => {
    const deploy = decodeBody(ptonV1DeployWalletBody({ owner: router, queryId: 1n }))
    expect(deploy).toMatchObject({ type: 'pton_v1.deploy_wallet', queryId: 1n })
    expect(deploy?.type === 'pton_v1.deploy_wallet' && same(deploy.owner, router)).toBe(true)
    // The deposit: a TEP-74 transfer whose amount the v1 wallet ignores.
    const deposit = jettonTransferBody({
      amount: 1_000_000_000n,
      destination: router,
      response: user,
      forwardTonAmount: 185_000_000n,
      forwardPayload: beginCell().storeUint(OP_CODES.v1Swap, 32).endCell(),
    })
    expect(decodeBody(deposit)).toMatchObject({
      type: 'jetton.transfer',
      amount: 1_000_000_000n,
      forwardTonAmount: 185_000_000n,
    })
    // reset_gas shares DEX v1's op and layout.
    expect(decodeBody(header(OP_CODES.v1ResetGas).endCell())?.type).toBe('v1.reset_gas')
  })
})

describe('plain transfers and bounces', () => {
  test('an empty body is a plain transfer (deployments, top-ups) without a query id', () => {
    expect(decodeBody(beginCell().endCell())).toEqual({
      type: 'ton.transfer',
      queryId: null,
      comment: null,
    })
  })

  test('text comments, short and long (snake across references)', () => {
    expect(decodeBody(comment('hi'))).toEqual({
      type: 'ton.transfer',
      queryId: null,
      comment: 'hi',
    })
    const long = 'a TON comment that is longer than one cell can hold. '.repeat(5)
    expect(decodeBody(comment(long))).toMatchObject({ type: 'ton.transfer', comment: long })
    // Op 0 followed by a bit count that is not whole bytes is no comment.
    expect(decodeBody(beginCell().storeUint(0, 32).storeUint(1, 3).endCell())).toBeUndefined()
  })

  test('a bounced body names the op and query id of the message that bounced', () => {
    // The bounce keeps the first 256 bits of the original body (here a jetton transfer).
    const original = header(OP_CODES.jettonTransfer, 0x0123_4567_89ab_cdefn)
      .storeCoins(1_000_000_000n)
      .storeAddress(router)
      .storeAddress(user)
      .endCell()
    const bounced = beginCell()
      .storeUint(0xffffffff, 32)
      .storeBits(original.bits.substring(0, 256))
      .endCell()
    expect(decodeBody(bounced)).toEqual({
      type: 'ton.bounced',
      op: OP_CODES.jettonTransfer,
      queryId: 0x0123_4567_89ab_cdefn,
    })
    const shortBounce = beginCell().storeUint(0xffffffff, 32).storeUint(0x12345678, 32).endCell()
    expect(decodeBody(shortBounce)).toEqual({ type: 'ton.bounced', op: 0x12345678, queryId: null })
    const emptyBounce = beginCell().storeUint(0xffffffff, 32).endCell()
    expect(decodeBody(emptyBounce)).toEqual({ type: 'ton.bounced', op: null, queryId: null })
  })
})
