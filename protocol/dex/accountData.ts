import type { Address, TupleReader } from '@ton/core'

/**
 * A DEX LP account's `get_lp_account_data` answer (`user pool amount0 amount1`, v1 and v2,
 * `docs/contracts.md` §1.7 and §2.14): what waits for the second half of a provision.
 *
 * @example
 * ```ts
 * readLpAccountData(stack) // { user: Address(bob), pool: Address(pool), amount0: 1000000n, amount1: 0n }
 * ```
 */
export type LpAccountData = {
  readonly user: Address
  readonly pool: Address
  readonly amount0: bigint
  readonly amount1: bigint
}

/**
 * Reads an LP account's `get_lp_account_data` answer.
 *
 * @example
 * ```ts
 * readLpAccountData(new TupleReader(stack)).amount0 // 1000000n
 * ```
 */
export function readLpAccountData(reader: TupleReader): LpAccountData {
  const user = reader.readAddress()
  const pool = reader.readAddress()
  const amount0 = reader.readBigNumber()
  const amount1 = reader.readBigNumber()
  return { user, pool, amount0, amount1 }
}

/**
 * A DEX v2 referral vault's `get_vault_data` answer (`owner token_wallet router deposited`,
 * `docs/contracts.md` §2.14): the referral fees of one token waiting for their owner.
 *
 * @example
 * ```ts
 * readVaultData(stack) // { owner: Address(bob), tokenWallet: Address(routerUsdtWallet), router: Address(router), deposited: 1994010n }
 * ```
 */
export type VaultData = {
  readonly owner: Address
  readonly tokenWallet: Address
  readonly router: Address
  readonly deposited: bigint
}

/**
 * Reads a referral vault's `get_vault_data` answer.
 *
 * @example
 * ```ts
 * readVaultData(new TupleReader(stack)).deposited // 1994010n after a 1e9 swap with 10 bps to the owner
 * ```
 */
export function readVaultData(reader: TupleReader): VaultData {
  const owner = reader.readAddress()
  const tokenWallet = reader.readAddress()
  const router = reader.readAddress()
  const deposited = reader.readBigNumber()
  return { owner, tokenWallet, router, deposited }
}
