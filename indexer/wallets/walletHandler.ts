import type { StoreWriter } from '../../store/Store.js'
import type { HandledTransaction, IndexHandler } from '../ingest/IndexHandler.js'
import type { PriorStateRequest } from '../ingest/indexerTypes.js'
import { createWalletLedger, type PriorState, type WalletLedger } from './createWalletLedger.js'

/**
 * The wallet ledger as an indexing handler: it takes every transaction (TEP-74 wallets, pTON
 * wallets, LP accounts and DEX v2 referral vaults are told apart inside the ledger) and, before
 * each batch is written, adopts what the accounts it met first held before (`priorState`).
 *
 * @example
 * ```ts
 * const wallets = await openWalletHandler(store, { priorState: undefined })
 * wallets.ledger.masterOf('0:1f2e…') // '0:b113…' once the wallet was seen deploying
 * ```
 */
export type WalletHandler = IndexHandler & { readonly ledger: WalletLedger }

/**
 * Opens the wallet handler over the wallets, LP accounts and vaults the store holds.
 *
 * @example
 * ```ts
 * const wallets = await openWalletHandler(store, { priorState: undefined })
 * wallets.takeChanges().jettonWallets // []
 * ```
 */
export async function openWalletHandler(
  store: StoreWriter,
  options: {
    readonly priorState:
      | ((accounts: readonly PriorStateRequest[]) => Promise<readonly PriorState[]>)
      | undefined
  },
): Promise<WalletHandler> {
  const ledger = createWalletLedger({
    jettonWallets: await store.listIndexedJettonWallets(),
    lpAccounts: await store.listIndexedLpAccounts(),
    vaults: await store.listIndexedVaults(),
  })
  const priorWanted: PriorStateRequest[] = []
  return {
    name: 'wallets',
    ledger,
    takes: () => true,
    handle({ tx, account, aborted, body, block }: HandledTransaction) {
      ledger.apply(tx, account, aborted, body)
      for (const adoption of ledger.takeAdoptions()) {
        if (block !== undefined) priorWanted.push({ ...adoption, seqno: block.seqno - 1 })
      }
      return undefined
    },
    async beforeWrite() {
      // Accounts met first when they existed already: what they held is part of this batch.
      const adopting = priorWanted.splice(0)
      if (adopting.length > 0 && options.priorState !== undefined) {
        for (const prior of await options.priorState(adopting)) ledger.adopt(prior)
      }
    },
    takeChanges: () => ledger.takeChanges(),
  }
}
