import type { StoreWriter } from '../../store/Store.js'
import { FatalIndexError } from '../errors.js'
import type { HandledTransaction, IndexHandler } from '../ingest/IndexHandler.js'
import { createVenueLedger } from './createVenueLedger.js'

/**
 * Opens the referral-venue handler: the venue ledger (`createVenueLedger`) over the configured
 * escrow factories and fee-vault minters and those the store already follows, with their
 * vaults. It takes every transaction while any minter is followed; a failure on one is a
 * `FatalIndexError` `INDEX_FAILED` naming the transaction.
 *
 * @example
 * ```ts
 * const venues = await openVenueHandler(store, { escrowMinters: new Set([factory]),
 *   feeVaultMinters: undefined, assetOf: () => undefined })
 * venues.takeChanges().venueOperations // []
 * ```
 */
export async function openVenueHandler(
  store: StoreWriter,
  options: {
    readonly escrowMinters: ReadonlySet<string> | undefined
    readonly feeVaultMinters: ReadonlySet<string> | undefined
    /** The jetton master of a wallet, where known. */
    readonly assetOf: (wallet: string) => string | undefined
  },
): Promise<IndexHandler> {
  const ledger = createVenueLedger({
    escrowMinters: options.escrowMinters ?? new Set(),
    feeVaultMinters: options.feeVaultMinters ?? new Set(),
    minters: await store.listIndexedVenueMinters(),
    vaults: await store.listIndexedVenueVaults(),
    assetOf: options.assetOf,
  })
  return {
    name: 'venues',
    takes: () => ledger.following,
    handle({ tx, hash, account, aborted, body, timestamp, origin }: HandledTransaction) {
      try {
        ledger.apply(tx, account, aborted, body, { hash, timestamp, originHash: origin.hash })
      } catch (error) {
        throw new FatalIndexError({
          code: 'INDEX_FAILED',
          message: `Indexing a referral-venue transaction of ${account} failed: ${String(error)}`,
          txHash: hash,
          cause: error,
        })
      }
      return undefined
    },
    takeChanges: () => ledger.takeChanges(),
  }
}
