import type { TupleReader } from '@ton/core'
import { addressText } from '../../protocol/addressText.js'
import { DEX_LP_ACCOUNT_DATA, DEX_VAULT_DATA } from '../../protocol/dex/getMethods.js'
import { JETTON_WALLET_DATA } from '../../protocol/jetton/getMethods.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import { runGetMethodAt } from '../../upstream/tonApiStack.js'
import type { PriorPool, PriorPoolRequest, PriorStateRequest } from '../ingest/createIndexer.js'
import { mapBounded } from '../source/mapBounded.js'
import type { PriorState } from '../wallets/createWalletLedger.js'
import { readPoolAt } from './adoptPools.js'

/** Get-method of each kind of account the ledger adopts. */
const GETTER = {
  'jetton-wallet': JETTON_WALLET_DATA,
  'lp-account': DEX_LP_ACCOUNT_DATA,
  vault: DEX_VAULT_DATA,
} as const

/**
 * The index session's `priorState` over a TON HTTP API: each account's get-method run by the
 * upstream at the block before its first transaction seen (`runGetMethod` with toncenter's
 * `seqno`) — `get_wallet_data`, `get_lp_account_data` or `get_vault_data` — at most 8 at once,
 * retryable failures retried. A non-zero exit code (no such account at that block, or not
 * that kind of contract) answers `absent`.
 *
 * @example
 * ```ts
 * const session = await openIndexSession({ store, priorState: tonApiPriorState(client) })
 * await tonApiPriorState(client)([{ kind: 'lp-account', address: '0:5f0e…', seqno: 3020 }])
 * // [{ kind: 'lp-account', address: '0:5f0e…', amount0: 1000000n, amount1: 0n }]
 * ```
 */
export function tonApiPriorState(
  client: TonApiClient,
): (accounts: readonly PriorStateRequest[]) => Promise<PriorState[]> {
  return getMethodPriorState((address, method, seqno) =>
    runGetMethodAt(client, address, method, seqno),
  )
}

/**
 * The index session's `priorState` over any runner of get-methods at a block (`run` answers
 * the stack, or `undefined` for a non-zero exit code or no such account then): the upstream's
 * ({@link tonApiPriorState}), or a fork's own chain. At most 8 at once.
 *
 * @example
 * ```ts
 * const priorState = getMethodPriorState((address, method, seqno) => onChain(address, method, seqno))
 * await priorState([{ kind: 'jetton-wallet', address: 'EQ…', seqno: 4 }])
 * // [{ kind: 'jetton-wallet', address: 'EQ…', balance: 50000000n, ownerAddress: 'EQ…', masterAddress: 'EQ…' }]
 * ```
 */
export function getMethodPriorState(
  run: (address: string, method: string, seqno: number) => Promise<TupleReader | undefined>,
): (accounts: readonly PriorStateRequest[]) => Promise<PriorState[]> {
  const read = async (request: PriorStateRequest): Promise<PriorState> => {
    const { kind, address, seqno } = request
    const reader = await run(address, GETTER[kind].name, seqno)
    if (reader === undefined) return { kind, address, absent: true }
    if (kind === 'jetton-wallet') {
      const data = JETTON_WALLET_DATA.read(reader)
      return {
        ...{ kind, address, balance: data.balance },
        ownerAddress: addressText(data.owner),
        masterAddress: addressText(data.master),
      }
    }
    if (kind === 'lp-account') {
      const data = DEX_LP_ACCOUNT_DATA.read(reader)
      return { kind, address, amount0: data.amount0, amount1: data.amount1 }
    }
    return { kind, address, balance: DEX_VAULT_DATA.read(reader).deposited }
  }
  return (accounts) => mapBounded(accounts, 8, read)
}

/**
 * The index session's `priorPool` over a TON HTTP API: the pool's `get_pool_data` (and, for
 * DEX v1, `get_jetton_data`) run by the upstream at the block before its first transaction
 * seen, retryable failures retried (see `readPoolAt`).
 *
 * @example
 * ```ts
 * const follower = createFollower({ store, source, routers, priorPool: tonApiPriorPool(client) })
 * await tonApiPriorPool(client)({ address: '0:9c1d…', routerAddress: '0:8b77…', dex: 'v2',
 *   kind: 'constant_product', seqno: 3020 }) // { state: { reserve0: 1000000000n, … }, wallet0: '0:1f2e…', … }
 * ```
 */
export function tonApiPriorPool(
  client: TonApiClient,
): (request: PriorPoolRequest) => Promise<PriorPool | undefined> {
  return (request) =>
    readPoolAt((address, method) => runGetMethodAt(client, address, method, request.seqno), request)
}
