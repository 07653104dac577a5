import { deriveJettonWalletAddress } from '../../service/address/jettonWalletAddress.js'
import type { AssetRow, PoolRow, RouterRow } from '../../store/rows/referenceRows.js'
import type {
  FarmNftRow,
  FeeVaultRow,
  LpPositionRow,
  StakeRow,
  WalletBalanceRow,
} from '../../store/rows/walletRows.js'
import { DEMO_JETTON_WALLET_CODE, demoAddress } from './demoAddresses.js'
import { type DemoSymbol, demoAssetAddress } from './demoAssets.js'
import { type DemoFarmName, demoFarmAddress, demoUnits } from './demoFarms.js'
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

const FARM_NFTS: readonly {
  wallet: DemoWalletName
  farm: DemoFarmName
  status: string
  reward: [DemoSymbol, bigint]
  unstaked?: string
}[] = [
  { wallet: 'alice', farm: 'TON/USDL v3', status: 'active', reward: ['AQUA', 1_240n] },
  { wallet: 'bob', farm: 'TON/DUNE v3', status: 'active', reward: ['AQUA', 310n] },
  { wallet: 'bob', farm: 'TON/AQUA v2', status: 'active', reward: ['AQUA', 95n] },
  {
    wallet: 'carol',
    farm: 'TON/USDL v1',
    status: 'unstaked',
    reward: ['AQUA', 0n],
    unstaked: '2026-07-02T18:20:00',
  },
]

/** The per-wallet part of the demo market. */
export type DemoWalletData = {
  balances: WalletBalanceRow[]
  lpPositions: LpPositionRow[]
  farmNfts: FarmNftRow[]
  stakes: StakeRow[]
  feeVaults: FeeVaultRow[]
}

/**
 * Three made-up wallets: alice (liquidity provider, farmer, staker), bob (small trader with
 * amounts pending in an LP account), carol (a referrer holding DEX v2 fee vaults).
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
  const farmNfts = FARM_NFTS.map(
    (spec, index): FarmNftRow => ({
      address: demoAddress(`farm nft ${index} ${spec.wallet} ${spec.farm}`),
      farmAddress: demoFarmAddress(spec.farm),
      ownerAddress: demoWalletAddress(spec.wallet),
      createTimestamp: '2026-10-12T14:00:00',
      minUnstakeTimestamp: '2026-10-13T14:00:00',
      nonclaimedRewards: demoUnits(spec.reward[0], spec.reward[1]),
      stakedTokens: 25_000_000_000n * BigInt(index + 1),
      status: spec.status,
      unstakeTimestamp: spec.unstaked ?? null,
      rewards: [
        {
          address: demoAssetAddress(spec.reward[0]),
          amount: demoUnits(spec.reward[0], spec.reward[1]),
        },
      ],
    }),
  )
  const alice = demoWalletAddress('alice')
  const stakes: StakeRow[] = [
    {
      walletAddress: alice,
      stonBalance: demoUnits('AQUA', 120_000n),
      stakedSton: demoUnits('AQUA', 75_000n),
      mintedGemston: demoUnits('AQUA', 1_830n),
      votingPower: demoUnits('AQUA', 75_000n),
      nfts: [
        stakeNft(alice, 0, 50_000n, 'active', '2026-03-01T00:00:00', '2027-03-01T00:00:00'),
        stakeNft(alice, 1, 25_000n, 'active', '2026-09-15T00:00:00', '2027-09-15T00:00:00'),
      ],
    },
  ]
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
  return { balances, lpPositions, farmNfts, stakes, feeVaults }
}

function stakeNft(
  wallet: string,
  index: number,
  whole: bigint,
  status: string,
  since: string,
  until: string,
) {
  return {
    address: demoAddress(`stake nft ${index} ${wallet}`),
    imageUrl: `https://demo.ton-dex-lab.invalid/stake/${index}.png`,
    minUnstakingTimestamp: until,
    // floor: non-negative operands; a made-up 2.44 % reward token mint.
    mintedGemston: (demoUnits('AQUA', whole) * 244n) / 10_000n,
    stakedTokens: demoUnits('AQUA', whole),
    stakingTimestamp: since,
    status,
    unstakeTimestamp: null,
    votingPower: demoUnits('AQUA', whole),
  }
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
