import { Address, beginCell, Cell, contractAddress } from '@ton/core'
import { addressText } from './addressText.js'

/**
 * The storage layouts of a jetton wallet's initial data (`docs/store.md`, "What a replica
 * derives"): the wallet's address is the hash of the state-init `code = the master's wallet code`,
 * `data = this layout with a zero balance`.
 *
 * - `tep74`: `balance:Coins owner:MsgAddress master:MsgAddress ^wallet_code` (the TEP-74
 *   reference wallet, our fixtures' test jetton, STON.fi's LP wallets);
 * - `stablecoin`: `status:uint4 balance:Coins owner:MsgAddress master:MsgAddress` (the
 *   stablecoin wallet, whose code is `my_code()`: a library reference on mainnet);
 * - `pton`: `balance:Coins owner:MsgAddress master:MsgAddress` (pTON v1 and v2 wallets).
 *
 * @example
 * ```ts
 * JETTON_WALLET_LAYOUTS // ['tep74', 'stablecoin', 'pton']
 * ```
 */
export const JETTON_WALLET_LAYOUTS = ['tep74', 'stablecoin', 'pton'] as const

/**
 * One of {@link JETTON_WALLET_LAYOUTS}.
 *
 * @example
 * ```ts
 * const layout: JettonWalletLayout = 'tep74'
 * ```
 */
export type JettonWalletLayout = (typeof JETTON_WALLET_LAYOUTS)[number]

/**
 * The layout of a DEX v2 pool's initial data our derivation knows: `dex-v2-constant-product`,
 * `is_locked:bool reserve0 reserve1 total_supply collected0 collected1 (all Coins 0)
 * protocol_fee_address (none) lp_fee:uint16 protocol_fee:uint16 ^[router token0 token1
 * ^lp_wallet_code ^lp_account_code]` with the build's default fees (20 and 10 bps), token0 the
 * router wallet whose address slice has the larger hash (`docs/contracts.md` §2, v2 router).
 *
 * @example
 * ```ts
 * const layout: PoolLayout = 'dex-v2-constant-product'
 * ```
 */
export type PoolLayout = 'dex-v2-constant-product'

const cellCache = new Map<string, Cell>()

/** A base64 bag of cells as its root cell, parsed once per process. */
function rootOf(boc: string | Cell): Cell {
  if (typeof boc !== 'string') return boc
  let cell = cellCache.get(boc)
  if (cell === undefined) {
    cell = Cell.fromBase64(boc)
    if (cellCache.size > 1000) cellCache.clear()
    cellCache.set(boc, cell)
  }
  return cell
}

/**
 * The initial data of `owner`'s wallet of the jetton `master` in `layout` (balance zero).
 *
 * @example
 * ```ts
 * jettonWalletInitData('tep74', { walletCode, owner, master }).refs.length // 1 (the code)
 * jettonWalletInitData('stablecoin', { walletCode, owner, master }).bits.length // 4 + 4 + 267 + 267
 * ```
 */
export function jettonWalletInitData(
  layout: JettonWalletLayout,
  params: { walletCode: Cell; owner: Address; master: Address },
): Cell {
  const data = beginCell()
  if (layout === 'stablecoin') data.storeUint(0, 4)
  data.storeCoins(0n).storeAddress(params.owner).storeAddress(params.master)
  if (layout === 'tep74') data.storeRef(params.walletCode)
  return data.endCell()
}

/**
 * The address of `owner`'s wallet of the jetton `master`, from the master's wallet code (a cell
 * or a base64 bag of cells) in `layout`: the hash of its state-init on the basechain, canonical
 * (`EQ…`). Equals the master's `get_wallet_address(owner)` when the layout is the wallet's.
 *
 * @example
 * ```ts
 * jettonWalletAddressOf('tep74', { walletCode, owner: 'EQ…alice', master: 'EQ…usdl' }) // 'EQ…'
 * ```
 */
export function jettonWalletAddressOf(
  layout: JettonWalletLayout,
  params: { walletCode: string | Cell; owner: string; master: string },
): string {
  const code = rootOf(params.walletCode)
  const data = jettonWalletInitData(layout, {
    walletCode: code,
    owner: Address.parse(params.owner),
    master: Address.parse(params.master),
  })
  return addressText(contractAddress(0, { code, data }))
}

/**
 * The two router wallets of a pair in a DEX v2 pool's order: token0 is the one whose address
 * slice (`MsgAddress` alone in a cell) has the larger hash.
 *
 * @example
 * ```ts
 * const [token0, token1] = v2PoolTokenOrder(walletA, walletB) // the same for (walletB, walletA)
 * ```
 */
export function v2PoolTokenOrder(a: Address, b: Address): [Address, Address] {
  const hash = (x: Address) =>
    BigInt(`0x${beginCell().storeAddress(x).endCell().hash().toString('hex')}`)
  return hash(a) > hash(b) ? [a, b] : [b, a]
}

/**
 * The address of the pool `router` deploys for the pair whose router-owned wallets are `wallet0`
 * and `wallet1` (either order), from the router's codes in `layout` (cells or base64 bags of
 * cells): what its `get_pool_address(wallet0, wallet1)` answers when the layout is the router's.
 *
 * @example
 * ```ts
 * poolAddressOf('dex-v2-constant-product', { router, wallet0, wallet1, poolCode, lpWalletCode,
 *   lpAccountCode }) // 'EQ…' (the same with wallet0 and wallet1 swapped)
 * ```
 */
export function poolAddressOf(
  layout: PoolLayout,
  params: {
    router: string
    wallet0: string
    wallet1: string
    poolCode: string | Cell
    lpWalletCode: string | Cell
    lpAccountCode: string | Cell
  },
): string {
  const [token0, token1] = v2PoolTokenOrder(
    Address.parse(params.wallet0),
    Address.parse(params.wallet1),
  )
  // The one layout known: the build's default fees of a constant-product pool.
  const fees = { 'dex-v2-constant-product': { lp: 20, protocol: 10 } }[layout]
  const statics = beginCell()
    .storeAddress(Address.parse(params.router))
    .storeAddress(token0)
    .storeAddress(token1)
    .storeRef(rootOf(params.lpWalletCode))
    .storeRef(rootOf(params.lpAccountCode))
    .endCell()
  const data = beginCell()
    .storeBit(false)
    .storeCoins(0n)
    .storeCoins(0n)
    .storeCoins(0n)
    .storeCoins(0n)
    .storeCoins(0n)
    .storeAddress(null)
    .storeUint(fees.lp, 16)
    .storeUint(fees.protocol, 16)
    .storeRef(statics)
    .endCell()
  return addressText(contractAddress(0, { code: rootOf(params.poolCode), data }))
}
