import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import type { FeeWithdrawalRow } from '../../store/rows/indexerRows.js'
import { type HandledTransaction, type IndexHandler, indexFailure } from '../ingest/IndexHandler.js'
import { address } from '../pool/poolOperation.js'

/**
 * Opens the DEX v2 vault handler: it takes a vault's non-aborted `withdraw_fee` and files a
 * fee withdrawal from its `vault_pay_to` (result `ok`), or an unsuccessful one (`bounce`)
 * when the vault paid nothing. Runs after the pool handler: a pool's own `withdraw_fee` is the
 * pool's.
 *
 * @example
 * ```ts
 * const vaults = openVaultHandler({ assetOf: () => undefined })
 * vaults.takeChanges().feeWithdrawals // []
 * ```
 */
export function openVaultHandler(options: {
  /** The jetton master of a wallet, where known (else the wallet stands for itself). */
  readonly assetOf: (wallet: string) => string | undefined
}): IndexHandler {
  let withdrawals: FeeWithdrawalRow[] = []
  return {
    name: 'vaults',
    takes: ({ body, aborted }) => !aborted && body?.type === 'v2.withdraw_fee',
    handle({ tx, hash, account, body, source, timestamp, outs }: HandledTransaction) {
      try {
        const pay = outs().find(
          (o): o is Extract<DecodedBody, { type: 'v2.vault_pay_to' }> =>
            o.type === 'v2.vault_pay_to',
        )
        const payMessage = tx.outMessages.values().find((m) => m.info.type === 'internal')
        const router = payMessage?.info.type === 'internal' ? payMessage.info.dest : null
        const wallet = address(pay?.token)
        const resultCode = pay !== undefined ? 'ok' : 'bounce'
        withdrawals.push({
          vaultAddress: account,
          ownerAddress: address(pay?.to),
          assetAddress: options.assetOf(wallet) ?? wallet,
          routerAddress: address(router),
          amount: pay?.amount ?? 0n,
          operationWalletAddress: address(source),
          success: resultCode === 'ok',
          exitCode: resultCode,
          vaultTxHash: hash,
          vaultTxLt: tx.lt,
          vaultTxTimestamp: timestamp,
        })
        return { resultCode }
      } catch (error) {
        throw indexFailure(error, `a ${body?.type} transaction of ${account}`, hash)
      }
    },
    takeChanges() {
      const feeWithdrawals = withdrawals
      withdrawals = []
      return { feeWithdrawals }
    },
  }
}
