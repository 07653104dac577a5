import { createHash } from 'node:crypto'
import { Address, beginCell } from '@ton/core'
import { addressText } from '../protocol/addressText.js'

/**
 * Deterministic, made-up addresses and code cells of the demo market. Nothing here exists on
 * any TON network: each address is the basechain address whose 256-bit hash part is
 * SHA-256("ton-dex-lab demo: " + label), so it is a valid address (correct checksum) that
 * nobody controls, and the same label always gives the same address.
 * @module
 */

/**
 * The made-up basechain address of a demo entity, in canonical form.
 *
 * @example
 * ```ts
 * demoAddress('wallet alice') // 'EQ…' (the same string on every run)
 * ```
 */
export function demoAddress(label: string): string {
  const hash = createHash('sha256').update(`ton-dex-lab demo: ${label}`).digest()
  return addressText(new Address(0, hash))
}

/**
 * The made-up wallet code of every demo jetton, as a base64 bag of cells: a single cell
 * holding a label, NOT a contract. It exists so that the service can derive demo
 * jetton-wallet addresses exactly as it would for a jetton whose real wallet code is known
 * (StateInit hash of code + TEP-74 data).
 *
 * @example
 * ```ts
 * Cell.fromBase64(DEMO_JETTON_WALLET_CODE).beginParse().loadStringTail()
 * // 'ton-dex-lab demo jetton wallet: made up, not a contract'
 * ```
 */
export const DEMO_JETTON_WALLET_CODE: string = beginCell()
  .storeStringTail('ton-dex-lab demo jetton wallet: made up, not a contract')
  .endCell()
  .toBoc()
  .toString('base64')

/**
 * Whether a pool holding router wallets `walletA` and `walletB` lists A as token0: the
 * contracts order a pool's tokens by the hash of a cell holding just the router-owned jetton
 * wallet's address, larger first (`docs/contracts.md` §0 "Token ordering").
 *
 * @example
 * ```ts
 * isToken0(walletA, walletB) !== isToken0(walletB, walletA) // true for distinct wallets
 * ```
 */
export function isToken0(walletA: string, walletB: string): boolean {
  const hashOf = (wallet: string) =>
    BigInt(`0x${beginCell().storeAddress(Address.parse(wallet)).endCell().hash().toString('hex')}`)
  return hashOf(walletA) > hashOf(walletB)
}
