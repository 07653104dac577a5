import type { Cell, Message, Transaction } from '@ton/core'
import { addressText } from '../../protocol/addressText.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import {
  decodeEscrowFactoryBody,
  decodeEscrowPayload,
  decodeEscrowVaultBody,
  decodeFeeVaultBody,
  decodeFeeVaultMinterBody,
  decodeFeeVaultPayload,
} from '../../protocol/decode/venueDecoders.js'
import { readEscrowVaultStorage, readFeeVaultStorage } from '../../protocol/venue/storage.js'
import type {
  IndexedVenueMinterRow,
  IndexedVenueVaultRow,
  VenueKind,
  VenueOperationKind,
  VenueOperationRow,
} from '../../store/rows/indexerRows.js'

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** The rows a {@link VenueLedger} changed since the last {@link VenueLedger.takeChanges}. */
export type VenueLedgerChanges = {
  readonly venueMinters: IndexedVenueMinterRow[]
  readonly venueVaults: IndexedVenueVaultRow[]
  readonly venueOperations: VenueOperationRow[]
}

/**
 * Where a transaction stands in its trace, for the operation it may record: its hash, its
 * time (`YYYY-MM-DDTHH:MM:SS`) and the hash of the trace's origin.
 *
 * @example
 * ```ts
 * const context: VenueTransactionContext = { hash: '9a…', timestamp: '2026-11-26T10:00:00',
 *   originHash: 'cd…' }
 * ```
 */
export type VenueTransactionContext = {
  readonly hash: string
  readonly timestamp: string
  readonly originHash: string
}

/**
 * The indexer's read model of the referral venues (`docs/referral-venues.md`), kept from
 * transactions: the vaults of every followed escrow factory and fee-vault minter — owner, the
 * minter's jetton wallet (and its asset), the balance their getters answer — and every
 * operation those vaults accepted. Only the configured minters are followed (anyone can
 * deploy a contract that speaks the op codes); their vaults are the addresses they credit.
 *
 * * A credit is recorded at the minter's transaction: its jetton transfer notification whose
 *   payload names the owner (`fee_vault_deposit`, `escrow_referral_deposit`: an `accrual`; the
 *   escrow's `minter_deposit_vault`: the sender's own `deposit`) and the credit it sends the
 *   vault (`fee_vault_credit`, `vault_deposit_tokens`). The balance moves at the vault's
 *   transaction that accepts the credit.
 * * A `withdrawal` (escrow `vault_withdraw_tokens`) or `collect` (fee vault's empty body) is
 *   recorded at the vault's transaction with the amount of the message it sends its minter;
 *   an aborted one (not the owner, above the balance, too little gas, empty vault) changes
 *   nothing.
 *
 * @example
 * ```ts
 * const ledger = createVenueLedger({ escrowMinters: new Set(), feeVaultMinters: new Set([minter]) })
 * ledger.apply(tx, minter, false, body, context)
 * ledger.takeChanges().venueOperations[0]?.kind // 'accrual'
 * ```
 */
export type VenueLedger = {
  /** Whether any minter is followed (otherwise {@link VenueLedger.apply} does nothing). */
  readonly following: boolean
  /** Applies one transaction of `account` (its inbound body decoded, or `undefined`). */
  apply(
    tx: Transaction,
    account: string,
    aborted: boolean,
    body: DecodedBody | undefined,
    context: VenueTransactionContext,
  ): void
  takeChanges(): VenueLedgerChanges
}

/** Options of {@link createVenueLedger}: the configured minters and the stored read model. */
export type VenueLedgerOptions = {
  readonly escrowMinters: ReadonlySet<string>
  readonly feeVaultMinters: ReadonlySet<string>
  /** Minters an earlier run followed (followed again without the lists). */
  readonly minters?: readonly IndexedVenueMinterRow[] | undefined
  readonly vaults?: readonly IndexedVenueVaultRow[] | undefined
  /** The asset (jetton master) of a minter's jetton wallet, when known. */
  readonly assetOf?: ((wallet: string) => string | undefined) | undefined
}

/**
 * Creates the referral-venue ledger over the stored rows (see {@link VenueLedger}).
 *
 * @example
 * ```ts
 * const ledger = createVenueLedger({ escrowMinters: new Set([escrow]), feeVaultMinters: new Set(),
 *   minters: await store.listIndexedVenueMinters(), vaults: await store.listIndexedVenueVaults() })
 * ```
 */
export function createVenueLedger(options: VenueLedgerOptions): VenueLedger {
  const assetOf = options.assetOf ?? (() => undefined)
  const minters = new Map<string, VenueKind>()
  const changedMinters = new Set<string>()
  for (const m of options.minters ?? []) minters.set(m.address, m.kind)
  const configure = (addresses: ReadonlySet<string>, kind: VenueKind) => {
    for (const address of addresses) {
      if (minters.get(address) === kind) continue
      minters.set(address, kind)
      changedMinters.add(address)
    }
  }
  configure(options.escrowMinters, 'escrow')
  configure(options.feeVaultMinters, 'fee_vault')
  const vaults = new Map<string, Mutable<IndexedVenueVaultRow>>()
  for (const v of options.vaults ?? []) vaults.set(v.address, { ...v })
  const changedVaults = new Set<string>()
  let operations: VenueOperationRow[] = []

  const record = (
    tx: Transaction,
    context: VenueTransactionContext,
    vault: IndexedVenueVaultRow,
    op: {
      kind: VenueOperationKind
      amount: bigint
      senderAddress: string | null
      queryId: bigint
    },
  ) => {
    operations.push({
      txHash: context.hash,
      txLt: tx.lt,
      timestamp: context.timestamp,
      originHash: context.originHash,
      venue: vault.kind,
      minterAddress: vault.minterAddress,
      vaultAddress: vault.address,
      ownerAddress: vault.ownerAddress,
      jettonWallet: vault.jettonWallet,
      assetAddress: vault.assetAddress,
      ...op,
    })
  }

  /** A followed minter's jetton transfer notification: the vault it credits, if any. */
  const applyMinter = (
    tx: Transaction,
    account: string,
    kind: VenueKind,
    body: DecodedBody | undefined,
    context: VenueTransactionContext,
  ) => {
    const info = tx.inMessage?.info
    if (info?.type !== 'internal' || body?.type !== 'jetton.transfer_notification') return
    const jettonWallet = addressText(info.src)
    let owner: string | null
    let opKind: VenueOperationKind
    let credit: { dest: string; amount: bigint } | undefined
    if (kind === 'fee_vault') {
      const payload = decodeFeeVaultPayload(body.forwardPayload)
      if (payload?.owner == null) return
      owner = addressText(payload.owner)
      opKind = 'accrual'
      credit = outFind(tx, (cell) => {
        const out = decodeFeeVaultBody(cell)
        return out?.type === 'fee_vault.credit' ? out.amount : undefined
      })
    } else {
      const payload = decodeEscrowPayload(body.forwardPayload)
      if (payload === undefined) return
      const named = payload.type === 'escrow.referral_deposit' ? payload.owner : body.sender
      if (named == null) return
      owner = addressText(named)
      opKind = payload.type === 'escrow.referral_deposit' ? 'accrual' : 'deposit'
      credit = outFind(tx, (cell) => {
        const out = decodeEscrowVaultBody(cell)
        return out?.type === 'escrow.vault_deposit_tokens' ? out.amount : undefined
      })
    }
    // No credit sent: the minter sent the jettons back.
    if (credit === undefined) return
    let vault = vaults.get(credit.dest)
    if (vault === undefined) {
      vault = {
        address: credit.dest,
        minterAddress: account,
        kind,
        ownerAddress: owner,
        jettonWallet,
        assetAddress: assetOf(jettonWallet) ?? null,
        balance: 0n,
        lastCollectTime: 0n,
      }
      vaults.set(credit.dest, vault)
      changedVaults.add(credit.dest)
    } else if (vault.assetAddress === null) {
      vault.assetAddress = assetOf(jettonWallet) ?? null
      changedVaults.add(credit.dest)
    }
    const sender = body.sender === null ? null : addressText(body.sender)
    record(tx, context, vault, {
      kind: opKind,
      amount: credit.amount,
      senderAddress: sender,
      queryId: body.queryId,
    })
  }

  /** A followed vault's transaction (not aborted): a credit, a withdrawal or a collect. */
  const applyVault = (
    tx: Transaction,
    vault: Mutable<IndexedVenueVaultRow>,
    context: VenueTransactionContext,
  ) => {
    const inMessage = tx.inMessage
    if (inMessage?.info.type !== 'internal' || inMessage.info.bounced) return
    const source = addressText(inMessage.info.src)
    if (vault.assetAddress === null) {
      vault.assetAddress = assetOf(vault.jettonWallet) ?? null
      if (vault.assetAddress !== null) changedVaults.add(vault.address)
    }
    if (vault.kind === 'fee_vault') {
      const body = decodeFeeVaultBody(inMessage.body, inMessage.info.value.coins)
      if (body?.type === 'fee_vault.credit') {
        if (source !== vault.minterAddress) return
        vault.balance += body.amount
      } else if (body?.type === 'fee_vault.collect_fees') {
        const payout = outFind(tx, (cell) => {
          const out = decodeFeeVaultMinterBody(cell)
          return out?.type === 'fee_vault.payout' ? out.amount : undefined
        })
        if (payout === undefined) return
        vault.balance -= payout.amount
        vault.lastCollectTime = BigInt(tx.now)
        record(tx, context, vault, {
          kind: 'collect',
          amount: payout.amount,
          senderAddress: source,
          queryId: 0n,
        })
      } else return
    } else {
      const body = decodeEscrowVaultBody(inMessage.body)
      if (body?.type === 'escrow.vault_deposit_tokens') {
        if (source !== vault.minterAddress) return
        vault.balance += body.amount
      } else if (body?.type === 'escrow.vault_withdraw_tokens') {
        const paid = outFind(tx, (cell) => {
          const out = decodeEscrowFactoryBody(cell)
          return out?.type === 'escrow.minter_internal_withdraw_tokens'
            ? out.collectedFees
            : undefined
        })
        if (paid === undefined) return
        vault.balance -= paid.amount
        record(tx, context, vault, {
          kind: 'withdrawal',
          amount: paid.amount,
          senderAddress: source,
          queryId: body.queryId,
        })
      } else return
    }
    changedVaults.add(vault.address)
  }

  /**
   * A vault first met at its own transaction (its minter's crediting one was before the
   * index): known from the followed minter's credit and the state-init it carries.
   */
  const adoptVault = (
    tx: Transaction,
    account: string,
  ): Mutable<IndexedVenueVaultRow> | undefined => {
    const inMessage = tx.inMessage
    const data = inMessage?.init?.data
    if (inMessage?.info.type !== 'internal' || data == null) return undefined
    const minter = addressText(inMessage.info.src)
    const kind = minters.get(minter)
    if (kind === undefined) return undefined
    try {
      if (kind === 'fee_vault') {
        if (decodeFeeVaultBody(inMessage.body)?.type !== 'fee_vault.credit') return undefined
        const s = readFeeVaultStorage(data)
        if (s.owner === null || s.jettonWallet === null) return undefined
        return newVault(account, minter, kind, addressText(s.owner), addressText(s.jettonWallet))
      }
      const body = decodeEscrowVaultBody(inMessage.body)
      if (body?.type !== 'escrow.vault_deposit_tokens') return undefined
      const s = readEscrowVaultStorage(data)
      if (s.owner === null || s.jettonWallet === null) return undefined
      return newVault(account, minter, kind, addressText(s.owner), addressText(s.jettonWallet))
    } catch {
      return undefined
    }
  }
  const newVault = (
    address: string,
    minterAddress: string,
    kind: VenueKind,
    ownerAddress: string,
    jettonWallet: string,
  ): Mutable<IndexedVenueVaultRow> => {
    const vault = {
      address,
      minterAddress,
      kind,
      ownerAddress,
      jettonWallet,
      assetAddress: assetOf(jettonWallet) ?? null,
      balance: 0n,
      lastCollectTime: 0n,
    }
    vaults.set(address, vault)
    changedVaults.add(address)
    return vault
  }

  return {
    get following() {
      return minters.size > 0
    },
    apply(tx, account, aborted, body, context) {
      if (minters.size === 0) return
      const kind = minters.get(account)
      if (kind !== undefined) {
        if (!aborted) applyMinter(tx, account, kind, body, context)
        return
      }
      if (aborted) return
      const vault = vaults.get(account) ?? adoptVault(tx, account)
      if (vault !== undefined) applyVault(tx, vault, context)
    },
    takeChanges() {
      const venueMinters = [...changedMinters].map((address) => ({
        address,
        kind: minters.get(address) as VenueKind,
      }))
      changedMinters.clear()
      const venueVaults: IndexedVenueVaultRow[] = []
      for (const address of changedVaults) {
        const vault = vaults.get(address)
        if (vault !== undefined) venueVaults.push({ ...vault })
      }
      changedVaults.clear()
      const venueOperations = operations
      operations = []
      return { venueMinters, venueVaults, venueOperations }
    },
  }
}

/** The first internal outbound message whose body `read` accepts: its destination and amount. */
function outFind(
  tx: Transaction,
  read: (body: Cell) => bigint | undefined,
): { dest: string; amount: bigint } | undefined {
  for (const out of tx.outMessages.values() as Iterable<Message>) {
    if (out.info.type !== 'internal') continue
    const amount = read(out.body)
    if (amount !== undefined) return { dest: addressText(out.info.dest), amount }
  }
  return undefined
}
