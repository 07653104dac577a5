import type { Address, Cell, TupleReader } from '@ton/core'
import { addressArg, type GetMethod, noArgs } from '../getMethod.js'
import { readPtonVersion } from './ptonMinters.js'

/**
 * A TEP-74 jetton wallet's `get_wallet_data` answer (`balance owner master ^wallet_code`; a DEX
 * LP wallet answers the same with its pool as the master, `docs/contracts.md` §1.7).
 *
 * @example
 * ```ts
 * readJettonWalletData(stack) // { balance: 1414213562373n, owner: Address(bob), master: Address(pool) }
 * ```
 */
export type JettonWalletData = {
  readonly balance: bigint
  readonly owner: Address
  readonly master: Address
}

/**
 * Reads a jetton wallet's `get_wallet_data` answer (the code cell after the three fields is
 * left unread).
 *
 * @example
 * ```ts
 * readJettonWalletData(new TupleReader(stack)).balance // 99998500000000n
 * ```
 */
export function readJettonWalletData(reader: TupleReader): JettonWalletData {
  const balance = reader.readBigNumber()
  const owner = reader.readAddress()
  const master = reader.readAddress()
  return { balance, owner, master }
}

/**
 * A master's `get_wallet_address(owner)` (TEP-74; USD₮, pTON v1/v2 and every pool as its LP
 * minter): the owner's jetton wallet.
 *
 * @example
 * ```ts
 * JETTON_WALLET_ADDRESS.args(alice)[0].type // 'slice'
 * (await world.call(usdt, JETTON_WALLET_ADDRESS, alice)).toString() // 'EQ…' (alice's USD₮ wallet)
 * ```
 */
export const JETTON_WALLET_ADDRESS: GetMethod<[owner: Address], Address> = {
  name: 'get_wallet_address',
  args: (owner) => [addressArg(owner)],
  read: (r) => r.readAddress(),
}

/**
 * A jetton wallet's `get_wallet_data`: `(balance, owner, master, wallet_code)`.
 *
 * @example
 * ```ts
 * (await world.call(wallet, JETTON_WALLET_DATA)).balance // 1000000000n
 * ```
 */
export const JETTON_WALLET_DATA: GetMethod<[], JettonWalletData> = {
  name: 'get_wallet_data',
  args: noArgs,
  read: readJettonWalletData,
}

/**
 * A jetton master's `get_jetton_data` answer: `(total_supply, mintable, admin, content,
 * wallet_code)`; `admin` is `null` for `addr_none`.
 *
 * @example
 * ```ts
 * const data: JettonData = { totalSupply: 1414213562373n, mintable: true, admin: null, content, walletCode }
 * ```
 */
export type JettonData = {
  readonly totalSupply: bigint
  readonly mintable: boolean
  readonly admin: Address | null
  readonly content: Cell
  readonly walletCode: Cell
}

/**
 * A jetton master's `get_jetton_data` (TEP-74; a pool is its LP token's master).
 *
 * @example
 * ```ts
 * (await world.call(pool, JETTON_DATA)).totalSupply // 1414213562373n after a first provision of (1e12, 2e12)
 * ```
 */
export const JETTON_DATA: GetMethod<[], JettonData> = {
  name: 'get_jetton_data',
  args: noArgs,
  read: (r) => ({
    totalSupply: r.readBigNumber(),
    mintable: r.readBoolean(),
    admin: r.readAddressOpt(),
    content: r.readCell(),
    walletCode: r.readCell(),
  }),
}

/**
 * The total supply alone, the first entry of `get_jetton_data` (what a reader that needs
 * nothing else, or a master whose other fields do not parse, takes).
 *
 * @example
 * ```ts
 * await world.call(pool, JETTON_SUPPLY) // 1414213562373n
 * ```
 */
export const JETTON_SUPPLY: GetMethod<[], bigint> = {
  name: JETTON_DATA.name,
  args: noArgs,
  read: (r) => r.readBigNumber(),
}

/**
 * The balance alone, the first entry of `get_wallet_data`.
 *
 * @example
 * ```ts
 * await world.call(wallet, JETTON_BALANCE) // 1000000000n
 * ```
 */
export const JETTON_BALANCE: GetMethod<[], bigint> = {
  name: JETTON_WALLET_DATA.name,
  args: noArgs,
  read: (r) => r.readBigNumber(),
}

/**
 * A pTON v2 minter's `get_version`: `(major, minor, development)`, `undefined` when the stack is
 * not of that shape.
 *
 * @example
 * ```ts
 * await callGetMethod(run, ptonV2Minter, PTON_VERSION) // { major: 2, minor: 1, development: 'release' }
 * ```
 */
export const PTON_VERSION: GetMethod<
  [],
  { major: number; minor: number; development: string } | undefined
> = {
  name: 'get_version',
  args: noArgs,
  read: readPtonVersion,
}
