import type { Address } from '@ton/core'
import type { LocalDex } from '../emulator/LocalDex.js'
import type { LocalPool, LocalRouter } from '../emulator/model.js'
import {
  DEX_LP_ACCOUNT_ADDRESS,
  DEX_V1_POOL_DATA,
  DEX_VAULT_ADDRESS,
  dexV2PoolData,
} from '../protocol/dex/getMethods.js'
import { callGetMethod, type GetMethod, type GetMethodRunner } from '../protocol/getMethod.js'
import { JETTON_WALLET_ADDRESS } from '../protocol/jetton/getMethods.js'

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

/**
 * The emulator's sandbox as a get-method runner for `callGetMethod`: a method that exits
 * non-zero throws (the sandbox's `GetMethodError`), as a demo read of its own contracts must
 * not fail quietly.
 *
 * @example
 * ```ts
 * await callGetMethod(emulatorRunner(dex), wallet, JETTON_WALLET_DATA) // { balance: 10n ** 9n, … }
 * ```
 */
export function emulatorRunner(dex: LocalDex): GetMethodRunner {
  return async (address, name, args) =>
    (await dex.blockchain.runGetMethod(address, name, args)).stackReader
}

/**
 * Reads the emulator's contracts through their get-method descriptors (`ton-dex-lab/protocol`).
 *
 * @example
 * ```ts
 * const chain = chainReader(dex)
 * await chain.tonBalance(alice.address) // 999_873_412_000n
 * ```
 */
export function chainReader(dex: LocalDex): ChainReader {
  const chain = dex.blockchain
  const run = emulatorRunner(dex)
  const call = async <Args extends readonly unknown[], Answer>(
    address: Address,
    method: GetMethod<Args, Answer>,
    ...args: Args
  ): Promise<Answer> => {
    const answer = await callGetMethod(run, address, method, ...args)
    // The sandbox runner throws rather than answer nothing.
    if (answer === undefined) throw new Error(`${method.name} answered nothing on ${address}`)
    return answer
  }
  return {
    async walletAddress(minter, owner) {
      return call(minter, JETTON_WALLET_ADDRESS, owner)
    },
    async lpAccountAddress(pool, owner) {
      return call(pool.address, DEX_LP_ACCOUNT_ADDRESS, owner)
    },
    async vaultAddress(router, owner, tokenWallet) {
      return call(router.address, DEX_VAULT_ADDRESS, owner, tokenWallet)
    },
    async protocolFeeAddress(pool) {
      const { dex, kind } = pool.router
      const data =
        dex === 'v2'
          ? await call(pool.address, dexV2PoolData(kind))
          : await call(pool.address, DEX_V1_POOL_DATA)
      return data.protocolFeeAddress
    },
    async isActive(account) {
      return (await chain.getContract(account)).accountState?.type === 'active'
    },
    async tonBalance(account) {
      return (await chain.getContract(account)).balance
    },
  }
}
