import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import type { Store } from '../store/Store.js'

/**
 * The asset behind every stored router token wallet: each router's proxy-TON wallet stands for
 * TON (the native address), each router-owned jetton wallet for its jetton. What the indexer
 * needs to name a pool's assets (`createIndexer`'s `assetOf`).
 *
 * @example
 * ```ts
 * const assetOf = await routerAssets(store)
 * assetOf(v2Router.ptonWalletAddress) // 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
 * ```
 */
export async function routerAssets(
  store: Store,
): Promise<(routerWallet: string) => string | undefined> {
  const assets = new Map<string, string>()
  const jettons = (await store.listAssets()).filter((a) => a.kind !== 'Ton')
  for (const router of await store.listRouters()) {
    assets.set(router.ptonWalletAddress, NATIVE_ADDRESS)
    for (const jetton of jettons) {
      const wallet = await store.getJettonWallet(router.address, jetton.address)
      if (wallet !== undefined) assets.set(wallet, jetton.address)
    }
  }
  return (wallet) => assets.get(wallet)
}
