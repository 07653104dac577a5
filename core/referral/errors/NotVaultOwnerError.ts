import type { Address } from '@ton/core'
import { BaseError } from '../../errors/BaseError.js'

/**
 * Only the owner of an escrow vault may withdraw from it (`docs/referral.md`, "On-chain vault
 * interface", `sendVaultWithdrawTokens`; "Errors" 4).
 *
 * @example
 * ```ts
 * escrowWithdrawMessage({ vault, vaultData, sender: stranger, ... })
 * // throws NotVaultOwnerError { code: 'NOT_VAULT_OWNER' }
 * ```
 */
export class NotVaultOwnerError extends BaseError {
  override readonly name = 'NotVaultOwnerError'
  readonly code = 'NOT_VAULT_OWNER'
  /** Who would send the withdrawal. */
  readonly sender: Address
  /** The vault's owner. */
  readonly owner: Address

  constructor({ sender, owner }: { sender: Address; owner: Address }) {
    super('Only the vault owner may withdraw from an escrow vault.', {
      meta: [`sender: ${sender.toString()}`, `owner: ${owner.toString()}`],
    })
    this.sender = sender
    this.owner = owner
  }
}
