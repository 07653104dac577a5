import type { Address, Cell } from '@ton/core'
import { loadAddress, loadCoins } from '../decode/slices.js'

/**
 * An escrow vault's storage (`minter jetton_wallet balance:Coins owner`, the order of its
 * `getVaultData`; `contracts-fixtures/sources/escrow/escrow-messages.tolk`).
 *
 * @example
 * ```ts
 * const s: EscrowVaultStorage = { minter, jettonWallet, balance: 0n, owner: referrer }
 * ```
 */
export type EscrowVaultStorage = {
  readonly minter: Address | null
  readonly jettonWallet: Address | null
  readonly balance: bigint
  readonly owner: Address | null
}

/**
 * A fee vault's storage (`owner jetton_wallet balance:Coins minter last_collect_time:uint64`,
 * the order of its `get_vault_data`; `contracts-fixtures/sources/fee-vault/fee-vault-messages.tolk`).
 *
 * @example
 * ```ts
 * const s: FeeVaultStorage = { owner: referrer, jettonWallet, balance: 0n, minter, lastCollectTime: 0n }
 * ```
 */
export type FeeVaultStorage = {
  readonly owner: Address | null
  readonly jettonWallet: Address | null
  readonly balance: bigint
  readonly minter: Address | null
  readonly lastCollectTime: bigint
}

/**
 * Reads an escrow vault's storage cell (what the factory's deploying message carries as
 * state-init data); throws on a cell of another layout.
 *
 * @example
 * ```ts
 * readEscrowVaultStorage(stateInit.data).balance // 0n (a vault starts empty)
 * ```
 */
export function readEscrowVaultStorage(data: Cell): EscrowVaultStorage {
  const s = data.beginParse()
  return {
    minter: loadAddress(s),
    jettonWallet: loadAddress(s),
    balance: loadCoins(s),
    owner: loadAddress(s),
  }
}

/**
 * Reads a fee vault's storage cell (see {@link readEscrowVaultStorage}); throws on a cell of
 * another layout.
 *
 * @example
 * ```ts
 * readFeeVaultStorage(stateInit.data).lastCollectTime // 0n before the first collect
 * ```
 */
export function readFeeVaultStorage(data: Cell): FeeVaultStorage {
  const s = data.beginParse()
  return {
    owner: loadAddress(s),
    jettonWallet: loadAddress(s),
    balance: loadCoins(s),
    minter: loadAddress(s),
    lastCollectTime: s.loadUintBig(64),
  }
}
