import {
  JETTON_WALLET_LAYOUTS,
  type JettonWalletLayout,
  jettonWalletAddressOf,
  type PoolLayout,
  poolAddressOf,
} from '../../protocol/contractLayouts.js'
import type { AssetRow, ContractLayoutRow } from '../../store/rows/referenceRows.js'
import type { StoreReader } from '../../store/Store.js'
import type { ChainReader } from '../chain/ChainReader.js'

/**
 * The address of `owner`'s wallet of a jetton whose wallet code is known: the hash of the
 * StateInit (code = the wallet code, data = the TEP-74 reference layout `balance:Coins = 0,
 * owner:MsgAddress, master:MsgAddress, wallet_code:^Cell`) on the basechain, in canonical form.
 *
 * @example
 * ```ts
 * deriveJettonWalletAddress({ walletCode: asset.jettonWalletCode, ownerAddress: alice,
 *   jettonAddress: asset.address }) // 'EQ…' (always the same for the same three inputs)
 * ```
 */
export function deriveJettonWalletAddress({
  walletCode,
  ownerAddress,
  jettonAddress,
}: {
  /** The wallet code as a base64 bag of cells. */
  walletCode: string
  ownerAddress: string
  jettonAddress: string
}): string {
  return jettonWalletAddressOf('tep74', { walletCode, owner: ownerAddress, master: jettonAddress })
}

/** Layouts found per store: a recorded layout never changes for its contract. */
const recorded = new WeakMap<StoreReader, Map<string, ContractLayoutRow>>()

/** The layout the writer recorded for `address` (cached once found), if any. */
async function recordedLayout(
  store: StoreReader,
  address: string,
): Promise<ContractLayoutRow | undefined> {
  let known = recorded.get(store)
  if (known === undefined) {
    known = new Map()
    recorded.set(store, known)
  }
  const hit = known.get(address)
  if (hit !== undefined) return hit
  const row = await store.getContractLayout(address)
  if (row !== undefined) known.set(address, row)
  return row
}

/**
 * `owner`'s wallet of `asset`, as far as the service can know it: the owner itself for the
 * native coin, a stored address (captured from the chain or the live API), one derived from the
 * jetton's recorded wallet layout (what a replica answers without a chain), the minter's
 * `get_wallet_address` when a chain is asked (`chain`), or one derived from the TEP-74 wallet
 * code an imported asset carries; `undefined` when none applies.
 *
 * @example
 * ```ts
 * await resolveJettonWallet(store, ton, alice) // alice
 * await resolveJettonWallet(store, usdl, alice) // 'EQ…' (derived from the recorded wallet layout)
 * ```
 */
export async function resolveJettonWallet(
  store: StoreReader,
  asset: AssetRow,
  ownerAddress: string,
  chain?: ChainReader,
): Promise<string | undefined> {
  if (asset.kind === 'Ton') return ownerAddress
  const stored = await store.getJettonWallet(ownerAddress, asset.address)
  if (stored !== undefined) return stored
  const layout = await recordedLayout(store, asset.address)
  const [walletCode] = layout?.cells ?? []
  if (
    layout !== undefined &&
    walletCode !== undefined &&
    (JETTON_WALLET_LAYOUTS as readonly string[]).includes(layout.layout)
  ) {
    return jettonWalletAddressOf(layout.layout as JettonWalletLayout, {
      walletCode,
      owner: ownerAddress,
      master: asset.address,
    })
  }
  const onChain = await chain?.jettonWalletAddress(asset.address, ownerAddress)
  if (onChain !== undefined) return onChain
  if (asset.jettonWalletCode === null) return undefined
  return deriveJettonWalletAddress({
    walletCode: asset.jettonWalletCode,
    ownerAddress,
    jettonAddress: asset.address,
  })
}

/** The pool layouts a recorded router layout may name. */
const POOL_LAYOUTS: readonly string[] = ['dex-v2-constant-product'] satisfies PoolLayout[]

/**
 * The pool `router` deploys for the pair whose router-owned wallets are `wallet0` and `wallet1`:
 * derived from the router's recorded pool layout (no chain), else its `get_pool_address` when a
 * chain is asked; `undefined` when neither applies.
 *
 * @example
 * ```ts
 * await resolvePoolAddress(store, router, routerUsdlWallet, routerPtonWallet) // 'EQ…'
 * ```
 */
export async function resolvePoolAddress(
  store: StoreReader,
  router: string,
  wallet0: string,
  wallet1: string,
  chain?: ChainReader,
): Promise<string | undefined> {
  const layout = await recordedLayout(store, router)
  const [poolCode, lpWalletCode, lpAccountCode] = layout?.cells ?? []
  if (
    layout !== undefined &&
    POOL_LAYOUTS.includes(layout.layout) &&
    poolCode !== undefined &&
    lpWalletCode !== undefined &&
    lpAccountCode !== undefined
  ) {
    return poolAddressOf(layout.layout as PoolLayout, {
      ...{ router, wallet0, wallet1 },
      ...{ poolCode, lpWalletCode, lpAccountCode },
    })
  }
  return chain?.poolAddress(router, wallet0, wallet1)
}
