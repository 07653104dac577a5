import type { StoreWriter } from '../../store/Store.js'
import { FatalIndexError } from '../errors.js'
import type { HandledTransaction, IndexHandler } from '../ingest/IndexHandler.js'
import { createFarmLedger } from './createFarmLedger.js'

/**
 * Opens the farm and staking handler: the farm ledger (`createFarmLedger`) over the configured
 * farm v3 and STON staking minters and those the store already follows (a restart needs no
 * list), with their positions. It takes every transaction while any minter is followed (the
 * ledger tells minters and items apart by address); a failure on one is a
 * `FatalIndexError` `INDEX_FAILED` naming the transaction.
 *
 * @example
 * ```ts
 * const farms = await openFarmHandler(store, { farmMinters: new Set([minter]), stakingMinters: undefined })
 * farms.takeChanges().farms // []
 * ```
 */
export async function openFarmHandler(
  store: StoreWriter,
  options: {
    readonly farmMinters: ReadonlySet<string> | undefined
    readonly stakingMinters: ReadonlySet<string> | undefined
  },
): Promise<IndexHandler> {
  const storedFarms = await store.listIndexedFarms()
  const storedStakings = await store.listIndexedStakings()
  const farmMinters = new Set([
    ...(options.farmMinters ?? []),
    ...storedFarms.map((f) => f.address),
  ])
  const stakingMinters = new Set([
    ...(options.stakingMinters ?? []),
    ...storedStakings.map((s) => s.address),
  ])
  const following = farmMinters.size > 0 || stakingMinters.size > 0
  const ledger = createFarmLedger({
    farmMinters,
    stakingMinters,
    farms: storedFarms,
    stakings: storedStakings,
    ...(following
      ? {
          farmPositions: await store.listIndexedFarmPositions(),
          stakePositions: await store.listIndexedStakePositions(),
        }
      : {}),
  })
  return {
    name: 'farms',
    takes: () => following,
    handle({ tx, hash, account, aborted, body }: HandledTransaction) {
      try {
        ledger.apply(tx, account, aborted, body)
      } catch (error) {
        throw new FatalIndexError({
          code: 'INDEX_FAILED',
          message: `Indexing a farm or staking transaction of ${account} failed: ${String(error)}`,
          txHash: hash,
          cause: error,
        })
      }
      return undefined
    },
    takeChanges: () => ledger.takeChanges(),
  }
}
