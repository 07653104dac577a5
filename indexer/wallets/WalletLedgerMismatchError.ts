import { BaseError } from '../../core/errors/BaseError.js'

/**
 * What the indexer derived from transactions for an account (a jetton wallet's balance, an LP
 * account's pending amounts, a vault's balance) differs from what the contract itself reports.
 *
 * @example
 * ```ts
 * throw new WalletLedgerMismatchError({ account: 'EQ…', field: 'balance', indexed: 5n, onChain: 7n })
 * // e.code === 'WALLET_LEDGER_MISMATCH'
 * ```
 */
export class WalletLedgerMismatchError extends BaseError {
  override readonly name = 'WalletLedgerMismatchError'
  readonly code = 'WALLET_LEDGER_MISMATCH'
  readonly account: string
  readonly field: string
  readonly indexed: string
  readonly onChain: string

  constructor(p: { account: string; field: string; indexed: unknown; onChain: unknown }) {
    const indexed = String(p.indexed)
    const onChain = String(p.onChain)
    super(`The indexed ${p.field} of ${p.account} differs from the contract's.`, {
      meta: [`indexed: ${indexed}`, `on chain: ${onChain}`],
    })
    this.account = p.account
    this.field = p.field
    this.indexed = indexed
    this.onChain = onChain
  }
}
