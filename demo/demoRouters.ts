import { deriveJettonWalletAddress } from '../service/address/jettonWalletAddress.js'
import type { RouterRow, RouterType } from '../store/rows/referenceRows.js'
import { DEMO_JETTON_WALLET_CODE, demoAddress } from './demoAddresses.js'
import { type DemoSymbol, demoAssetAddress } from './demoAssets.js'

/** Names of the demo routers: DEX version and kind. */
export type DemoRouterName =
  | 'v1.0'
  | 'v2.1 ConstantProduct'
  | 'v2.1 StableSwap'
  | 'v2.1 WeightedConstProduct'
  | 'v2.1 WeightedStableSwap'
  | 'v2.2 ConstantProduct'
  | 'v2.2 StableSwap'
  | 'v2.2 WeightedConstProduct'
  | 'v2.2 WeightedStableSwap'

const KINDS: readonly RouterType[] = [
  'ConstantProduct',
  'StableSwap',
  'WeightedConstProduct',
  'WeightedStableSwap',
]

/**
 * Address of a demo router.
 *
 * @example
 * ```ts
 * demoRouterAddress('v1.0') // 'EQBU8EbPNwzASfNIxmu2eOC31MnX9y3xWqEXEfDGjyofX0xT'
 * ```
 */
export function demoRouterAddress(name: DemoRouterName): string {
  return demoAddress(`router ${name}`)
}

/**
 * The demo routers: one DEX v1 router (1.0, constant product, pTON v1) and DEX v2 routers
 * 2.1 and 2.2 of each of the four pool kinds (pTON v2.1). Only the 2.2 routers allow pool
 * creation, as the SDK recommends 2.1 for existing contracts only.
 *
 * @example
 * ```ts
 * demoRouters().length // 9
 * ```
 */
export function demoRouters(): RouterRow[] {
  const v1: RouterRow = {
    address: demoRouterAddress('v1.0'),
    majorVersion: 1,
    minorVersion: 0,
    routerType: 'ConstantProduct',
    ptonMasterAddress: demoAddress('pton v1.0 master'),
    ptonWalletAddress: demoAddress('pton v1.0 wallet of router v1.0'),
    ptonVersion: '1.0',
    poolCreationEnabled: false,
  }
  const v2 = [1, 2].flatMap((minor) =>
    KINDS.map((kind): RouterRow => {
      const name = `v2.${minor} ${kind}` as DemoRouterName
      return {
        address: demoRouterAddress(name),
        majorVersion: 2,
        minorVersion: minor,
        routerType: kind,
        ptonMasterAddress: demoAddress('pton v2.1 master'),
        ptonWalletAddress: demoAddress(`pton v2.1 wallet of router ${name}`),
        ptonVersion: '2.1',
        poolCreationEnabled: minor === 2,
      }
    }),
  )
  return [v1, ...v2]
}

/**
 * The router's own wallet of a demo asset: its pTON wallet for the native coin, otherwise the
 * jetton wallet derived from the made-up demo wallet code.
 *
 * @example
 * ```ts
 * demoRouterWallet(router, 'TON') === router.ptonWalletAddress // true
 * ```
 */
export function demoRouterWallet(router: RouterRow, symbol: DemoSymbol): string {
  if (symbol === 'TON') return router.ptonWalletAddress
  return deriveJettonWalletAddress({
    walletCode: DEMO_JETTON_WALLET_CODE,
    ownerAddress: router.address,
    jettonAddress: demoAssetAddress(symbol),
  })
}
