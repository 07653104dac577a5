import type { LocalDex } from '../../emulator/LocalDex.js'
import type { JettonWalletRow } from '../../store/rows/referenceRows.js'
import type { FeeVaultRow, LpPositionRow, WalletBalanceRow } from '../../store/rows/walletRows.js'
import type { ChainReader } from './chainReader.js'
import { type ScenarioResult, TON_ADDRESS } from './runScenario.js'

/** Per-wallet rows of the scenario's wallets, as the emulator holds them at the end. */
export type EmulatedWalletData = {
  readonly balances: readonly WalletBalanceRow[]
  readonly lpPositions: readonly LpPositionRow[]
  readonly feeVaults: readonly FeeVaultRow[]
  /** The wallets' own jetton wallets (so `/v1/jetton/{address}/address` knows them). */
  readonly userJettonWallets: readonly JettonWalletRow[]
}

/**
 * Reads what every scenario wallet holds when the scenario is over, straight from the
 * emulator's contracts: native balance, jetton balances (with the jetton-wallet addresses), LP
 * tokens and what waits in its LP accounts per pool, and the DEX v2 referral vaults (every
 * vault that exists: a withdrawn one shows balance 0).
 *
 * @example
 * ```ts
 * const data = await emulatedWalletData(dex, chainReader(dex), scenario)
 * data.balances.filter((b) => b.walletAddress === alice).length // 3 (TON, USDT, STON)
 * ```
 */
export async function emulatedWalletData(
  dex: LocalDex,
  chain: ChainReader,
  scenario: ScenarioResult,
): Promise<EmulatedWalletData> {
  const balances: WalletBalanceRow[] = []
  const lpPositions: LpPositionRow[] = []
  const feeVaults: FeeVaultRow[] = []
  const userJettonWallets: JettonWalletRow[] = []
  for (const owner of scenario.wallets) {
    const walletAddress = owner.toString()
    const ton = await chain.tonBalance(owner)
    balances.push({
      ...{ walletAddress, assetAddress: TON_ADDRESS, balance: ton },
      jettonWalletAddress: walletAddress,
    })
    for (const asset of scenario.assets) {
      if (asset.kind !== 'jetton') continue
      const balance = await dex.jettonBalance(asset, owner)
      if (balance === 0n) continue
      const jettonWallet = (await chain.walletAddress(asset.minter, owner)).toString()
      const assetAddress = asset.minter.toString()
      balances.push({ walletAddress, assetAddress, balance, jettonWalletAddress: jettonWallet })
      userJettonWallets.push({
        ...{ ownerAddress: walletAddress, jettonAddress: assetAddress },
        walletAddress: jettonWallet,
      })
    }
    for (const pool of scenario.pools) {
      const lpBalance = await dex.lpBalance(pool, owner)
      const pending = await dex.lpAccount(pool, owner)
      if (lpBalance === 0n && pending.amount0 === 0n && pending.amount1 === 0n) continue
      lpPositions.push({
        ...{ walletAddress, poolAddress: pool.address.toString(), lpBalance },
        lpWalletAddress: (await chain.walletAddress(pool.address, owner)).toString(),
        lpAccountAddress: (await chain.lpAccountAddress(pool, owner)).toString(),
        token0Balance: pending.amount0,
        token1Balance: pending.amount1,
      })
    }
    const seen = new Set<string>()
    for (const p of scenario.pools) {
      if (p.router.dex !== 'v2') continue
      for (const [asset, wallet] of [
        [p.asset0, p.wallet0],
        [p.asset1, p.wallet1],
      ] as const) {
        const key = `${p.router.address} ${wallet}`
        if (seen.has(key)) continue
        seen.add(key)
        const vault = await chain.vaultAddress(p.router, owner, wallet)
        if (!(await chain.isActive(vault))) continue
        feeVaults.push({
          ...{ vaultAddress: vault.toString(), ownerAddress: walletAddress },
          assetAddress: asset.kind === 'pton' ? TON_ADDRESS : asset.minter.toString(),
          routerAddress: p.router.address.toString(),
          balance: await dex.vaultBalance(p.router, owner, asset),
        })
      }
    }
  }
  return { balances, lpPositions, feeVaults, userJettonWallets }
}
