import {
  type Address,
  beginCell,
  type Cell,
  contractAddress,
  Dictionary,
  type SenderArguments,
  type TupleItem,
  type TupleReader,
} from '@ton/core'
import {
  type BlockchainTransaction,
  GetMethodError,
  type SandboxContract,
  type TreasuryContract,
} from '@ton/sandbox'
import { type GetMethod, addressArg as protocolAddressArg } from '../protocol/getMethod.js'
import { JETTON_BALANCE, JETTON_WALLET_ADDRESS } from '../protocol/jetton/getMethods.js'
import type { LocalBlockchain } from './LocalBlockchain.js'
import { LocalDexError } from './LocalDexError.js'

/**
 * A named, funded test wallet of the sandbox (`blockchain.treasury(name)`).
 *
 * @example
 * ```ts
 * const alice: Treasury = await dex.wallet('alice') // funded with 1 000 000 TON
 * ```
 */
export type Treasury = SandboxContract<TreasuryContract>

/**
 * Shared plumbing of the local exchange: the chain, the admin wallet, get-method calls and the
 * address caches every flow uses. Internal to the emulator.
 *
 * @example
 * ```ts
 * const world = new DexWorld(chain, await chain.treasury('admin'))
 * world.now() // 1_700_000_000 when chain.now is pinned there
 * ```
 */
export class DexWorld {
  readonly chain: LocalBlockchain
  readonly admin: Treasury
  private readonly addresses = new Map<string, Address>()

  constructor(chain: LocalBlockchain, admin: Treasury) {
    this.chain = chain
    this.admin = admin
  }

  /** The pinned block time. */
  now(): number {
    return this.chain.now ?? Math.floor(Date.now() / 1000)
  }

  /** Runs a get-method and returns its stack reader. */
  async get(address: Address, method: string, args: TupleItem[] = []): Promise<TupleReader> {
    try {
      return (await this.chain.runGetMethod(address, method, args)).stackReader
    } catch (error) {
      throw new LocalDexError({
        reason: 'get_method_failed',
        message: `Get-method ${method} failed on ${address.toRawString()}.`,
        details: error instanceof Error ? error.message : String(error),
        cause: error,
        exitCode: error instanceof GetMethodError ? error.exitCode : undefined,
      })
    }
  }

  /**
   * Runs a get-method descriptor of `ton-dex-lab/protocol` and reads its answer: the emulator's
   * runner adapter (a failure is a `get_method_failed` {@link LocalDexError}).
   *
   * @example
   * ```ts
   * await world.call(pool.address, JETTON_SUPPLY) // 1414213562373n
   * ```
   */
  async call<Args extends readonly unknown[], Answer>(
    address: Address,
    method: GetMethod<Args, Answer>,
    ...args: Args
  ): Promise<Answer> {
    return method.read(await this.get(address, method.name, method.args(...args)))
  }

  /** Whether an account exists and is active. */
  async isActive(address: Address): Promise<boolean> {
    const contract = await this.chain.getContract(address)
    return contract.accountState?.type === 'active'
  }

  /**
   * An address derived by a get-method, computed once per key: derived addresses depend only on
   * code and init data, so they survive snapshot restores.
   */
  async cached(key: string, derive: () => Promise<Address>): Promise<Address> {
    let address = this.addresses.get(key)
    if (address === undefined) {
      address = await derive()
      this.addresses.set(key, address)
    }
    return address
  }

  /** `get_wallet_address(owner)` of a TEP-74 minter (pool, jetton or pTON minter), cached. */
  walletAddress(minter: Address, owner: Address): Promise<Address> {
    return this.cached(`wallet/${minter.toRawString()}/${owner.toRawString()}`, async () =>
      this.call(minter, JETTON_WALLET_ADDRESS, owner),
    )
  }

  /** A jetton wallet's balance (`get_wallet_data`), 0 when the wallet does not exist yet. */
  async jettonBalance(minter: Address, owner: Address): Promise<bigint> {
    const wallet = await this.walletAddress(minter, owner)
    if (!(await this.isActive(wallet))) return 0n
    return this.call(wallet, JETTON_BALANCE)
  }

  /** Sends one message from a treasury and returns the flow's transactions. */
  async send(from: Treasury, args: SenderArguments): Promise<readonly BlockchainTransaction[]> {
    return (await from.send(args)).transactions
  }

  /**
   * Publishes `code` as a library of the chain (`blockchain.libs`) and returns the library
   * reference cell (exotic, type 2: the code's hash) that stands for it in code fields and
   * state-inits, as the DEX v2 codes are held on mainnet. A message carrying a state-init of
   * references pays forward fees for a few cells instead of the whole code.
   */
  library(code: Cell): Cell {
    const libs = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell())
    const current = this.chain.libs
    if (current !== undefined) {
      const loaded = Dictionary.loadDirect(
        Dictionary.Keys.Buffer(32),
        Dictionary.Values.Cell(),
        current,
      )
      for (const [hash, cell] of loaded) libs.set(hash, cell)
    }
    if (!libs.has(code.hash())) {
      libs.set(code.hash(), code)
      this.chain.libs = beginCell().storeDictDirect(libs).endCell()
    }
    return beginCell().storeUint(2, 8).storeBuffer(code.hash()).endCell({ exotic: true })
  }

  /** Deploys `code` + `data` from the admin wallet with `value` TON; returns the address. */
  async deploy(code: Cell, data: Cell, value: bigint, body?: Cell): Promise<Address> {
    const init = { code, data }
    const address = contractAddress(0, init)
    await this.send(this.admin, { to: address, value, init, body: body ?? beginCell().endCell() })
    if (!(await this.isActive(address))) {
      throw new LocalDexError({
        reason: 'unexpected_failure',
        message: `Deploying a contract at ${address.toRawString()} failed.`,
      })
    }
    return address
  }
}

/**
 * A slice argument holding one address, as get-methods take addresses.
 *
 * @example
 * ```ts
 * await chain.runGetMethod(minter, 'get_wallet_address', [addressArg(alice.address)])
 * ```
 */
export function addressArg(address: Address): TupleItem {
  return protocolAddressArg(address)
}
