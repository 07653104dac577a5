/**
 * What the REST service may ask a running chain, when one runs (the local exchange): answers
 * the store cannot hold for every owner. Over a snapshot database there is none and the
 * service answers from the store alone. Every method answers `undefined` when the chain cannot
 * tell (no such contract, the get-method failed); addresses are in canonical form (`EQ…`).
 *
 * @example
 * ```ts
 * const chain: ChainReader = liveChainReader(() => exchange.chain)
 * await chain.jettonWalletAddress(usdtMinter, freshOwner) // 'EQ…' (the minter's get_wallet_address)
 * ```
 */
export type ChainReader = {
  /** `owner`'s wallet of the jetton whose minter is `jetton` (its `get_wallet_address`). */
  jettonWalletAddress(jetton: string, owner: string): Promise<string | undefined>
}
