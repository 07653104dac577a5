/**
 * Rows the indexer writes besides operations: every ingested transaction (for traces, swap
 * status and transaction queries), the pool states it tracks, DEX v2 vault withdrawals, and the
 * message links that tie a transaction to the one that originated its trace.
 * @module
 */

import type { FarmPoolAccrual } from '../../core/farm/farmAccrual.js'
import type { PoolKind } from '../../core/pool/PoolState.js'
import type { BlockRef, OperationRow } from './historyRows.js'

/**
 * One ingested transaction. `kind` is the decoded type of its inbound body (e.g. `'v2.swap'`),
 * `'external'` for an external-in message, or `'other'` for a foreign or undecodable one — a
 * `TransactionKind` of `ton-dex-lab/protocol`, as `resultCode` is a `ResultCode`; the store
 * keeps both as text.
 *
 * @example
 * ```ts
 * const tx: IndexedTransactionRow = { hash: 'ab…', lt: 46_000_000n, timestamp: '2023-11-14T22:13:20',
 *   account: 'EQ…pool', originHash: 'cd…', parentHash: 'ef…', kind: 'v2.swap', queryId: 0n,
 *   sourceAddress: 'EQ…router', aborted: false, computeExitCode: 0, resultCode: 'swap_ok',
 *   action: null }
 * ```
 */
export interface IndexedTransactionRow {
  readonly hash: string
  readonly lt: bigint
  /** `YYYY-MM-DDTHH:MM:SS`, UTC. */
  readonly timestamp: string
  readonly account: string
  /** Hash of the transaction that started this trace (itself for an originating one). */
  readonly originHash: string
  /** Hash of the transaction whose outbound message this one received, when known. */
  readonly parentHash: string | null
  readonly kind: string
  readonly queryId: bigint | null
  readonly sourceAddress: string | null
  readonly aborted: boolean
  /** Compute-phase exit code (0 when skipped). */
  readonly computeExitCode: number
  /** The exchange result this transaction reported (`swap_ok`, `burn_ok`, …), when any. */
  readonly resultCode: string | null
  /**
   * The exchange action this transaction starts (its message fields for the action tree), or
   * `null` — for most transactions, and for rows indexed before the store kept it.
   */
  readonly action: IndexedAction | null
  /** The block holding the transaction, when the indexer's source named it. */
  readonly block?: BlockRef | undefined
}

/**
 * A field value of an action's wire data: decimal strings for amounts and 64-bit integers,
 * numbers for op codes and 8/16-bit integers, booleans, `null` for an absent address.
 *
 * @example
 * ```ts
 * const value: ActionFieldValue = '1992015968'
 * ```
 */
export type ActionFieldValue = string | number | boolean | null

/**
 * What a transaction that starts an exchange action carried, already in the wire shape of the
 * action tree (`docs/wire.md` §6.5): stored as JSON TEXT next to the transaction so the tree
 * can show message fields although message bodies are not stored.
 *
 * @example
 * ```ts
 * const action: IndexedAction = { type: 'swap', version: 'v2', exitCode: null,
 *   txPayload: { opcode: 1717886506, query_id: '0', ask_jetton_wallet_address: 'EQ…',
 *     min_ask_amount: '0', referral_val: 10 },
 *   result: { fwd_gas: '0' } }
 * ```
 */
export interface IndexedAction {
  /** Action `@type` (`docs/wire.md` §2.10): `swap`, `provide_liquidity`, `direct_add_liquidity`, … */
  readonly type: string
  readonly version: 'v1' | 'v2'
  /** The whole `tx_payload`: `opcode`, `query_id` and the action's fields. */
  readonly txPayload: Readonly<Record<string, ActionFieldValue>>
  /** The action's exit-code name when the transaction row has no `resultCode` (LP-account actions). */
  readonly exitCode: string | null
  /** Completed-status result fields only the transaction's outbound messages carry. */
  readonly result: Readonly<Record<string, ActionFieldValue>>
}

/**
 * A pool as the indexer tracks it from the pool's own messages (state-init and operations):
 * its kind read off the state-init's storage layout, its kind parameters as the state-init and
 * the later `set_params` / `set_rate` / first provision left them.
 *
 * @example
 * ```ts
 * const pool: IndexedPoolRow = { address: 'EQ…', routerAddress: 'EQ…', dex: 'v2',
 *   kind: 'stableswap', wallet0: 'EQ…', wallet1: 'EQ…', asset0Address: 'EQ…usdt',
 *   asset1Address: 'EQ…usdc', reserve0: 10n ** 12n, reserve1: 10n ** 12n, totalSupply: 2n * 10n ** 12n,
 *   lpFee: 20n, protocolFee: 10n, refFee: 0n, collected0: 0n, collected1: 0n, amp: 100n, w0: 0n, rate: 0n }
 * ```
 */
export interface IndexedPoolRow {
  readonly address: string
  readonly routerAddress: string
  readonly dex: 'v1' | 'v2'
  /** The pool's curve (DEX v1: always `constant_product`). */
  readonly kind: PoolKind
  /** The router's jetton wallets of token0 and token1. */
  readonly wallet0: string
  readonly wallet1: string
  /**
   * The assets (jetton masters, the TON address for pTON) behind wallet0 / wallet1, as the
   * indexer resolved them; a wallet it could not resolve stands for itself.
   */
  readonly asset0Address: string
  readonly asset1Address: string
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly totalSupply: bigint
  readonly lpFee: bigint
  readonly protocolFee: bigint
  readonly refFee: bigint
  readonly collected0: bigint
  readonly collected1: bigint
  /** Stableswap: plain integer A; weighted stableswap: 18-decimal amp; else 0. */
  readonly amp: bigint
  /** Weighted kinds: token0's weight, 18 decimals (0 until `set_params` sets it); else 0. */
  readonly w0: bigint
  /** Weighted stableswap: token0 units per token1, 18 decimals (set by the first provision,
   * `set_params` and `set_rate`); else 0. */
  readonly rate: bigint
  /**
   * Where the pool sends collected protocol fees, as its state-init and the later fee changes
   * set it; `null` for none (addr_none), or for a pool indexed before the store kept it.
   */
  readonly protocolFeeAddress: string | null
}

/**
 * A withdrawal from a DEX v2 referral vault (`withdraw_fee` → `vault_pay_to`), the wire's
 * `FeeWithdrawal` (`docs/wire.md` §4.7) with the vault owner added.
 *
 * @example
 * ```ts
 * const w: FeeWithdrawalRow = { vaultAddress: 'EQ…', ownerAddress: 'EQ…bob', assetAddress: 'EQ…usdt',
 *   routerAddress: 'EQ…', amount: 997_005n, operationWalletAddress: 'EQ…admin', success: true,
 *   exitCode: 'ok', vaultTxHash: 'ab…', vaultTxLt: 80_000_000n, vaultTxTimestamp: '2023-11-14T22:13:20' }
 * ```
 */
export interface FeeWithdrawalRow {
  readonly vaultAddress: string
  readonly ownerAddress: string
  readonly assetAddress: string
  readonly routerAddress: string
  readonly amount: bigint
  readonly operationWalletAddress: string
  readonly success: boolean
  readonly exitCode: string
  readonly vaultTxHash: string
  readonly vaultTxLt: bigint
  readonly vaultTxTimestamp: string
}

/**
 * A link from an outbound message to the transaction that sent it and to its trace's origin.
 *
 * @example
 * ```ts
 * const link: MessageLinkRow = { messageHash: '9f…', parentHash: 'ab…', originHash: 'cd…' }
 * ```
 */
export interface MessageLinkRow {
  /** The message's identity (`messageKey` of the indexer: sender and created_lt for internal messages). */
  readonly messageHash: string
  readonly parentHash: string
  readonly originHash: string
}

/**
 * Everything one indexer batch writes, stored atomically together with the cursor so that a
 * crash loses or duplicates nothing.
 *
 * @example
 * ```ts
 * await store.applyIndexBatch({ transactions, operations, pools, feeWithdrawals, links,
 *   cursor: { name: 'indexer', value: '46000000' } })
 * ```
 */
export interface IndexBatch {
  readonly transactions: readonly IndexedTransactionRow[]
  readonly operations: readonly OperationRow[]
  readonly pools: readonly IndexedPoolRow[]
  readonly feeWithdrawals: readonly FeeWithdrawalRow[]
  readonly links: readonly MessageLinkRow[]
  /** Jetton wallets whose balance, owner or master changed in the batch (replaced). */
  readonly jettonWallets?: readonly IndexedJettonWalletRow[] | undefined
  /** DEX LP accounts whose pending amounts changed in the batch (replaced). */
  readonly lpAccounts?: readonly IndexedLpAccountRow[] | undefined
  /** DEX v2 referral vaults whose balance changed in the batch (replaced). */
  readonly vaults?: readonly IndexedVaultRow[] | undefined
  /** Followed farm minters whose storage changed in the batch (replaced). */
  readonly farms?: readonly IndexedFarmRow[] | undefined
  /** Farm stake positions that changed in the batch (replaced). */
  readonly farmPositions?: readonly IndexedFarmPositionRow[] | undefined
  /** Followed staking minters that changed in the batch (replaced). */
  readonly stakings?: readonly IndexedStakingRow[] | undefined
  /** STON stake positions that changed in the batch (replaced). */
  readonly stakePositions?: readonly IndexedStakePositionRow[] | undefined
  /** Followed referral-venue minters first seen in the batch (replaced). */
  readonly venueMinters?: readonly IndexedVenueMinterRow[] | undefined
  /** Referral-venue vaults whose balance changed in the batch (replaced). */
  readonly venueVaults?: readonly IndexedVenueVaultRow[] | undefined
  /** Referral-venue vault operations of the batch (one per transaction; kept as stored). */
  readonly venueOperations?: readonly VenueOperationRow[] | undefined
  /**
   * Hashes (hex) of the batch's external-in messages, each naming its transaction: the hash as
   * sent and the normalized one (TEP-467).
   */
  readonly externalMessages?:
    | readonly { readonly hash: string; readonly txHash: string }[]
    | undefined
  readonly cursor: { readonly name: string; readonly value: string }
}

/**
 * A TEP-74 jetton wallet as the indexer derives it from transactions (`indexer/wallets`): the
 * balance follows every credited `internal_transfer`, every `transfer` / `burn` of the owner and
 * every bounced transfer or burn notification that came back. `ownerAddress` is `null` for an
 * addr_none owner (the DEX v1 pool locks its first LP tokens that way) or while it is unknown;
 * `masterAddress` is `null` while unknown. An LP wallet's master is its pool.
 *
 * @example
 * ```ts
 * const w: IndexedJettonWalletRow = { address: 'EQ…wallet', ownerAddress: 'EQ…alice',
 *   masterAddress: 'EQ…usdt', balance: 99_998_500_000_000n }
 * ```
 */
export interface IndexedJettonWalletRow {
  readonly address: string
  readonly ownerAddress: string | null
  readonly masterAddress: string | null
  readonly balance: bigint
}

/**
 * A DEX v1 / v2 LP account and what waits in it: the sum of the pool's `add_liquidity` amounts
 * not yet forwarded by `cb_add_liquidity` nor returned by `cb_refund_me`.
 *
 * @example
 * ```ts
 * const a: IndexedLpAccountRow = { address: 'EQ…', userAddress: 'EQ…alice', poolAddress: 'EQ…pool',
 *   amount0: 1_000_000n, amount1: 0n }
 * ```
 */
export interface IndexedLpAccountRow {
  readonly address: string
  readonly userAddress: string
  readonly poolAddress: string
  readonly amount0: bigint
  readonly amount1: bigint
}

/**
 * A DEX v2 referral vault: what `deposit_ref_fee` put in and `withdraw_fee` has not paid out.
 * `tokenWallet` is the router's jetton wallet of the fee token (the asset is resolved from it).
 *
 * @example
 * ```ts
 * const v: IndexedVaultRow = { address: 'EQ…vault', ownerAddress: 'EQ…ref', tokenWallet: 'EQ…',
 *   routerAddress: 'EQ…router', balance: 125_000_000n }
 * ```
 */
export interface IndexedVaultRow {
  readonly address: string
  readonly ownerAddress: string
  readonly tokenWallet: string
  readonly routerAddress: string
  readonly balance: bigint
}

/**
 * Which indexed transactions to read; every field narrows, newest first.
 *
 * @example
 * ```ts
 * await store.listIndexedTransactions({ originHash: 'cd…' })
 * ```
 */
export interface IndexedTransactionFilter {
  readonly originHash?: string | undefined
  readonly hash?: string | undefined
  /** The transaction whose external-in message has this hash (hex; as sent or normalized). */
  readonly externalMessageHash?: string | undefined
  readonly account?: string | undefined
  readonly sourceAddress?: string | undefined
  readonly queryId?: bigint | undefined
  readonly since?: string | undefined
  readonly limit?: number | undefined
}

/**
 * Every account the indexer's wallet ledger follows, as store rows.
 *
 * @example
 * ```ts
 * const rows: WalletLedgerRows = { jettonWallets: [], lpAccounts: [], vaults: [] }
 * ```
 */
export type WalletLedgerRows = {
  readonly jettonWallets: readonly IndexedJettonWalletRow[]
  readonly lpAccounts: readonly IndexedLpAccountRow[]
  readonly vaults: readonly IndexedVaultRow[]
}

/**
 * One reward pool of an indexed farm v3 minter: its parameters and its accrual as the minter
 * stores them (`docs/farms.md`; amounts in nanorewards = reward base units × 10^9, times in unix
 * seconds). The reward jetton is named by the minter's wallet of it.
 *
 * @example
 * ```ts
 * const pool: IndexedFarmPoolRow = { index: 0, rewardTokenWallet: 'EQ…', rewardTokenMaster: null, status: 1,
 *   nanorewardsPer24h: 10n ** 21n, adminFee: 0n, unrestrictedDepositRewards: true,
 *   deposited: 30_000n * 10n ** 18n, accruedPerUnit: 0n, accrued: 0n, claimed: 0n,
 *   claimedFee: 0n, accruedFee: 0n, lastUpdateTime: 1_764_064_807n }
 * ```
 */
export interface IndexedFarmPoolRow extends FarmPoolAccrual {
  readonly index: number
  readonly rewardTokenWallet: string
  /**
   * The reward jetton (the master of `rewardTokenWallet`) when the indexer could tell it
   * before the wallet is deployed (from a wallet of that jetton it saw deployed), else `null`.
   */
  readonly rewardTokenMaster: string | null
  readonly status: number
  readonly nanorewardsPer24h: bigint
  readonly adminFee: bigint
  readonly unrestrictedDepositRewards: boolean
}

/**
 * A farm v3 minter the indexer follows (one of the configured farm minters), as its storage
 * stands after the last indexed transaction: status code, stake, reward pools. The LP jetton
 * (= the pool) is the master of `stakingTokenWallet`: `stakingTokenMaster` once the indexer
 * could tell it from the wallet's address (so a farm is known by its pool before its first
 * stake deploys that wallet), else `null`.
 *
 * @example
 * ```ts
 * const farm: IndexedFarmRow = { address: 'EQ…minter', adminAddress: 'EQ…admin',
 *   stakingTokenWallet: 'EQ…lpWallet', stakingTokenMaster: 'EQ…pool', status: 1, nextItemIndex: 2n, currentStaked: 10n ** 9n,
 *   minStakeTime: 604_800n, contractUniqueId: 1n, createTimestamp: '2026-10-28T09:00:00', pools: [] }
 * ```
 */
export interface IndexedFarmRow {
  readonly address: string
  readonly adminAddress: string
  readonly stakingTokenWallet: string | null
  readonly stakingTokenMaster: string | null
  readonly status: number
  readonly nextItemIndex: bigint
  readonly currentStaked: bigint
  readonly minStakeTime: bigint
  readonly contractUniqueId: bigint
  /** ISO seconds of the deploying transaction. */
  readonly createTimestamp: string
  readonly pools: readonly IndexedFarmPoolRow[]
}

/**
 * A farm v3 stake position (an item of a followed farm) after the last indexed transaction:
 * status code (1 active, 2 unstaked, 3 claiming, 4 unstaked_pending), stake, dates (unix
 * seconds; `revokeTime` 0 until unstaked), the claimed-per-unit of every pool, and whether the
 * owner destroyed it.
 *
 * @example
 * ```ts
 * const p: IndexedFarmPositionRow = { address: 'EQ…item', farmAddress: 'EQ…minter', index: 0n,
 *   ownerAddress: 'EQ…alice', status: 1, staked: 10n ** 9n, stakeDate: 1_764_064_807n,
 *   revokeTime: 0n, claimedPerUnit: [{ poolIndex: 0, perUnit: 0n }], destroyed: false }
 * ```
 */
export interface IndexedFarmPositionRow {
  readonly address: string
  readonly farmAddress: string
  readonly index: bigint
  readonly ownerAddress: string
  readonly status: number
  readonly staked: bigint
  readonly stakeDate: bigint
  readonly revokeTime: bigint
  readonly claimedPerUnit: readonly { readonly poolIndex: number; readonly perUnit: bigint }[]
  readonly destroyed: boolean
}

/**
 * The STON staking minter the indexer follows (configured), after the last indexed
 * transaction: its STON wallet, the GEMSTON minter it controls, totals and origin time.
 *
 * @example
 * ```ts
 * const s: IndexedStakingRow = { address: 'EQ…minter', stakingTokenWallet: 'EQ…stonWallet',
 *   secondaryTokenMinter: 'EQ…gemston', originTime: 1_764_064_807n, nextItemIndex: 1n,
 *   currentStaked: 10n ** 11n, totalVotePower: 141_422_797_000n, locked: false }
 * ```
 */
export interface IndexedStakingRow {
  readonly address: string
  readonly stakingTokenWallet: string | null
  readonly secondaryTokenMinter: string | null
  readonly originTime: bigint
  readonly nextItemIndex: bigint
  readonly currentStaked: bigint
  readonly totalVotePower: bigint
  readonly locked: boolean
}

/**
 * A STON stake position (an item of the followed staking minter) after the last indexed
 * transaction: status code (1 active, 2 unstaked, 3 claiming), amounts, dates in unix seconds
 * (`revokeTime` 0 until unstaked) and the GEMSTON minted for it.
 *
 * @example
 * ```ts
 * const p: IndexedStakePositionRow = { address: 'EQ…item', minterAddress: 'EQ…minter', index: 0n,
 *   ownerAddress: 'EQ…alice', status: 1, staked: 10n ** 8n, votePower: 141_422_797n,
 *   lockDate: 1_693_838_034n, minUnstakeDate: 1_701_727_434n, gemston: 12_500_000n,
 *   revokeTime: 0n, destroyed: false }
 * ```
 */
export interface IndexedStakePositionRow {
  readonly address: string
  readonly minterAddress: string
  readonly index: bigint
  readonly ownerAddress: string
  readonly status: number
  readonly staked: bigint
  readonly votePower: bigint
  readonly lockDate: bigint
  readonly minUnstakeDate: bigint
  readonly gemston: bigint
  readonly revokeTime: bigint
  readonly destroyed: boolean
}

/**
 * The kind of a referral venue (`docs/referral-venues.md`): `escrow` (the escrow factory and
 * its vaults) or `fee_vault` (the fee-vault minter of venues A and B and its vaults).
 *
 * @example
 * ```ts
 * const kind: VenueKind = 'fee_vault'
 * ```
 */
export type VenueKind = 'escrow' | 'fee_vault'

/**
 * A referral-venue minter the indexer follows (one of the configured escrow factories or
 * fee-vault minters; a restart follows it without the list).
 *
 * @example
 * ```ts
 * const m: IndexedVenueMinterRow = { address: 'EQ…minter', kind: 'escrow' }
 * ```
 */
export interface IndexedVenueMinterRow {
  readonly address: string
  readonly kind: VenueKind
}

/**
 * A vault of a followed referral venue, kept from its messages: the balance its getter
 * (`getVaultData` / `get_vault_data`) answers — credits of the minter added, withdrawals and
 * collects that the vault accepted subtracted. `jettonWallet` is the minter's jetton wallet
 * the vault is keyed by; `assetAddress` its jetton master when the indexer knows it.
 * `lastCollectTime` is the fee vault's (unix seconds, 0 before a collect; always 0 for escrow).
 *
 * @example
 * ```ts
 * const v: IndexedVenueVaultRow = { address: 'EQ…vault', minterAddress: 'EQ…minter',
 *   kind: 'fee_vault', ownerAddress: 'EQ…ref', jettonWallet: 'EQ…', assetAddress: 'EQ…usdt',
 *   balance: 1_995n, lastCollectTime: 0n }
 * ```
 */
export interface IndexedVenueVaultRow {
  readonly address: string
  readonly minterAddress: string
  readonly kind: VenueKind
  readonly ownerAddress: string
  readonly jettonWallet: string
  readonly assetAddress: string | null
  readonly balance: bigint
  readonly lastCollectTime: bigint
}

/**
 * What a referral-venue operation did: `accrual` (a referral fee credited to a vault: the
 * fee-vault minter's `fee_vault_deposit`, the escrow's `escrow_referral_deposit`), `deposit`
 * (an escrow owner's own `minter_deposit_vault`), `withdrawal` (an escrow owner's
 * `vault_withdraw_tokens`), `collect` (a fee vault's `collectFees`).
 *
 * @example
 * ```ts
 * const kind: VenueOperationKind = 'collect'
 * ```
 */
export type VenueOperationKind = 'accrual' | 'deposit' | 'withdrawal' | 'collect'

/**
 * One referral-venue operation, recorded at the transaction that decided it: the minter's
 * for a credit (its jetton transfer notification whose payload names the vault's owner), the
 * vault's for a withdrawal or collect (a refused one changes nothing and is not recorded).
 * `senderAddress` is who paid the jettons in (the notification's sender field) or who sent
 * the withdrawal; `originHash` the trace's origin (the swap's wallet transaction for a venue
 * that pays a fee in the swap's trace).
 *
 * @example
 * ```ts
 * const op: VenueOperationRow = { txHash: '9a…', txLt: 46_000_041n,
 *   timestamp: '2026-11-26T10:00:00', originHash: 'cd…', kind: 'accrual', venue: 'fee_vault',
 *   minterAddress: 'EQ…', vaultAddress: 'EQ…', ownerAddress: 'EQ…ref', jettonWallet: 'EQ…',
 *   assetAddress: 'EQ…usdt', amount: 1_995n, senderAddress: 'EQ…venue', queryId: 0n }
 * ```
 */
export interface VenueOperationRow {
  readonly txHash: string
  readonly txLt: bigint
  readonly timestamp: string
  readonly originHash: string
  readonly kind: VenueOperationKind
  readonly venue: VenueKind
  readonly minterAddress: string
  readonly vaultAddress: string
  readonly ownerAddress: string
  readonly jettonWallet: string
  readonly assetAddress: string | null
  readonly amount: bigint
  readonly senderAddress: string | null
  readonly queryId: bigint
}

/**
 * Which venue operations to read (every field narrows; oldest first). `since` / `until` are
 * inclusive timestamps (`YYYY-MM-DDTHH:MM:SS`).
 *
 * @example
 * ```ts
 * await store.listVenueOperations({ ownerAddress: 'EQ…ref', since: '2026-11-01T00:00:00' })
 * ```
 */
export interface VenueOperationFilter {
  readonly ownerAddress?: string | undefined
  readonly vaultAddress?: string | undefined
  readonly since?: string | undefined
  readonly until?: string | undefined
}
