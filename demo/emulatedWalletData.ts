import { Address } from '@ton/core'
import type { LocalDex } from '../emulator/LocalDex.js'
import { WalletLedgerMismatchError } from '../indexer/wallets/WalletLedgerMismatchError.js'
import { DEX_LP_ACCOUNT_DATA, DEX_VAULT_DATA } from '../protocol/dex/getMethods.js'
import { callGetMethod, type GetMethod } from '../protocol/getMethod.js'
import { JETTON_WALLET_DATA } from '../protocol/jetton/getMethods.js'
import { walletPositions } from '../store/readModel/walletPositions.js'
import type { IndexedPoolRow, WalletLedgerRows } from '../store/rows/indexerRows.js'
import type { JettonWalletRow } from '../store/rows/referenceRows.js'
import type { FeeVaultRow, LpPositionRow, WalletBalanceRow } from '../store/rows/walletRows.js'
import type { Store } from '../store/Store.js'
import { type ChainReader, emulatorRunner } from './chainReader.js'
import { type ScenarioWorld, TON_ADDRESS } from './runScenario.js'

/** Per-wallet rows of the scenario's wallets at the end of the scenario. */
export type EmulatedWalletData = {
  readonly balances: readonly WalletBalanceRow[]
  readonly lpPositions: readonly LpPositionRow[]
  readonly feeVaults: readonly FeeVaultRow[]
  /** The wallets' own jetton wallets (so `/v1/jetton/{address}/address` knows them). */
  readonly userJettonWallets: readonly JettonWalletRow[]
}

/**
 * The per-wallet rows of the scenario's wallets, derived from what the indexer wrote to `store`
 * (its wallet ledger: jetton wallets, LP accounts, referral vaults — see `indexer/wallets`) and
 * checked against the emulator's contracts: every indexed account against its own getter
 * (`get_wallet_data`, `get_lp_account_data`, `get_vault_data`; a destroyed one must be at 0),
 * and — unless `sweep` is false — every wallet × jetton / pool / vault of the scenario against
 * `LocalDex`, so that nothing is missed (about 80 getter runs per wallet on the demo's nine
 * pools: `npm start`'s dated first start skips it to answer sooner). Native TON balances cannot be derived from the exchange's messages: they are read
 * from the emulator. Withdrawn vaults are listed with balance 0.
 *
 * @throws {WalletLedgerMismatchError} when a derived amount differs from the contract's.
 * @example
 * ```ts
 * const data = await emulatedWalletData(dex, chainReader(dex), scenario, store, pools)
 * data.balances.filter((b) => b.walletAddress === alice).length // 3 (TON, USDT, STON)
 * ```
 */
export async function emulatedWalletData(
  dex: LocalDex,
  chain: ChainReader,
  scenario: ScenarioWorld,
  store: Store,
  pools: readonly IndexedPoolRow[],
  sweep = true,
): Promise<EmulatedWalletData> {
  const ledger: WalletLedgerRows = {
    jettonWallets: await store.listIndexedJettonWallets(),
    lpAccounts: await store.listIndexedLpAccounts(),
    vaults: await store.listIndexedVaults(),
  }
  await checkAgainstGetters(dex, chain, ledger)
  const owners = new Set(scenario.wallets.map((w) => w.toString()))
  const derived = walletPositions({ ledger, pools, assetOf: scenario.assetOf, owners })
  if (sweep) await checkNothingMissed(dex, scenario, derived)

  const balances: WalletBalanceRow[] = []
  for (const owner of scenario.wallets) {
    const walletAddress = owner.toString()
    balances.push({
      ...{ walletAddress, assetAddress: TON_ADDRESS, balance: await chain.tonBalance(owner) },
      jettonWalletAddress: walletAddress,
    })
  }
  balances.push(...derived.balances)
  const userJettonWallets = derived.balances.map((b) => ({
    ...{ ownerAddress: b.walletAddress, jettonAddress: b.assetAddress },
    walletAddress: b.jettonWalletAddress ?? '',
  }))
  return {
    balances,
    lpPositions: derived.lpPositions,
    feeVaults: derived.feeVaults,
    userJettonWallets,
  }
}

function expectEqual(account: string, field: string, indexed: unknown, onChain: unknown): void {
  if (String(indexed) !== String(onChain)) {
    throw new WalletLedgerMismatchError({ account, field, indexed, onChain })
  }
}

const text = (a: Address | null) => (a === null ? null : a.toString())

/**
 * `JETTON_WALLET_DATA` with the owner read as `MsgAddress`: the ledger also holds wallets whose
 * owner is `addr_none`, which the strict reader refuses.
 */
const WALLET_DATA_ANY_OWNER: GetMethod<
  [],
  { balance: bigint; owner: Address | null; master: Address }
> = {
  ...JETTON_WALLET_DATA,
  read: (r) => ({ balance: r.readBigNumber(), owner: r.readAddressOpt(), master: r.readAddress() }),
}

/** Every account of the ledger against the contract's own getter. */
async function checkAgainstGetters(
  dex: LocalDex,
  chain: ChainReader,
  ledger: WalletLedgerRows,
): Promise<void> {
  const run = emulatorRunner(dex)
  const read = async <Answer>(
    account: string,
    method: GetMethod<[], Answer>,
  ): Promise<Answer | undefined> => {
    const address = Address.parse(account)
    if (!(await chain.isActive(address))) return undefined
    return callGetMethod(run, address, method)
  }
  for (const w of ledger.jettonWallets) {
    const data = await read(w.address, WALLET_DATA_ANY_OWNER)
    expectEqual(w.address, 'balance', w.balance, data?.balance ?? 0n)
    if (data === undefined) continue
    expectEqual(w.address, 'owner', w.ownerAddress, text(data.owner))
    expectEqual(w.address, 'master', w.masterAddress, text(data.master))
  }
  for (const a of ledger.lpAccounts) {
    const data = await read(a.address, DEX_LP_ACCOUNT_DATA)
    if (data !== undefined) {
      expectEqual(a.address, 'user', a.userAddress, text(data.user))
      expectEqual(a.address, 'pool', a.poolAddress, text(data.pool))
    }
    expectEqual(a.address, 'amount0', a.amount0, data?.amount0 ?? 0n)
    expectEqual(a.address, 'amount1', a.amount1, data?.amount1 ?? 0n)
  }
  for (const v of ledger.vaults) {
    const data = await read(v.address, DEX_VAULT_DATA)
    if (data !== undefined) {
      expectEqual(v.address, 'owner', v.ownerAddress, text(data.owner))
      expectEqual(v.address, 'token wallet', v.tokenWallet, text(data.tokenWallet))
      expectEqual(v.address, 'router', v.routerAddress, text(data.router))
    }
    expectEqual(v.address, 'balance', v.balance, data?.deposited ?? 0n)
  }
}

/** Every scenario wallet × jetton, pool and v2 vault the emulator knows is derived the same. */
async function checkNothingMissed(
  dex: LocalDex,
  scenario: ScenarioWorld,
  derived: ReturnType<typeof walletPositions>,
): Promise<void> {
  for (const owner of scenario.wallets) {
    const wallet = owner.toString()
    for (const asset of scenario.assets) {
      if (asset.kind !== 'jetton') continue
      const row = derived.balances.find(
        (b) => b.walletAddress === wallet && b.assetAddress === asset.minter.toString(),
      )
      const onChain = await dex.jettonBalance(asset, owner)
      expectEqual(wallet, `${asset.symbol} balance`, row?.balance ?? 0n, onChain)
    }
    for (const pool of scenario.pools) {
      const p = derived.lpPositions.find(
        (x) => x.walletAddress === wallet && x.poolAddress === pool.address.toString(),
      )
      const where = `${wallet} in ${pool.address}`
      expectEqual(where, 'LP balance', p?.lpBalance ?? 0n, await dex.lpBalance(pool, owner))
      const pending = await dex.lpAccount(pool, owner)
      expectEqual(where, 'LP account amount0', p?.token0Balance ?? 0n, pending.amount0)
      expectEqual(where, 'LP account amount1', p?.token1Balance ?? 0n, pending.amount1)
    }
    for (const router of scenario.routers) {
      if (router.dex !== 'v2') continue
      for (const asset of scenario.assets) {
        if (asset.kind === 'pton' && !(router.pton?.minter.equals(asset.minter) ?? false)) continue
        const assetAddress = asset.kind === 'pton' ? TON_ADDRESS : asset.minter.toString()
        const vault = derived.feeVaults.find(
          (v) =>
            v.ownerAddress === wallet &&
            v.routerAddress === router.address.toString() &&
            v.assetAddress === assetAddress,
        )
        const onChain = await dex.vaultBalance(router, owner, asset)
        expectEqual(wallet, `vault balance of ${assetAddress}`, vault?.balance ?? 0n, onChain)
      }
    }
  }
}
