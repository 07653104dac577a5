import { Address } from '@ton/core'
import type { LiveChain } from '../chain/LiveChain.js'
import { LiveChainError } from '../chain/LiveChainError.js'
import { addressText } from '../protocol/addressText.js'
import { DEX_POOL_ADDRESS } from '../protocol/dex/getMethods.js'
import type { GetMethod } from '../protocol/getMethod.js'
import { JETTON_WALLET_ADDRESS } from '../protocol/jetton/getMethods.js'
import type { ChainReader } from '../service/chain/ChainReader.js'

/**
 * The REST service's {@link ChainReader} over the local exchange's live chain: jetton-wallet
 * addresses from the minter's `get_wallet_address`, pool addresses from the router's
 * `get_pool_address`, wallet seqnos from `seqno`, all run on the current state. `chain()` is
 * asked at every call, so the service can be built before the chain opens; `undefined` (no
 * chain yet, or a snapshot database) answers `undefined`, as does a minter that is not deployed
 * or whose get-method fails.
 *
 * @example
 * ```ts
 * const reader = liveChainReader(() => exchange.chain)
 * await reader.jettonWalletAddress(usdtMinter, 'EQ…fresh owner') // 'EQ…' (its USDT wallet)
 * ```
 */
export function liveChainReader(chain: () => LiveChain | undefined): ChainReader {
  /** An address-answering get-method taking addresses; `undefined` when it cannot answer. */
  const addressGetter = async (
    contract: string,
    method: GetMethod<Address[], Address>,
    args: readonly string[],
  ): Promise<string | undefined> => {
    const live = chain()
    if (live === undefined) return undefined
    let outcome: Awaited<ReturnType<LiveChain['runGetMethod']>>
    try {
      outcome = await live.runGetMethod(
        Address.parse(contract),
        method.name,
        method.args(...args.map((a) => Address.parse(a))),
      )
    } catch (error) {
      // Not deployed on this chain (e.g. an asset of a captured market): the store decides.
      if (error instanceof LiveChainError) return undefined
      throw error
    }
    const [top] = outcome.stack
    if (outcome.exitCode !== 0 || top === undefined || top.type !== 'slice') return undefined
    const address = top.cell.beginParse().loadMaybeAddress()
    return address === null ? undefined : addressText(address)
  }
  return {
    jettonWalletAddress: (jetton, owner) => addressGetter(jetton, JETTON_WALLET_ADDRESS, [owner]),
    poolAddress: (router, wallet0, wallet1) =>
      addressGetter(router, DEX_POOL_ADDRESS, [wallet0, wallet1]),
    async balance(address) {
      const live = chain()
      if (live === undefined) return undefined
      const account = await live.account(Address.parse(address))
      // An account this chain never saw (a seeded or imported wallet): the store decides.
      return account.status === 'nonexist' && account.lastTransaction === undefined
        ? undefined
        : account.balance
    },
    async walletSeqno(wallet) {
      const live = chain()
      if (live === undefined) return undefined
      try {
        const { exitCode, stack } = await live.runGetMethod(Address.parse(wallet), 'seqno')
        const [top] = stack
        return exitCode === 0 && top?.type === 'int' ? Number(top.value) : undefined
      } catch (error) {
        if (error instanceof LiveChainError) return undefined // not deployed yet: seqno 0 below
        throw error
      }
    },
  }
}
