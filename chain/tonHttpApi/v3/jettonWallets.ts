import { Address, type TupleItem } from '@ton/core'
import { JETTON_WALLET_ADDRESS, JETTON_WALLET_DATA } from '../../../protocol/jetton/getMethods.js'
import type { ChainView } from '../../ChainView.js'
import { LiveChainError } from '../../LiveChainError.js'
import type { MessageIndex } from './MessageIndex.js'

/**
 * A jetton wallet as `get_wallet_data` reports it now, with its account's last transaction and
 * code and data hashes.
 *
 * @example
 * ```ts
 * const wallet: JettonWalletState = { address, balance: 5_000_000_000n, owner, jetton, lastTransactionLt: 9_000_003n, codeHash, dataHash }
 * ```
 */
export type JettonWalletState = {
  readonly address: Address
  readonly balance: bigint
  readonly owner: Address
  readonly jetton: Address
  readonly lastTransactionLt: bigint
  readonly codeHash: Buffer | undefined
  readonly dataHash: Buffer | undefined
}

/** Owner and jetton of a jetton wallet: fixed for its life, so probed once. */
type Identity = { readonly owner: Address; readonly jetton: Address }

/**
 * The jetton wallets of a live chain, found without an indexer: an account is a jetton wallet
 * when its `get_wallet_data` answers (balance, owner, jetton, wallet code) and its jetton's
 * `get_wallet_address(owner)` names it back (a look-alike claiming someone else's jetton is
 * not one). Each account is probed once — its owner and jetton never change — and accounts
 * whose code already failed the probe are skipped without running anything; balances are read
 * when asked.
 *
 * @example
 * ```ts
 * const wallets = JettonWallets.of(chain)
 * await wallets.find({ owners: [alice], jettons: [usdt] }) // [{ balance: 5_000_000_000n, … }]
 * ```
 */
export class JettonWallets {
  private static readonly registries = new WeakMap<ChainView, JettonWallets>()
  private readonly identities = new Map<string, Identity | null>()
  /** Code hashes (hex) of active accounts that are not jetton wallets. */
  private readonly notWalletCode = new Set<string>()

  private constructor(private readonly chain: ChainView) {}

  /** The registry of a chain (one per chain object). */
  static of(chain: ChainView): JettonWallets {
    let registry = JettonWallets.registries.get(chain)
    if (!registry) {
      registry = new JettonWallets(chain)
      JettonWallets.registries.set(chain, registry)
    }
    return registry
  }

  /**
   * The jetton wallets matching every given filter (`addresses`, `owners`, `jettons`; an absent
   * or empty filter matches all), with balances read now, in raw address order. With owners and
   * jettons both given, each wallet address comes from the jetton's `get_wallet_address`; with
   * `addresses`, those accounts are probed; otherwise every account of the chain is (once).
   */
  async find(filter: {
    readonly addresses?: readonly Address[]
    readonly owners?: readonly Address[]
    readonly jettons?: readonly Address[]
    readonly index: MessageIndex
  }): Promise<JettonWalletState[]> {
    const owners = filter.owners ?? []
    const jettons = filter.jettons ?? []
    let candidates: string[]
    if (filter.addresses && filter.addresses.length > 0) {
      candidates = filter.addresses.map((a) => a.toRawString())
    } else if (owners.length > 0 && jettons.length > 0) {
      candidates = []
      for (const jetton of jettons) {
        for (const owner of owners) {
          const wallet = await this.walletAddress(jetton, owner)
          if (wallet) candidates.push(wallet.toRawString())
        }
      }
    } else {
      await filter.index.sync()
      candidates = [...filter.index.accounts()]
    }
    const ownerSet = new Set(owners.map((a) => a.toRawString()))
    const jettonSet = new Set(jettons.map((a) => a.toRawString()))
    const found: JettonWalletState[] = []
    for (const raw of new Set(candidates).values()) {
      const identity = await this.identity(raw)
      if (!identity) continue
      if (ownerSet.size > 0 && !ownerSet.has(identity.owner.toRawString())) continue
      if (jettonSet.size > 0 && !jettonSet.has(identity.jetton.toRawString())) continue
      const state = await this.state(raw, identity)
      if (state) found.push(state)
    }
    return found.sort((a, b) => compareRaw(a.address, b.address))
  }

  /** `get_wallet_address(owner)` of a jetton master, or undefined when it does not answer one. */
  private async walletAddress(jetton: Address, owner: Address): Promise<Address | undefined> {
    const { name, args } = JETTON_WALLET_ADDRESS
    const stack = await this.getMethod(jetton, name, args(owner))
    const top = stack?.[0]
    if (top?.type !== 'slice' && top?.type !== 'cell') return undefined
    try {
      return top.cell.beginParse().loadMaybeAddress() ?? undefined
    } catch {
      return undefined
    }
  }

  /** Owner and jetton of a jetton wallet (probed once), null for any other account. */
  private async identity(raw: string): Promise<Identity | null> {
    const known = this.identities.get(raw)
    if (known !== undefined) return known
    const address = Address.parseRaw(raw)
    const info = await this.chain.account(address)
    if (info.status !== 'active' || !info.code) return null // not yet: probe again later
    const codeHash = info.code.hash().toString('hex')
    if (this.notWalletCode.has(codeHash)) {
      this.identities.set(raw, null)
      return null
    }
    const probed = await this.probe(address)
    // Only an account whose code has no `get_wallet_data` makes its code "not a wallet": a
    // wallet whose data does not answer, or that its jetton does not name back, shares its code
    // with wallets that do.
    if (probed === 'no_wallet_data') this.notWalletCode.add(codeHash)
    const identity = probed === 'no_wallet_data' || probed === 'not_named_back' ? null : probed
    this.identities.set(raw, identity)
    return identity
  }

  private async probe(address: Address): Promise<Identity | 'no_wallet_data' | 'not_named_back'> {
    let data: readonly TupleItem[] | undefined
    try {
      const outcome = await this.chain.runGetMethod(address, JETTON_WALLET_DATA.name)
      // Exit code 11: the code has no such method (no account with this code is a wallet);
      // any other failure is this account's own (its data, not its code).
      if (outcome.exitCode === 11) return 'no_wallet_data'
      data = outcome.exitCode === 0 || outcome.exitCode === 1 ? outcome.stack : undefined
    } catch (error) {
      if (!(error instanceof LiveChainError && error.reason === 'account_not_active')) throw error
    }
    const owner = addressItem(data?.[1])
    const jetton = addressItem(data?.[2])
    if (data?.[0]?.type !== 'int' || data[3]?.type !== 'cell' || !owner || !jetton) {
      return 'not_named_back'
    }
    const back = await this.walletAddress(jetton, owner)
    return back?.equals(address) ? { owner, jetton } : 'not_named_back'
  }

  private async state(raw: string, identity: Identity): Promise<JettonWalletState | undefined> {
    const address = Address.parseRaw(raw)
    const info = await this.chain.account(address)
    const data = await this.getMethod(address, JETTON_WALLET_DATA.name)
    const balance = data?.[0]
    if (balance?.type !== 'int') return undefined
    return {
      address,
      balance: balance.value,
      owner: identity.owner,
      jetton: identity.jetton,
      lastTransactionLt: info.lastTransaction?.lt ?? 0n,
      codeHash: info.code?.hash(),
      dataHash: info.data?.hash(),
    }
  }

  /** A get-method's stack, or undefined when the account has no code or the method fails. */
  private async getMethod(
    address: Address,
    method: string,
    stack: TupleItem[] = [],
  ): Promise<readonly TupleItem[] | undefined> {
    try {
      const outcome = await this.chain.runGetMethod(address, method, stack)
      return outcome.exitCode === 0 || outcome.exitCode === 1 ? outcome.stack : undefined
    } catch (error) {
      if (error instanceof LiveChainError && error.reason === 'account_not_active') return undefined
      throw error
    }
  }
}

function addressItem(item: TupleItem | undefined): Address | undefined {
  if (item?.type !== 'slice' && item?.type !== 'cell') return undefined
  try {
    return item.cell.beginParse().loadMaybeAddress() ?? undefined
  } catch {
    return undefined
  }
}

function compareRaw(a: Address, b: Address): number {
  return a.workChain - b.workChain || Buffer.compare(a.hash, b.hash)
}
