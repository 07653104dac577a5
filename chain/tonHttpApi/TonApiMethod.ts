import type { ChainView } from '../ChainView.js'
import type { Params } from './params.js'

/**
 * One TON HTTP API method: reads its parameters and answers the `result` of
 * `{ ok: true, result }`. The method tables (`methods.ts`, `blockMethods.ts`) share this type
 * from here, so neither imports the other for it.
 *
 * @example
 * ```ts
 * const getMasterchainHead: TonApiMethod = async (_params, chain) => chain.head.seqno
 * ```
 */
export type TonApiMethod = (params: Params, chain: ChainView) => Promise<unknown>
