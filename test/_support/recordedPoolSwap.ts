/**
 * The STON.fi DEX v2.2 TON/USD₮ pool `EQCGScrZ…` at the state **before** its recorded swap
 * `16befdc4…`, for forks of recorded mainnet state (`test/local/forkReal.test.ts`,
 * `test/local/forkRealControl.test.ts`).
 *
 * Recorded data (ston-fi/ton-rs@8e8f8e0 `resources/tests/`, kept gzipped in test/data/mainnet):
 * the pool's state after the swap (`contract_state_EQCGScrZ…_64954068000009.json`), the swap
 * (`tx_16BEFDC4…_64954068000009.hex`), the pool, LP wallet and LP account libraries
 * (`txemulord_with_libs.json`'s `libs_boc`) and the config of key block 46991999
 * (`config_46991999.hex`). Loaded by `test/_support/mainnetData.ts` (hashes checked).
 *
 * The state before the swap is derived from the transaction: reserve0 less the swap's offer (its
 * in-message `swap`, amount0), reserve1 plus what left it (`pay_to`'s amount1 and `pay_vault`'s
 * referral amount1) and the protocol fee, collected1 less that fee (the fee from core's
 * formula). `forkReal.test.ts` checks the derivation by running the real pool code on it.
 */
import { Address, beginCell, type Cell } from '@ton/core'
import { swap } from '../../core/ops/swap.js'
import { createPoolState } from '../../core/pool/PoolState.js'
import { decodeBody } from '../../protocol/decode/decodeBody.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import {
  loadConfig46991999,
  loadPoolAfterSwap,
  loadTxEmulation,
  RecordedChain,
} from './mainnetData.js'

export const POOL = 'EQCGScrZe1xbyWqWDvdI6mzP-GAcAWFv6ZXuaJOuSqemxku4'
export const ROUTER = 'EQCS4UEa5UaJLzOyyKieqQOQ2P9M-7kXpkO5HnP3Bv250cN3'
/** USD₮'s master (the STON.fi API's token0 of this pool; its state is not recorded). */
export const USDT = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
/** pTON v2.1's minter as the STON.fi API names it for this router (its state is not recorded). */
export const PTON_V2_1 = 'EQBnGWMCf3-FZZq1W4IWcWiGAc3PHuZ0_H-7sad2oY00o83S'
export const POOL_LIBRARY = 'a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4'
/** The masterchain block the recorded states are put at (the files name none: synthesized). */
export const MC_SEQNO = 57_000_000

/** The recorded swap and the pool's recorded state after it (test/_support/mainnetData.ts). */
export const recorded = (() => {
  const after = loadPoolAfterSwap()
  const libraries = loadTxEmulation('stonfiPoolSwap').libraries
  return {
    tx: after.swap.transaction,
    code: after.code,
    dataAfter: after.data,
    balanceAfter: after.balance,
    libraries,
    config: loadConfig46991999().dict,
  }
})()

/** A DEX v2 pool's data cell, read and written field by field (docs/contracts.md §2.14). */
export type PoolFields = {
  locked: boolean
  reserve0: bigint
  reserve1: bigint
  supply: bigint
  collected0: bigint
  collected1: bigint
  feeAddress: Address | null
  lpFee: number
  protocolFee: number
  rest: Cell
}
export function readPoolFields(data: Cell): PoolFields {
  const s = data.beginParse()
  const fields = {
    locked: s.loadBit(),
    reserve0: s.loadCoins(),
    reserve1: s.loadCoins(),
    supply: s.loadCoins(),
    collected0: s.loadCoins(),
    collected1: s.loadCoins(),
    feeAddress: s.loadMaybeAddress(),
    lpFee: s.loadUint(16),
    protocolFee: s.loadUint(16),
    rest: s.loadRef(),
  }
  if (s.remainingBits !== 0 || s.remainingRefs !== 0) throw new Error('not a CPI pool data cell')
  return fields
}
export function writePoolFields(f: PoolFields): Cell {
  return beginCell()
    .storeBit(f.locked)
    .storeCoins(f.reserve0)
    .storeCoins(f.reserve1)
    .storeCoins(f.supply)
    .storeCoins(f.collected0)
    .storeCoins(f.collected1)
    .storeAddress(f.feeAddress)
    .storeUint(f.lpFee, 16)
    .storeUint(f.protocolFee, 16)
    .storeRef(f.rest)
    .endCell()
}

/** The recorded in-message's `swap` (from the router). */
export const swapIn = decodeBody(recorded.tx.inMessage!.body) as {
  type: 'v2.swap'
  amount0: bigint
  amount1: bigint
  payload: { referralBps: bigint; referralAddress: Address | null }
}
/** The recorded out-messages' bodies, in order. */
export const outBodies = [...recorded.tx.outMessages.values()].map((m) => m.body)
export const payTo = outBodies.map(decodeBody).find((b) => b?.type === 'v2.pay_to') as {
  amount0: bigint
  amount1: bigint
}
export const payVault = outBodies.map(decodeBody).find((b) => b?.type === 'v2.pay_vault') as {
  amount1: bigint
}

/** The pool's state before the swap, derived from the transaction (see the file's comment). */
export const before = (() => {
  const after = readPoolFields(recorded.dataAfter)
  // Core's quote on the candidate reserves gives the protocol fee; the real code checks it.
  const reserve0 = after.reserve0 - swapIn.amount0
  let protocolOut = 0n
  for (let i = 0; i < 2; i++) {
    const reserve1 = after.reserve1 + payTo.amount1 + payVault.amount1 + protocolOut
    const quote = swap(
      createPoolState({
        dex: 'v2',
        kind: 'constant_product',
        ...{ reserve0, reserve1, totalSupply: after.supply },
        ...{ lpFee: BigInt(after.lpFee), protocolFee: BigInt(after.protocolFee) },
        ...{ collectedProtocolFee0: 0n, collectedProtocolFee1: 0n },
      }),
      { side: 0, amountIn: swapIn.amount0, referralBps: swapIn.payload.referralBps },
    )
    protocolOut = quote.protocolFeeOut
  }
  const fields: PoolFields = {
    ...after,
    reserve0,
    reserve1: after.reserve1 + payTo.amount1 + payVault.amount1 + protocolOut,
    collected1: after.collected1 - protocolOut,
  }
  return { fields, data: writePoolFields(fields) }
})()

/** The state before the recorded swap: its last transaction is the swap's previous one. */
export const beforeSwap = {
  balance: recorded.balanceAfter,
  lastTransaction: {
    lt: recorded.tx.prevTransactionLt,
    hash: Buffer.from(recorded.tx.prevTransactionHash.toString(16).padStart(64, '0'), 'hex'),
  },
}

/** The router's two jetton wallets, as the pool's data names them (token0's, then token1's). */
export const poolWallets = (() => {
  const rest = before.fields.rest.beginParse()
  rest.loadAddress() // router
  return { wallet0: rest.loadAddress().toString(), wallet1: rest.loadAddress().toString() }
})()

/** A recorded chain holding the config, the v2.2 libraries and the pool before the swap. */
export function poolBeforeSwapChain(): RecordedChain {
  const chain = new RecordedChain()
  chain.setConfig(recorded.config)
  chain.addLibraries(recorded.libraries)
  chain.addAccountState(
    Address.parse(POOL),
    { ...beforeSwap, code: recorded.code, data: before.data },
    MC_SEQNO,
  )
  return chain
}

/** The STON.fi API's row for the v2.2 router (its pTON wallet is the pool's token1 wallet). */
export const v22RouterRow = {
  address: ROUTER,
  major_version: 2,
  minor_version: 2,
  router_type: 'ConstantProduct',
  pton_master_address: PTON_V2_1,
  pton_wallet_address: poolWallets.wallet1,
  pton_version: '2.1',
  pool_creation_enabled: true,
}

/** The STON.fi API's rows for TON and USD₮. */
export const tonUsdtAssetRows = [
  {
    contract_address: NATIVE_ADDRESS,
    symbol: 'TON',
    display_name: 'Toncoin',
    decimals: 9,
    kind: 'Ton',
  },
  {
    contract_address: USDT,
    symbol: 'USD₮',
    display_name: 'Tether USD',
    decimals: 6,
    kind: 'Jetton',
  },
]

/** A STON.fi API pool row of the v2.2 router's TON/USD₮ layout at `address` (reserves 0). */
export function v22PoolRow(address: string) {
  return {
    address,
    router_address: ROUTER,
    token0_address: USDT,
    token1_address: NATIVE_ADDRESS,
    reserve0: '0',
    reserve1: '0',
    lp_total_supply: '0',
    lp_fee: '20',
    protocol_fee: '10',
    ref_fee: '10',
    protocol_fee_address: NATIVE_ADDRESS,
    collected_token0_protocol_fee: '0',
    collected_token1_protocol_fee: '0',
  }
}
