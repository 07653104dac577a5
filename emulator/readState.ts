import type { Address } from '@ton/core'
import { createPoolState, type PoolState } from '../core/pool/PoolState.js'
import {
  DEX_LP_ACCOUNT_DATA,
  DEX_V1_POOL_DATA,
  DEX_VAULT_DATA,
  dexV2PoolData,
} from '../protocol/dex/getMethods.js'
import { JETTON_SUPPLY } from '../protocol/jetton/getMethods.js'
import type { DexWorld } from './DexWorld.js'
import type { LocalAsset, LocalPool, LocalRouter } from './model.js'
import { lpAccountAddress, vaultAddress } from './routing.js'

/**
 * A pool's state as `ton-dex-lab/core` models it, read from `get_pool_data` (DEX v1 adds the
 * LP supply from `get_jetton_data`; DEX v2 pools of the other kinds add `amp`, `w0`, `rate`
 * after the common fields). A pool that does not exist yet reads as empty, with its kind's
 * default parameters.
 *
 * @example
 * ```ts
 * await readPoolState(world, pool)
 * // { dex: 'v2', kind: 'stableswap', reserve0: 1000000000000n, reserve1: 1000000000000n,
 * //   totalSupply: 2000000000000n, lpFee: 20n, amp: 100n, … }
 * ```
 */
export async function readPoolState(world: DexWorld, pool: LocalPool): Promise<PoolState> {
  const { dex, kind } = pool.router
  if (!(await world.isActive(pool.address))) return createPoolState({ dex, kind })
  if (dex === 'v2') {
    const {
      isLocked,
      router,
      token0Wallet,
      token1Wallet,
      protocolFeeAddress,
      rateSetter,
      ...data
    } = await world.call(pool.address, dexV2PoolData(kind))
    return createPoolState({ dex, kind, ...data })
  }
  const { token0Wallet, token1Wallet, protocolFeeAddress, ...data } = await world.call(
    pool.address,
    DEX_V1_POOL_DATA,
  )
  const totalSupply = await world.call(pool.address, JETTON_SUPPLY)
  return createPoolState({ dex, kind: 'constant_product', ...data, totalSupply })
}

/**
 * What a DEX v2 referral vault holds (`get_vault_data` deposited; 0 when absent).
 *
 * @example
 * ```ts
 * await readVaultBalance(world, router, bob.address, b) // 1994010n after a 1e9 swap with 10 bps to bob
 * ```
 */
export async function readVaultBalance(
  world: DexWorld,
  router: LocalRouter,
  owner: Address,
  asset: LocalAsset,
): Promise<bigint> {
  const vault = await vaultAddress(world, router, owner, asset)
  if (!(await world.isActive(vault))) return 0n
  return (await world.call(vault, DEX_VAULT_DATA)).deposited
}

/**
 * The amounts waiting in `owner`'s LP account of a pool (0, 0 when it does not exist).
 *
 * @example
 * ```ts
 * await readLpAccount(world, pool, bob.address) // { amount0: 1000000n, amount1: 0n } while half a pair waits
 * ```
 */
export async function readLpAccount(
  world: DexWorld,
  pool: LocalPool,
  owner: Address,
): Promise<{ amount0: bigint; amount1: bigint }> {
  const account = await lpAccountAddress(world, pool, owner)
  if (!(await world.isActive(account))) return { amount0: 0n, amount1: 0n }
  const { amount0, amount1 } = await world.call(account, DEX_LP_ACCOUNT_DATA)
  return { amount0, amount1 }
}

/**
 * The LP supply of a pool (`get_jetton_data`; 0 before the pool exists).
 *
 * @example
 * ```ts
 * await lpSupply(world, pool.address) // 1414213562373n after a first provision of (1e12, 2e12)
 * ```
 */
export async function lpSupply(world: DexWorld, pool: Address): Promise<bigint> {
  if (!(await world.isActive(pool))) return 0n
  return world.call(pool, JETTON_SUPPLY)
}
