import { DEX, pTON } from '@ston-fi/sdk'
import { Address, beginCell } from '@ton/core'
import { describe, expect, it } from 'vitest'
import { dexV1ProvidePayload, dexV1SwapPayload } from '../../protocol/dex/v1Messages.js'
import {
  dexV2CollectFeesBody,
  dexV2ProvidePayload,
  dexV2SwapPayload,
  dexV2WithdrawFeeBody,
} from '../../protocol/dex/v2Messages.js'
import { jettonBurnBody } from '../../protocol/jetton/messages.js'
import { ptonV2TonTransferBody } from '../../protocol/jetton/ptonMessages.js'

const [router, user, ask, ref] = [1, 2, 3, 4].map((i) => new Address(0, Buffer.alloc(32, i))) as [
  Address,
  Address,
  Address,
  Address,
]

describe('fixture codecs build the same cells as @ston-fi/sdk 2.7', () => {
  it('DEX v2 swap, cross_swap and provide payloads', async () => {
    const sdk = DEX.v2_2.Router.CPI.create(router)
    const custom = beginCell().storeUint(5, 8).endCell()
    const fields = {
      askJettonWalletAddress: ask,
      receiverAddress: user,
      minAskAmount: 123_456n,
      refundAddress: user,
      deadline: 1_700_000_900,
    }
    expect(
      dexV2SwapPayload({
        askWallet: ask,
        refundAddress: user,
        receiver: user,
        minOut: 123_456n,
        deadline: 1_700_000_900,
      }).equals(await sdk.createSwapBody(fields)),
    ).toBe(true)
    const withRef = await sdk.createCrossSwapBody({
      ...fields,
      referralAddress: ref,
      referralValue: 25,
      dexCustomPayload: custom,
      dexCustomPayloadForwardGasAmount: 7n,
    })
    const ours = dexV2SwapPayload({
      op: 'cross_swap',
      askWallet: ask,
      refundAddress: user,
      receiver: user,
      minOut: 123_456n,
      deadline: 1_700_000_900,
      referral: ref,
      referralBps: 25n,
      customPayload: custom,
      fwdGas: 7n,
    })
    expect(ours.equals(withRef)).toBe(true)
    const provide = await sdk.createProvideLiquidityBody({
      routerWalletAddress: ask,
      minLpOut: 9n,
      receiverAddress: user,
      refundAddress: user,
      bothPositive: false,
      deadline: 1_700_000_900,
    })
    expect(
      dexV2ProvidePayload({
        otherWallet: ask,
        refundAddress: user,
        receiver: user,
        minLpOut: 9n,
        bothPositive: false,
        deadline: 1_700_000_900,
      }).equals(provide),
    ).toBe(true)
  })

  it('DEX v2 pool, vault and pTON v2.1 bodies (collect_fees adds the two Maybe bits the SDK omits)', async () => {
    const pool = DEX.v2_2.Pool.CPI.create(router)
    expect(
      jettonBurnBody({ amount: 77n, response: null }).equals(
        await pool.createBurnBody({ amount: 77n }),
      ),
    ).toBe(true)
    const sdkCollect = await pool.createCollectFeesBody()
    expect(dexV2CollectFeesBody({}).bits.length).toBe(sdkCollect.bits.length + 2)
    expect(
      dexV2WithdrawFeeBody().equals(await DEX.v2_2.Vault.create(router).createWithdrawFeeBody()),
    ).toBe(true)
    const payload = beginCell().storeUint(1, 1).endCell()
    const ton = await pTON.v2_1
      .create(router)
      .createTonTransferBody({ tonAmount: 10n ** 9n, refundAddress: user, forwardPayload: payload })
    expect(
      ptonV2TonTransferBody({ tonAmount: 10n ** 9n, refund: user, forwardPayload: payload }).equals(
        ton,
      ),
    ).toBe(true)
  })

  it('DEX v1 swap and provide payloads', async () => {
    const sdk = DEX.v1.Router.create(router)
    const swap = await sdk.createSwapBody({
      userWalletAddress: user,
      minAskAmount: 5n,
      askJettonWalletAddress: ask,
      referralAddress: ref,
    })
    expect(
      dexV1SwapPayload({ askWallet: ask, minOut: 5n, to: user, referral: ref }).equals(swap),
    ).toBe(true)
    const provide = await sdk.createProvideLiquidityBody({ routerWalletAddress: ask, minLpOut: 3n })
    expect(dexV1ProvidePayload({ otherWallet: ask, minLpOut: 3n }).equals(provide)).toBe(true)
  })
})
