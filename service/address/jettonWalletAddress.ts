import { Address, beginCell, Cell, contractAddress } from '@ton/core'
import { addressText } from '../../protocol/addressText.js'
import type { AssetRow } from '../../store/rows/referenceRows.js'
import type { StoreReader } from '../../store/Store.js'
import type { ChainReader } from '../chain/ChainReader.js'

const codeCache = new Map<string, Cell>()

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
  let code = codeCache.get(walletCode)
  if (code === undefined) {
    code = Cell.fromBase64(walletCode)
    codeCache.set(walletCode, code)
  }
  const data = beginCell()
    .storeCoins(0n)
    .storeAddress(Address.parse(ownerAddress))
    .storeAddress(Address.parse(jettonAddress))
    .storeRef(code)
    .endCell()
  return addressText(contractAddress(0, { code, data }))
}

/**
 * `owner`'s wallet of `asset`, as far as the service can know it: the owner itself for the
 * native coin, a stored address (captured from the chain or the live API), the minter's
 * `get_wallet_address` when a chain runs (`chain`), or one derived from the jetton's wallet
 * code; `undefined` when none applies.
 *
 * @example
 * ```ts
 * await resolveJettonWallet(store, ton, alice) // alice
 * await resolveJettonWallet(store, usdl, alice) // 'EQ…' (derived from the demo wallet code)
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
  const onChain = await chain?.jettonWalletAddress(asset.address, ownerAddress)
  if (onChain !== undefined) return onChain
  if (asset.jettonWalletCode === null) return undefined
  return deriveJettonWalletAddress({
    walletCode: asset.jettonWalletCode,
    ownerAddress,
    jettonAddress: asset.address,
  })
}
