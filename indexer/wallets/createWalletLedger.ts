import { type AccountStatus, Address, contractAddress, type Message } from '@ton/core'
import { addressText } from '../../protocol/addressText.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { decodeBody } from '../../protocol/decode/decodeBody.js'
import { readBouncedJettons } from '../../protocol/decode/readBouncedJettons.js'
import type {
  IndexedJettonWalletRow,
  IndexedLpAccountRow,
  IndexedVaultRow,
  WalletLedgerRows,
} from '../../store/rows/indexerRows.js'
import { readJettonWalletInit, readLpAccountInit, readVaultInit } from './readAccountInit.js'

/**
 * The parts of a transaction the ledger reads; a `@ton/core` `Transaction` is one. The inbound
 * message gives the source, the bounced flag and the state-init; outbound messages are read
 * (and decoded) only for LP accounts, vaults and wallets whose master is still unknown.
 *
 * @example
 * ```ts
 * const tx: LedgerTransaction = transaction // a `Transaction` from the emulator or a BoC
 * ```
 */
export type LedgerTransaction = {
  readonly inMessage?: Message | null | undefined
  readonly outMessages: { values(): Message[] }
  /** `'non-existing'` after a self-destruction (a DEX v2 LP account or vault paying out). */
  readonly endStatus: AccountStatus
  /**
   * The account's status before the transaction: `'active'` when an account the ledger meets
   * for the first time existed already (its earlier history was not seen).
   */
  readonly oldStatus?: AccountStatus | undefined
}

/**
 * An account the ledger began to follow although it existed before (its first transaction seen
 * found it active): what it held before is unknown to the ledger, which counted from the
 * state-init's zero. {@link WalletLedger.adopt} adds what its state said.
 *
 * @example
 * ```ts
 * const unseen: LedgerAdoption = { kind: 'jetton-wallet', address: '0:7a1c…' }
 * ```
 */
export type LedgerAdoption = {
  readonly kind: 'jetton-wallet' | 'lp-account' | 'vault'
  readonly address: string
}

/**
 * What an account held before the ledger first saw it, read from its state (get-methods at the
 * block before): a jetton wallet's balance (and owner and master), an LP account's two
 * amounts, a vault's deposit. `absent` when it did not exist then.
 *
 * @example
 * ```ts
 * const prior: PriorState = { kind: 'jetton-wallet', address: '0:7a1c…', balance: 1_414_213_562_373n,
 *   ownerAddress: '0:bob…', masterAddress: '0:pool…' }
 * ```
 */
export type PriorState =
  | {
      readonly kind: 'jetton-wallet'
      readonly address: string
      readonly balance: bigint
      readonly ownerAddress: string
      readonly masterAddress: string
    }
  | {
      readonly kind: 'lp-account'
      readonly address: string
      readonly amount0: bigint
      readonly amount1: bigint
    }
  | { readonly kind: 'vault'; readonly address: string; readonly balance: bigint }
  | { readonly kind: LedgerAdoption['kind']; readonly address: string; readonly absent: true }

/** A ledger of wallet balances built from transactions alone; see {@link createWalletLedger}. */
export type WalletLedger = {
  /**
   * Applies one transaction (in logical-time order): `account` is its account's canonical
   * address, `aborted` the transaction's flag, `body` its decoded inbound body.
   */
  apply(
    tx: LedgerTransaction,
    account: string,
    aborted: boolean,
    body: DecodedBody | undefined,
  ): void
  /**
   * The jetton master of a jetton wallet the ledger follows (e.g. a router's wallet of a jetton
   * no list names yet), when known.
   */
  masterOf(wallet: string): string | undefined
  /**
   * The accounts begun since the previous call that existed before their first transaction
   * seen (see {@link LedgerAdoption}), then forgets them.
   */
  takeAdoptions(): LedgerAdoption[]
  /**
   * Adds what an adopted account held before its first transaction seen (its state at the
   * block before), so its balance is the chain's and not only what moved since.
   */
  adopt(prior: PriorState): void
  /** The rows changed since the previous call (for the next store batch), then forgets them. */
  takeChanges(): WalletLedgerRows
  /** Every row the ledger holds. */
  rows(): WalletLedgerRows
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }
type Wallet = Mutable<IndexedJettonWalletRow>
type LpAccount = Mutable<IndexedLpAccountRow>
type Vault = Mutable<IndexedVaultRow>

/**
 * Creates a ledger that derives, from transactions alone, what the DEX's users hold:
 *
 * * **TEP-74 jetton wallets** (jettons and DEX LP tokens): a wallet is followed from the
 *   state-init its first `internal_transfer` carries (`balance owner master ^code`, code equal
 *   to the state-init's, hashing to the wallet's address), sent by the master (a mint) or by a
 *   wallet of that master already followed — so a stranger cannot seed a forged jetton wallet;
 *   its balance goes up by every `internal_transfer` it accepts, down by
 *   every `transfer` / `burn` its owner makes, and up again when a sent `internal_transfer` or
 *   burn notification bounces back. An owner or master missing (a wallet first met through a
 *   sibling that sent no state-init) is learnt from the owner's `transfer` / `burn`.
 * * **LP accounts**: `add_liquidity` from the pool adds to the pending amounts (the account is
 *   recognised by its own state-init `user pool amount0 amount1`, sent by that pool); whatever leaves in a
 *   `cb_add_liquidity` (automatic forward or `direct_add_liquidity`) or `cb_refund_me`
 *   (`refund_me`) is taken off, and a self-destructed account (DEX v2) holds nothing.
 * * **DEX v2 referral vaults**: `deposit_ref_fee` from the router of the vault's own state-init
 *   (`owner token_wallet router deposited`) adds, `vault_pay_to` (the
 *   answer to `withdraw_fee`) takes off.
 *
 * Aborted transactions change nothing (their state was rolled back). An account met first when
 * it already existed (the index began after its deployment, or its earlier transactions were
 * not in what the source delivered) is counted from zero and listed by `takeAdoptions()`;
 * whoever can read its state at the block before adds it with `adopt()`. Pure and
 * synchronous: no I/O.
 *
 * @param initial Rows to resume from (what the store kept at the last committed batch).
 * @example
 * ```ts
 * const ledger = createWalletLedger()
 * for (const tx of transactions) ledger.apply(tx, accountOf(tx), aborted(tx), decodeBody(tx.inMessage?.body))
 * ledger.rows().jettonWallets.find((w) => w.ownerAddress === alice)?.balance // 99_998_500_000_000n
 * ```
 */
export function createWalletLedger(initial: Partial<WalletLedgerRows> = {}): WalletLedger {
  const wallets = new Map<string, Wallet>()
  const lpAccounts = new Map<string, LpAccount>()
  const vaults = new Map<string, Vault>()
  for (const w of initial.jettonWallets ?? []) wallets.set(w.address, { ...w })
  for (const a of initial.lpAccounts ?? []) lpAccounts.set(a.address, { ...a })
  for (const v of initial.vaults ?? []) vaults.set(v.address, { ...v })
  const changed = { wallets: new Set<Wallet>(), lp: new Set<LpAccount>(), vaults: new Set<Vault>() }
  const adoptions: LedgerAdoption[] = []
  /** A new row for an account that was active before this transaction is adopted. */
  const begun = (tx: LedgerTransaction, kind: LedgerAdoption['kind'], address: string) => {
    if (tx.oldStatus === 'active') adoptions.push({ kind, address })
  }

  const credit = (
    tx: LedgerTransaction,
    account: string,
    message: Message,
    src: Address,
    amount: bigint,
  ) => {
    let wallet = wallets.get(account)
    if (wallet === undefined) {
      const init = message.init ? readJettonWalletInit(message.init) : undefined
      if (init !== undefined) {
        // Only a state-init that is this account's, sent by the master (a mint) or by a wallet
        // of the same master the ledger follows: anything else could be a forged jetton.
        const master = addressText(init.master)
        if (!isOwnInit(message)) return
        const fromSibling = wallets.get(addressText(src))?.masterAddress === master
        if (!fromSibling && !init.master.equals(src)) return
        const owner = init.owner === null ? null : addressText(init.owner)
        wallet = {
          address: account,
          ownerAddress: owner,
          masterAddress: master,
          balance: init.balance,
        }
      } else {
        // No state-init: accept it only from a sibling we follow (same master).
        const sibling = wallets.get(addressText(src))
        if (sibling === undefined) return
        const master = sibling.masterAddress
        wallet = { address: account, ownerAddress: null, masterAddress: master, balance: 0n }
      }
      wallets.set(account, wallet)
      begun(tx, 'jetton-wallet', account)
    }
    wallet.balance += amount
    changed.wallets.add(wallet)
  }

  const debit = (tx: LedgerTransaction, account: string, src: Address, amount: bigint) => {
    const wallet = wallets.get(account)
    if (wallet === undefined) return
    wallet.balance -= amount
    if (wallet.ownerAddress === null) wallet.ownerAddress = addressText(src)
    if (wallet.masterAddress === null) wallet.masterAddress = masterFromOutbound(tx)
    changed.wallets.add(wallet)
  }

  const restoreBounced = (account: string, message: Message) => {
    const wallet = wallets.get(account)
    if (wallet === undefined) return
    const amount = readBouncedJettons(message.body)
    if (amount === undefined) return
    wallet.balance += amount
    changed.wallets.add(wallet)
  }

  const addLiquidity = (
    tx: LedgerTransaction,
    account: string,
    message: Message,
    src: Address,
    a0: bigint,
    a1: bigint,
  ) => {
    let lp = lpAccounts.get(account)
    if (lp === undefined) {
      const init = message.init?.data ? readLpAccountInit(message.init.data) : undefined
      if (init === undefined || !init.pool.equals(src) || !isOwnInit(message)) return
      lp = {
        ...{ address: account, userAddress: addressText(init.user) },
        ...{ poolAddress: addressText(init.pool), amount0: init.amount0, amount1: init.amount1 },
      }
      lpAccounts.set(account, lp)
      begun(tx, 'lp-account', account)
    }
    lp.amount0 += a0
    lp.amount1 += a1
    changed.lp.add(lp)
  }

  const deposit = (
    tx: LedgerTransaction,
    account: string,
    message: Message,
    src: Address,
    amount: bigint,
  ) => {
    let vault = vaults.get(account)
    if (vault === undefined) {
      const init = message.init?.data ? readVaultInit(message.init.data) : undefined
      if (init === undefined || !init.router.equals(src) || !isOwnInit(message)) return
      vault = {
        ...{ address: account, ownerAddress: addressText(init.owner) },
        ...{ tokenWallet: addressText(init.tokenWallet), routerAddress: addressText(init.router) },
        balance: init.deposited,
      }
      vaults.set(account, vault)
      begun(tx, 'vault', account)
    }
    vault.balance += amount
    changed.vaults.add(vault)
  }

  // What an LP account or a vault sent out this transaction leaves it.
  const settle = (tx: LedgerTransaction, account: string) => {
    const lp = lpAccounts.get(account)
    if (lp !== undefined) {
      for (const out of tx.outMessages.values()) {
        const b = decodeBody(out.body)
        if (
          b?.type === 'v1.cb_add_liquidity' ||
          b?.type === 'v2.cb_add_liquidity' ||
          b?.type === 'v1.cb_refund_me' ||
          b?.type === 'v2.cb_refund_me'
        ) {
          lp.amount0 -= b.amount0
          lp.amount1 -= b.amount1
          changed.lp.add(lp)
        }
      }
      if (tx.endStatus === 'non-existing') {
        lp.amount0 = 0n
        lp.amount1 = 0n
        changed.lp.add(lp)
      }
      return
    }
    const vault = vaults.get(account)
    if (vault === undefined) return
    for (const out of tx.outMessages.values()) {
      const b = decodeBody(out.body)
      if (b?.type === 'v2.vault_pay_to') {
        vault.balance -= b.amount
        changed.vaults.add(vault)
      }
    }
    if (tx.endStatus === 'non-existing') {
      vault.balance = 0n
      changed.vaults.add(vault)
    }
  }

  return {
    apply(tx, account, aborted, body) {
      if (aborted) return
      const message = tx.inMessage
      if (message?.info.type !== 'internal') return
      const src = message.info.src
      if (message.info.bounced) {
        restoreBounced(account, message)
        return
      }
      switch (body?.type) {
        case 'jetton.internal_transfer':
          credit(tx, account, message, src, body.amount)
          return
        case 'jetton.transfer':
        case 'jetton.burn':
          debit(tx, account, src, body.amount)
          return
        case 'v1.add_liquidity':
        case 'v2.add_liquidity':
          addLiquidity(tx, account, message, src, body.amount0, body.amount1)
          break
        case 'v2.deposit_ref_fee':
          deposit(tx, account, message, src, body.amount)
          return // a deposit pays nothing out
      }
      // refund_me, direct_add_liquidity and withdraw_fee act through what they send out.
      settle(tx, account)
    },
    masterOf(wallet) {
      return wallets.get(wallet)?.masterAddress ?? undefined
    },
    takeAdoptions() {
      return adoptions.splice(0)
    },
    adopt(prior) {
      if ('absent' in prior) return
      // The row counted from the state-init's zero: what the state held before is added.
      if (prior.kind === 'jetton-wallet') {
        const wallet = wallets.get(prior.address)
        if (wallet === undefined) return
        wallet.balance += prior.balance
        wallet.ownerAddress ??= prior.ownerAddress
        wallet.masterAddress ??= prior.masterAddress
        changed.wallets.add(wallet)
      } else if (prior.kind === 'lp-account') {
        const lp = lpAccounts.get(prior.address)
        if (lp === undefined) return
        lp.amount0 += prior.amount0
        lp.amount1 += prior.amount1
        changed.lp.add(lp)
      } else {
        const vault = vaults.get(prior.address)
        if (vault === undefined) return
        vault.balance += prior.balance
        changed.vaults.add(vault)
      }
    },
    takeChanges() {
      const rows = {
        jettonWallets: [...changed.wallets].map((w) => ({ ...w })),
        lpAccounts: [...changed.lp].map((a) => ({ ...a })),
        vaults: [...changed.vaults].map((v) => ({ ...v })),
      }
      changed.wallets.clear()
      changed.lp.clear()
      changed.vaults.clear()
      return rows
    },
    rows() {
      return {
        jettonWallets: [...wallets.values()].map((w) => ({ ...w })),
        lpAccounts: [...lpAccounts.values()].map((a) => ({ ...a })),
        vaults: [...vaults.values()].map((v) => ({ ...v })),
      }
    },
  }
}

/** Whether the inbound message's state-init is its destination's (TON ignores any other). */
function isOwnInit(message: Message): boolean {
  const dest = message.info.dest
  if (!message.init || !(dest instanceof Address)) return false
  return contractAddress(dest.workChain, message.init).hash.equals(dest.hash)
}

/** A sender's master: the one in its outbound `internal_transfer`'s state-init, or where its burn notification went. */
function masterFromOutbound(tx: LedgerTransaction): string | null {
  for (const out of tx.outMessages.values()) {
    if (out.info.type !== 'internal') continue
    const init = out.init ? readJettonWalletInit(out.init) : undefined
    if (init !== undefined) return addressText(init.master)
    const b = decodeBody(out.body)
    if (b?.type === 'v1.burn_notification' || b?.type === 'v2.burn_notification_ext') {
      return addressText(out.info.dest)
    }
  }
  return null
}
