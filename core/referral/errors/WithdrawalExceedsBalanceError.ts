import { BaseError } from '../../errors/BaseError.js'

/**
 * An escrow withdrawal asks for more jetton units than the vault holds (`docs/referral.md`,
 * "On-chain vault interface": the amount must not exceed the balance).
 *
 * @example
 * ```ts
 * escrowWithdrawMessage({ ..., amount: 1_000_001n, vaultData: { balance: 1_000_000n, ... } })
 * // throws WithdrawalExceedsBalanceError { code: 'WITHDRAWAL_EXCEEDS_BALANCE',
 * //   amount: 1000001n, balance: 1000000n }
 * ```
 */
export class WithdrawalExceedsBalanceError extends BaseError {
  override readonly name = 'WithdrawalExceedsBalanceError'
  readonly code = 'WITHDRAWAL_EXCEEDS_BALANCE'
  /** Requested amount, jetton base units. */
  readonly amount: bigint
  /** The vault's balance, jetton base units. */
  readonly balance: bigint

  constructor({ amount, balance }: { amount: bigint; balance: bigint }) {
    super('The withdrawal exceeds the vault balance.', {
      meta: [`amount: ${amount}`, `balance: ${balance}`],
    })
    this.amount = amount
    this.balance = balance
  }
}
