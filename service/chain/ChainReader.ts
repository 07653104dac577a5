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
  /**
   * The pool `router` deploys for the pair whose router-owned wallets are `wallet0` and
   * `wallet1` (its `get_pool_address`; the order does not matter), deployed or not.
   */
  poolAddress(router: string, wallet0: string, wallet1: string): Promise<string | undefined>
  /** The `seqno` of the wallet contract at `wallet` now (its next external must carry it). */
  walletSeqno(wallet: string): Promise<number | undefined>
  /**
   * The account's native TON balance now (nanotons); `undefined` when the chain cannot say (it
   * never saw the account, or it cannot be asked).
   */
  balance(address: string): Promise<bigint | undefined>
  /**
   * Every jetton wallet `owner` holds now, with its jetton (minter) and balance, where the
   * index cannot know them (a follower of the exchange's traces only: transfers outside them
   * are not read); absent where the index's ledger is complete. `undefined` when the chain
   * cannot be asked.
   */
  jettonBalances?(
    owner: string,
  ): Promise<readonly { jetton: string; wallet: string; balance: bigint }[] | undefined>
}
