import { Address, type Cell, type StateInit } from '@ton/core'

/**
 * What a TEP-74 jetton wallet's state-init says: `balance:Coins owner:MsgAddress
 * master:MsgAddress ^wallet_code` (`contracts-fixtures/sources/common/jetton-messages.tolk`,
 * the layout of the reference wallet and of both DEX LP wallets). `owner` is `null` for addr_none.
 *
 * @example
 * ```ts
 * const init: JettonWalletInit = { balance: 0n, owner: alice, master: usdtMinter }
 * ```
 */
export type JettonWalletInit = {
  readonly balance: bigint
  readonly owner: Address | null
  readonly master: Address
}

/**
 * Reads a state-init as a TEP-74 jetton wallet's. The data must be exactly
 * `balance owner master ^code` with the reference equal to the state-init's own code: that is
 * what tells a jetton wallet from any other contract (a proxy-TON wallet, for one, stores no
 * code and is not a TEP-74 ledger). Returns `undefined` for anything else.
 *
 * @example
 * ```ts
 * readJettonWalletInit(message.init) // { balance: 0n, owner: alice, master: usdtMinter }
 * ```
 */
export function readJettonWalletInit(init: StateInit): JettonWalletInit | undefined {
  const { code, data } = init
  if (!code || !data || data.refs.length !== 1 || !data.refs[0]?.equals(code)) return undefined
  try {
    const s = data.beginParse()
    const balance = s.loadCoins()
    const owner = s.loadAddressAny()
    const master = s.loadAddressAny()
    s.loadRef()
    if (s.remainingBits !== 0 || s.remainingRefs !== 0) return undefined
    if (!(master instanceof Address) || (owner !== null && !(owner instanceof Address))) {
      return undefined
    }
    return { balance, owner, master }
  } catch {
    return undefined
  }
}

/**
 * What a DEX LP account's state-init data says: `user pool amount0:Coins amount1:Coins`
 * (`docs/contracts.md` §1.8 / §2.14, the same for DEX v1 and v2).
 *
 * @example
 * ```ts
 * const init: LpAccountInit = { user: alice, pool, amount0: 0n, amount1: 0n }
 * ```
 */
export type LpAccountInit = {
  readonly user: Address
  readonly pool: Address
  readonly amount0: bigint
  readonly amount1: bigint
}

/**
 * Reads a DEX LP account's state-init data; `undefined` when it does not parse exactly.
 *
 * @example
 * ```ts
 * readLpAccountInit(message.init.data) // { user: alice, pool, amount0: 0n, amount1: 0n }
 * ```
 */
export function readLpAccountInit(data: Cell): LpAccountInit | undefined {
  try {
    const s = data.beginParse()
    const user = s.loadAddress()
    const pool = s.loadAddress()
    const amount0 = s.loadCoins()
    const amount1 = s.loadCoins()
    if (s.remainingBits !== 0 || s.remainingRefs !== 0) return undefined
    return { user, pool, amount0, amount1 }
  } catch {
    return undefined
  }
}

/**
 * What a DEX v2 referral vault's state-init data says: `owner token_wallet router
 * deposited:Coins` (`docs/contracts.md` §2.10).
 *
 * @example
 * ```ts
 * const init: VaultInit = { owner: referrer, tokenWallet, router, deposited: 0n }
 * ```
 */
export type VaultInit = {
  readonly owner: Address
  /** The router's jetton wallet of the fee token. */
  readonly tokenWallet: Address
  readonly router: Address
  readonly deposited: bigint
}

/**
 * Reads a DEX v2 vault's state-init data; `undefined` when it does not parse exactly.
 *
 * @example
 * ```ts
 * readVaultInit(message.init.data) // { owner: referrer, tokenWallet, router, deposited: 0n }
 * ```
 */
export function readVaultInit(data: Cell): VaultInit | undefined {
  try {
    const s = data.beginParse()
    const owner = s.loadAddress()
    const tokenWallet = s.loadAddress()
    const router = s.loadAddress()
    const deposited = s.loadCoins()
    if (s.remainingBits !== 0 || s.remainingRefs !== 0) return undefined
    return { owner, tokenWallet, router, deposited }
  } catch {
    return undefined
  }
}
