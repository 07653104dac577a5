import type { IndexedPoolRow, WalletLedgerRows } from '../rows/indexerRows.js'
import type { FeeVaultRow, LpPositionRow, WalletBalanceRow } from '../rows/walletRows.js'

/** Inputs of {@link walletPositions}. */
export type WalletPositionsInput = {
  /** What the indexer derived (`store.listIndexedJettonWallets()` etc., or a ledger's `rows()`). */
  readonly ledger: WalletLedgerRows
  /**
   * The indexed pools: an LP wallet is one whose master is among them; LP accounts of other
   * pools and vaults of other routers are left out.
   */
  readonly pools: readonly Pick<IndexedPoolRow, 'address' | 'routerAddress'>[]
  /** Asset behind a router's token wallet (a vault's fee token); unknown wallets stand for themselves. */
  readonly assetOf?: ((routerWallet: string) => string | undefined) | undefined
  /** Only rows of these owners (default: every owner). */
  readonly owners?: ReadonlySet<string> | undefined
}

/**
 * Per-wallet rows derived from the indexer's ledger: jetton balances (one per wallet and
 * jetton, zero balances left out; LP tokens are not jettons here), LP positions (LP wallets,
 * i.e. wallets whose master is an indexed pool, merged with the same owner's LP account of
 * that pool; empty positions left out) and DEX v2 referral vaults of the indexed pools'
 * routers (every vault ever funded, a withdrawn one at 0). Native TON balances are not derivable from exchange messages and are
 * not produced.
 *
 * @example
 * ```ts
 * const { balances, lpPositions, feeVaults } = walletPositions({ ledger: ledger.rows(), pools })
 * lpPositions[0] // { walletAddress: bob, poolAddress, lpBalance: 15_811_388_300_841n, … }
 * ```
 */
export function walletPositions(input: WalletPositionsInput): {
  balances: WalletBalanceRow[]
  lpPositions: LpPositionRow[]
  feeVaults: FeeVaultRow[]
} {
  const { ledger, owners } = input
  const pools = new Set(input.pools.map((p) => p.address))
  const routers = new Set(input.pools.map((p) => p.routerAddress))
  const wanted = (owner: string | null): owner is string =>
    owner !== null && (owners === undefined || owners.has(owner))
  const balances: WalletBalanceRow[] = []
  const positions = new Map<string, LpPositionRow>()
  const position = (walletAddress: string, poolAddress: string): LpPositionRow => {
    const key = `${walletAddress} ${poolAddress}`
    const found = positions.get(key)
    if (found !== undefined) return found
    const empty: LpPositionRow = {
      ...{ walletAddress, poolAddress, lpBalance: 0n },
      ...{ lpWalletAddress: null, lpAccountAddress: null, token0Balance: 0n, token1Balance: 0n },
    }
    positions.set(key, empty)
    return empty
  }
  for (const w of ledger.jettonWallets) {
    if (!wanted(w.ownerAddress) || w.masterAddress === null) continue
    if (pools.has(w.masterAddress)) {
      const p = position(w.ownerAddress, w.masterAddress)
      positions.set(`${w.ownerAddress} ${w.masterAddress}`, {
        ...p,
        lpBalance: w.balance,
        lpWalletAddress: w.address,
      })
    } else if (w.balance !== 0n) {
      balances.push({
        ...{ walletAddress: w.ownerAddress, assetAddress: w.masterAddress },
        ...{ balance: w.balance, jettonWalletAddress: w.address },
      })
    }
  }
  for (const a of ledger.lpAccounts) {
    if (!wanted(a.userAddress) || !pools.has(a.poolAddress)) continue
    const p = position(a.userAddress, a.poolAddress)
    positions.set(`${a.userAddress} ${a.poolAddress}`, {
      ...p,
      lpAccountAddress: a.address,
      token0Balance: a.amount0,
      token1Balance: a.amount1,
    })
  }
  const lpPositions = [...positions.values()].filter(
    (p) => p.lpBalance !== 0n || p.token0Balance !== 0n || p.token1Balance !== 0n,
  )
  const feeVaults = ledger.vaults
    .filter((v) => wanted(v.ownerAddress) && routers.has(v.routerAddress))
    .map((v) => ({
      ...{ vaultAddress: v.address, ownerAddress: v.ownerAddress },
      assetAddress: input.assetOf?.(v.tokenWallet) ?? v.tokenWallet,
      ...{ routerAddress: v.routerAddress, balance: v.balance },
    }))
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  balances.sort((a, b) =>
    byKey(`${a.walletAddress} ${a.assetAddress}`, `${b.walletAddress} ${b.assetAddress}`),
  )
  lpPositions.sort((a, b) =>
    byKey(`${a.walletAddress} ${a.poolAddress}`, `${b.walletAddress} ${b.poolAddress}`),
  )
  feeVaults.sort((a, b) => byKey(a.vaultAddress, b.vaultAddress))
  return { balances, lpPositions, feeVaults }
}
