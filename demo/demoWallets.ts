import { deriveJettonWalletAddress } from '../service/address/jettonWalletAddress.js'
import type { AssetRow, PoolRow, RouterRow } from '../store/rows/referenceRows.js'
import type { FeeVaultRow, LpPositionRow, WalletBalanceRow } from '../store/rows/walletRows.js'
import { DEMO_JETTON_WALLET_CODE, demoAddress } from './demoAddresses.js'
import { type DemoSymbol, demoAssetAddress } from './demoAssets.js'
import { demoPoolAddress } from './demoPools.js'
import { type DemoRouterName, demoRouterAddress } from './demoRouters.js'

/** Names of the demo wallets. */
export type DemoWalletName = 'alice' | 'bob' | 'carol'

/**
 * Address of a demo wallet.
 *
 * @example
 * ```ts
 * demoWalletAddress('alice') // 'EQBbi2qw9XoUp1C9NS0IBUVFrAOFbmznlbZRfjcLdMBQoP_W'
 * ```
 */
export function demoWalletAddress(name: DemoWalletName): string {
  return demoAddress(`wallet ${name}`)
}

const BALANCES: Record<DemoWalletName, [DemoSymbol, bigint][]> = {
  alice: [
    ['TON', 1_250n],
    ['USDL', 4_800n],
    ['AQUA', 120_000n],
    ['XTON', 300n],
  ],
  bob: [
    ['TON', 80n],
    ['DUNE', 12n],
    ['EMBER', 15_000n],
    ['BOLT', 0n],
  ],
  carol: [
    ['TON', 5n],
    ['CORAL', 2_500_000n],
    ['USDL', 150n],
  ],
}

type PositionSpec = {
  wallet: DemoWalletName
  pool: [DemoRouterName, DemoSymbol, DemoSymbol]
  /** LP balance as a fraction 1/n of the pool's supply. */
  shareOf: bigint
  /** Whole units of token0 and token1 waiting in the LP account. */
  pending?: [bigint, bigint]
}

const POSITIONS: readonly PositionSpec[] = [
  { wallet: 'alice', pool: ['v2.2 ConstantProduct', 'TON', 'USDL'], shareOf: 1_000n },
  { wallet: 'alice', pool: ['v1.0', 'TON', 'AQUA'], shareOf: 500n },
  {
    wallet: 'bob',
    pool: ['v2.2 ConstantProduct', 'TON', 'DUNE'],
    shareOf: 200n,
    pending: [2n, 0n],
  },
  { wallet: 'carol', pool: ['v2.1 ConstantProduct', 'TON', 'CORAL'], shareOf: 100n },
]

/** The per-wallet part of the demo market. */
export type DemoWalletData = {
  balances: WalletBalanceRow[]
  lpPositions: LpPositionRow[]
  feeVaults: FeeVaultRow[]
}

/**
 * Three made-up wallets: alice (liquidity provider), bob (small trader with amounts pending in
 * an LP account), carol (a referrer holding DEX v2 fee vaults). Farms and stakes are not
 * hand-written (`demoFarmFixture`).
 *
 * @example
 * ```ts
 * demoWallets(assets, pools, routers).feeVaults.length // 3
 * ```
 */
export function demoWallets(
  assets: readonly AssetRow[],
  pools: readonly PoolRow[],
  routers: readonly RouterRow[],
): DemoWalletData {
  const balances = Object.entries(BALANCES).flatMap(([wallet, held]) =>
    held.map(([symbol, whole]): WalletBalanceRow => {
      const walletAddress = demoWalletAddress(wallet as DemoWalletName)
      return {
        walletAddress,
        assetAddress: demoAssetAddress(symbol),
        balance: demoUnits(symbol, whole),
        jettonWalletAddress: jettonWallet(assets, symbol, walletAddress),
      }
    }),
  )
  const lpPositions = POSITIONS.map((spec): LpPositionRow => {
    const [router, a, b] = spec.pool
    const pool = pools.find((p) => p.address === demoPoolAddress(router, a, b)) as PoolRow
    const token0 = symbolOf(assets, pool.token0Address)
    const token1 = symbolOf(assets, pool.token1Address)
    return {
      walletAddress: demoWalletAddress(spec.wallet),
      poolAddress: pool.address,
      // floor: non-negative operands.
      lpBalance: pool.lpTotalSupply / spec.shareOf,
      lpWalletAddress: demoAddress(`lp wallet ${spec.wallet} ${pool.address}`),
      lpAccountAddress:
        spec.pending === undefined
          ? null
          : demoAddress(`lp account ${spec.wallet} ${pool.address}`),
      token0Balance: demoUnits(token0, spec.pending?.[0] ?? 0n),
      token1Balance: demoUnits(token1, spec.pending?.[1] ?? 0n),
    }
  })
  const carol = demoWalletAddress('carol')
  const vault = (router: DemoRouterName, symbol: DemoSymbol, whole: bigint): FeeVaultRow => {
    const routerAddress = demoRouterAddress(router)
    if (!routers.some((r) => r.address === routerAddress && r.majorVersion === 2)) {
      throw new Error(`demo vault on a non-v2 router ${router}`)
    }
    return {
      vaultAddress: demoAddress(`fee vault ${router} ${symbol} carol`),
      ownerAddress: carol,
      assetAddress: demoAssetAddress(symbol),
      routerAddress,
      balance: demoUnits(symbol, whole),
    }
  }
  const feeVaults = [
    vault('v2.2 ConstantProduct', 'USDL', 125n),
    vault('v2.2 ConstantProduct', 'TON', 3n),
    vault('v2.2 StableSwap', 'XTON', 1n),
  ]
  return { balances, lpPositions, feeVaults }
}

const DECIMALS: Partial<Record<DemoSymbol, bigint>> = { USDL: 6n, CORAL: 6n, EMBER: 8n }

/**
 * Raw units of `whole` tokens of a demo asset.
 *
 * @example
 * ```ts
 * demoUnits('USDL', 125n) // 125000000n
 * demoUnits('TON', 3n) // 3000000000n
 * ```
 */
export function demoUnits(symbol: DemoSymbol, whole: bigint): bigint {
  return whole * 10n ** (DECIMALS[symbol] ?? 9n)
}

function symbolOf(assets: readonly AssetRow[], address: string): DemoSymbol {
  return (assets.find((a) => a.address === address) as AssetRow).symbol as DemoSymbol
}

function jettonWallet(assets: readonly AssetRow[], symbol: DemoSymbol, owner: string): string {
  if (symbol === 'TON') return owner
  const asset = assets.find((a) => a.symbol === symbol) as AssetRow
  return deriveJettonWalletAddress({
    walletCode: asset.jettonWalletCode ?? DEMO_JETTON_WALLET_CODE,
    ownerAddress: owner,
    jettonAddress: asset.address,
  })
}
