import { type Address, beginCell, type TupleItem } from '@ton/core'
import type { LocalDex } from '../emulator/LocalDex.js'
import type { LocalPool, LocalRouter } from '../emulator/model.js'
import { readDexV1PoolData, readDexV2PoolData } from '../protocol/dex/poolData.js'

/** Get-method reads of the emulated contracts that `LocalDex` does not expose itself. */
export type ChainReader = {
  /** `get_wallet_address(owner)` of a TEP-74 minter (jetton, pTON or pool). */
  walletAddress(minter: Address, owner: Address): Promise<Address>
  /** `get_lp_account_address(owner)` of a pool. */
  lpAccountAddress(pool: LocalPool, owner: Address): Promise<Address>
  /** DEX v2 `get_vault_address(owner, routerTokenWallet)` of a router. */
  vaultAddress(router: LocalRouter, owner: Address, tokenWallet: Address): Promise<Address>
  /** The protocol fee address from `get_pool_data` (the zero address when none is set). */
  protocolFeeAddress(pool: LocalPool): Promise<Address | null>
  /** Whether an account is deployed and active. */
  isActive(account: Address): Promise<boolean>
  /** The native balance of an account in nanotons (0 when it does not exist). */
  tonBalance(account: Address): Promise<bigint>
}

const addressArg = (a: Address): TupleItem => ({
  type: 'slice',
  cell: beginCell().storeAddress(a).endCell(),
})

/**
 * Reads the emulator's contracts through their get methods (`docs/contracts.md` layouts).
 *
 * @example
 * ```ts
 * const chain = chainReader(dex)
 * await chain.tonBalance(alice.address) // 999_873_412_000n
 * ```
 */
export function chainReader(dex: LocalDex): ChainReader {
  const chain = dex.blockchain
  const get = async (address: Address, method: string, args: TupleItem[] = []) =>
    (await chain.runGetMethod(address, method, args)).stackReader
  return {
    async walletAddress(minter, owner) {
      return (await get(minter, 'get_wallet_address', [addressArg(owner)])).readAddress()
    },
    async lpAccountAddress(pool, owner) {
      return (await get(pool.address, 'get_lp_account_address', [addressArg(owner)])).readAddress()
    },
    async vaultAddress(router, owner, tokenWallet) {
      const args = [addressArg(owner), addressArg(tokenWallet)]
      return (await get(router.address, 'get_vault_address', args)).readAddress()
    },
    async protocolFeeAddress(pool) {
      const r = await get(pool.address, 'get_pool_data')
      const { dex, kind } = pool.router
      return (dex === 'v2' ? readDexV2PoolData(r, kind) : readDexV1PoolData(r)).protocolFeeAddress
    },
    async isActive(account) {
      return (await chain.getContract(account)).accountState?.type === 'active'
    },
    async tonBalance(account) {
      return (await chain.getContract(account)).balance
    },
  }
}
