/**
 * A TON HTTP API compatible with toncenter's API v2 over a live local chain, as a Fastify
 * plugin.
 *
 * @example
 * ```ts
 * import { tonHttpApi } from './local/tonHttpApi/index.js'
 * await app.register(tonHttpApi, { chain })
 * ```
 * @module
 */

export { MAX_TRANSACTIONS_LIMIT, TON_API_METHODS, type TonApiMethod } from './methods.js'
export { decodeStack, encodeStack, type ToncenterStackEntry } from './stack.js'
export { TonHttpApiError, type TonHttpApiErrorCode } from './TonHttpApiError.js'
export { type TonHttpApiOptions, tonHttpApi } from './tonHttpApi.js'
export { type ToncenterV3Options, toncenterV3 } from './v3/toncenterV3.js'
export { readWallet, type WalletState } from './wallets.js'
