import { type Address, beginCell, type Cell, toNano } from '@ton/core'
import { fixtureCode } from '../contracts-fixtures/fixtureCode.js'
import type { FixtureName } from '../contracts-fixtures/fixtureSources.js'
import { POOL_KINDS, type PoolKind } from '../core/pool/PoolState.js'
import { dexV1RouterData, dexV2RouterData } from '../protocol/dex/routerStorage.js'
import { jettonMintBody } from '../protocol/jetton/messages.js'
import { ptonV1DeployWalletBody, ptonV2DeployWalletBody } from '../protocol/jetton/ptonMessages.js'
import { jettonMinterData, ptonV1MinterData, ptonV2MinterData } from '../protocol/jetton/storage.js'
import type { DexWorld } from './DexWorld.js'
import { LocalDexError } from './LocalDexError.js'
import type { LocalJetton, LocalPton, LocalRouter } from './model.js'
import { assertPtonFits } from './routing.js'

const DEPLOY_VALUE = toNano('0.1')
const ROUTER_DEPLOY_VALUE = toNano('1')
const MINT_TON = toNano('0.05')

/** TEP-64 off-chain content cell `0x01 + uri`. */
function offchainContent(uri: string): Cell {
  return beginCell().storeUint(1, 8).storeStringTail(uri).endCell()
}

/**
 * Deploys a test jetton minter administered by the world's admin wallet.
 *
 * @example
 * ```ts
 * const usdt = await deployJetton(world, 'USDT') // { kind: 'jetton', symbol: 'USDT', minter }
 * ```
 */
export async function deployJetton(world: DexWorld, symbol: string): Promise<LocalJetton> {
  const data = jettonMinterData({
    admin: world.admin.address,
    content: offchainContent(`https://local.ton-dex-lab/${symbol}.json`),
    walletCode: fixtureCode('jettonWallet'),
  })
  const minter = await world.deploy(fixtureCode('jettonMinter'), data, DEPLOY_VALUE)
  return { kind: 'jetton', symbol, minter }
}

/**
 * Mints `amount` of `jetton` to `to` (deploying `to`'s wallet).
 *
 * @example
 * ```ts
 * await mintJetton(world, usdt, alice.address, 10n ** 12n)
 * await world.jettonBalance(usdt.minter, alice.address) // 1000000000000n
 * ```
 */
export async function mintJetton(
  world: DexWorld,
  jetton: LocalJetton,
  to: Address,
  amount: bigint,
): Promise<void> {
  const body = jettonMintBody({ to, amount, tonAmount: MINT_TON, response: world.admin.address })
  await world.send(world.admin, { to: jetton.minter, value: MINT_TON + toNano('0.05'), body })
}

/**
 * Deploys a proxy-TON minter of the given version.
 *
 * @example
 * ```ts
 * const ton = await deployPton(world, 'v2') // { kind: 'pton', version: 'v2', minter }
 * ```
 */
export async function deployPton(world: DexWorld, version: 'v1' | 'v2'): Promise<LocalPton> {
  const minter =
    version === 'v1'
      ? await world.deploy(
          fixtureCode('ptonV1Minter'),
          ptonV1MinterData({ walletCode: fixtureCode('ptonV1Wallet') }),
          DEPLOY_VALUE,
        )
      : // pTON v2's minter and wallet codes are library cells, as on mainnet (docs/emulator.md,
        // "Library cells"); pTON v1 stays plain code.
        await world.deploy(
          world.library(fixtureCode('ptonV2Minter')),
          ptonV2MinterData({
            id: 0,
            walletCode: world.library(fixtureCode('ptonV2Wallet')),
            content: offchainContent('https://local.ton-dex-lab/pton.json'),
          }),
          DEPLOY_VALUE,
        )
  return { kind: 'pton', version, minter }
}

/** The router and pool fixtures of each DEX v2 pool kind. */
const V2_KIND_FIXTURES: Record<PoolKind, { router: FixtureName; pool: FixtureName }> = {
  constant_product: { router: 'dexV2Router', pool: 'dexV2Pool' },
  stableswap: { router: 'dexV2StableRouter', pool: 'dexV2StablePool' },
  weighted_const_product: { router: 'dexV2WcpiRouter', pool: 'dexV2WcpiPool' },
  weighted_stableswap: { router: 'dexV2WstableRouter', pool: 'dexV2WstablePool' },
}

/**
 * Deploys a router (DEX v1, or a DEX v2.2 router of one pool kind) and, when `pton` is given,
 * the router's proxy-TON wallet. `pton` must match the router: v1 with v1, v2 with v2.
 *
 * @example
 * ```ts
 * const router = await deployRouter(world, 'v2', ton, 0n, 'stableswap')
 * // { dex: 'v2', kind: 'stableswap', address, pton: ton }
 * ```
 * @throws {LocalDexError} `invalid_request` for a pTON that does not fit, an unknown kind, or a
 *   DEX v1 router of a kind other than constant product.
 */
export async function deployRouter(
  world: DexWorld,
  dex: 'v1' | 'v2',
  pton: LocalPton | undefined,
  id: bigint,
  kind: PoolKind = 'constant_product',
): Promise<LocalRouter> {
  assertPtonFits(dex, pton)
  if (!POOL_KINDS.includes(kind) || (dex === 'v1' && kind !== 'constant_product')) {
    throw new LocalDexError({
      reason: 'invalid_request',
      message: `DEX ${dex} has no ${String(kind)} router (kinds: ${dex === 'v1' ? 'constant_product' : POOL_KINDS.join(', ')}).`,
    })
  }
  const fixtures = V2_KIND_FIXTURES[kind]
  const data =
    dex === 'v1'
      ? dexV1RouterData({
          admin: world.admin.address,
          poolCode: fixtureCode('dexV1Pool'),
          lpWalletCode: fixtureCode('dexV1LpWallet'),
          lpAccountCode: fixtureCode('dexV1LpAccount'),
        })
      : // DEX v2 codes are library cells, as on mainnet (docs/emulator.md, "Library cells").
        dexV2RouterData({
          admin: world.admin.address,
          id,
          poolCode: world.library(fixtureCode(fixtures.pool)),
          lpWalletCode: world.library(fixtureCode('dexV2LpWallet')),
          lpAccountCode: world.library(fixtureCode('dexV2LpAccount')),
          vaultCode: world.library(fixtureCode('dexV2Vault')),
        })
  const code =
    dex === 'v1' ? fixtureCode('dexV1Router') : world.library(fixtureCode(fixtures.router))
  const address = await world.deploy(code, data, ROUTER_DEPLOY_VALUE)
  if (pton !== undefined) {
    const body =
      pton.version === 'v1'
        ? ptonV1DeployWalletBody({ owner: address })
        : ptonV2DeployWalletBody({ owner: address, excesses: world.admin.address })
    const value = pton.version === 'v1' ? toNano('1.05') : toNano('0.1')
    await world.send(world.admin, { to: pton.minter, value, body })
    const wallet = await world.walletAddress(pton.minter, address)
    if (!(await world.isActive(wallet))) {
      throw new LocalDexError({
        reason: 'unexpected_failure',
        message: `Deploying the router's pTON ${pton.version} wallet failed.`,
      })
    }
  }
  return { dex, kind, address, pton }
}
