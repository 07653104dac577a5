import {
  type AccountStatus,
  Address,
  beginCell,
  type Cell,
  contractAddress,
  type Message,
  type StateInit,
} from '@ton/core'
import type { LedgerTransaction, WalletLedger } from '../../indexer/wallets/createWalletLedger.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { decodeBody } from '../../protocol/decode/decodeBody.js'
import { jettonBurnBody, jettonTransferBody } from '../../protocol/jetton/messages.js'
import { OP_CODES } from '../../protocol/opCodes.js'

/**
 * A hand-made chain for wallet-ledger tests: it builds the transactions a TEP-74 jetton (minter
 * and wallets), a DEX LP account and a DEX v2 vault produce — real message cells, decoded by
 * `decodeBody` exactly as the indexer does — and keeps the balances the contracts would hold
 * (the model the ledger is checked against).
 */

/** A test address `0:nnnn…`. */
export const addr = (n: number): Address => new Address(0, Buffer.alloc(32, n))

/** One transaction as the ledger is fed it. */
export type FedTransaction = {
  readonly tx: LedgerTransaction
  readonly account: string
  readonly aborted: boolean
  readonly body: DecodedBody | undefined
}

let lt = 1_000n

/** An internal message `src → dest`. */
export function message(
  src: Address,
  dest: Address,
  body: Cell,
  options: { init?: StateInit | undefined; bounced?: boolean } = {},
): Message {
  lt += 1n
  return {
    info: {
      ...{ type: 'internal', ihrDisabled: true, bounce: true, bounced: options.bounced ?? false },
      ...{ src, dest, value: { coins: 100_000_000n }, ihrFee: 0n, forwardFee: 0n },
      ...{ createdLt: lt, createdAt: 1_700_000_000 },
    },
    ...(options.init !== undefined ? { init: options.init } : {}),
    body,
  }
}

/** The transaction of `inMessage`'s destination. */
export function received(
  inMessage: Message,
  options: {
    aborted?: boolean
    out?: readonly Message[]
    endStatus?: AccountStatus
    oldStatus?: AccountStatus
  } = {},
): FedTransaction {
  const out = options.out ?? []
  const dest = inMessage.info.dest as Address
  return {
    tx: {
      inMessage,
      outMessages: { values: () => [...out] },
      endStatus: options.endStatus ?? 'active',
      oldStatus: options.oldStatus ?? 'uninitialized',
    },
    account: dest.toString(),
    aborted: options.aborted ?? false,
    body:
      inMessage.info.type === 'internal' && !inMessage.info.bounced
        ? decodeBody(inMessage.body)
        : undefined,
  }
}

/** The bounce of `original` back to its sender: `0xffffffff` + the first 256 bits of the body. */
export function bounceOf(original: Message): Message {
  const bits = original.body.bits
  const kept = bits.substring(0, Math.min(256, bits.length))
  const body = beginCell().storeUint(0xffffffff, 32).storeBits(kept).endCell()
  return message(original.info.dest as Address, original.info.src as Address, body, {
    bounced: true,
  })
}

/** `internal_transfer query_id amount from response forward_ton_amount forward_payload`. */
export function internalTransferBody(amount: bigint, from: Address | null): Cell {
  return beginCell()
    .storeUint(OP_CODES.jettonInternalTransfer, 32)
    .storeUint(0, 64)
    .storeCoins(amount)
    .storeAddress(from)
    .storeAddress(from)
    .storeCoins(0n)
    .storeBit(false)
    .endCell()
}

/** `burn_notification query_id amount owner response` (the TEP-74 minter's, DEX v1's). */
export function burnNotificationBody(amount: bigint, owner: Address): Cell {
  return beginCell()
    .storeUint(OP_CODES.v1BurnNotification, 32)
    .storeUint(0, 64)
    .storeCoins(amount)
    .storeAddress(owner)
    .storeAddress(owner)
    .endCell()
}

const WALLET_CODE = beginCell().storeUint(0x7e57c0de, 32).endCell()

/** A TEP-74 wallet's state-init: `balance owner master ^code`. */
export function walletInit(owner: Address | null, master: Address, balance = 0n): StateInit {
  const data = beginCell()
    .storeCoins(balance)
    .storeAddress(owner)
    .storeAddress(master)
    .storeRef(WALLET_CODE)
    .endCell()
  return { code: WALLET_CODE, data }
}

/**
 * A jetton whose transactions follow the reference wallet: each action returns the transactions
 * it causes (in order) and updates `balances`, the model.
 */
export class JettonModel {
  readonly balances = new Map<string, bigint>()
  minted = 0n
  burned = 0n

  constructor(readonly master: Address) {}

  /** The wallet address of `owner`. */
  wallet(owner: Address): Address {
    return contractAddress(0, walletInit(owner, this.master))
  }

  balanceOf(owner: Address): bigint {
    return this.balances.get(this.wallet(owner).toString()) ?? 0n
  }

  private add(owner: Address, amount: bigint) {
    const key = this.wallet(owner).toString()
    this.balances.set(key, (this.balances.get(key) ?? 0n) + amount)
  }

  /** The minter mints `amount` to `to`. */
  mint(to: Address, amount: bigint): FedTransaction[] {
    const body = internalTransferBody(amount, null)
    const m = message(this.master, this.wallet(to), body, { init: walletInit(to, this.master) })
    this.minted += amount
    this.add(to, amount)
    return [received(m)]
  }

  /** `from` transfers; the recipient's wallet aborts when `recipientFails` (and the transfer bounces). */
  transfer(from: Address, to: Address, amount: bigint, recipientFails = false): FedTransaction[] {
    const fromWallet = this.wallet(from)
    const body = jettonTransferBody({
      amount,
      destination: to,
      response: from,
      forwardTonAmount: 0n,
    })
    const ask = message(from, fromWallet, body)
    if (amount > this.balanceOf(from)) return [received(ask, { aborted: true })]
    const step = message(fromWallet, this.wallet(to), internalTransferBody(amount, from), {
      init: walletInit(to, this.master),
    })
    const sent = received(ask, { out: [step] })
    if (recipientFails) {
      return [sent, received(step, { aborted: true }), received(bounceOf(step))]
    }
    this.add(from, -amount)
    this.add(to, amount)
    return [sent, received(step)]
  }

  /** `from` burns; the minter rejects the notification when `minterFails` (it bounces). */
  burn(from: Address, amount: bigint, minterFails = false): FedTransaction[] {
    const fromWallet = this.wallet(from)
    const ask = message(from, fromWallet, jettonBurnBody({ amount, response: from }))
    if (amount > this.balanceOf(from)) return [received(ask, { aborted: true })]
    const notification = message(fromWallet, this.master, burnNotificationBody(amount, from))
    const sent = received(ask, { out: [notification] })
    if (minterFails) {
      return [sent, received(notification, { aborted: true }), received(bounceOf(notification))]
    }
    this.add(from, -amount)
    this.burned += amount
    return [sent, received(notification)]
  }

  /** Someone who is not the owner asks `owner`'s wallet to transfer: the wallet aborts (705). */
  stranger(stranger: Address, owner: Address, amount: bigint): FedTransaction[] {
    const body = jettonTransferBody({
      amount,
      destination: stranger,
      response: stranger,
      forwardTonAmount: 0n,
    })
    return [received(message(stranger, this.wallet(owner), body), { aborted: true })]
  }
}

/** Feeds transactions to a ledger. */
export function feed(ledger: WalletLedger, txs: readonly FedTransaction[]): void {
  for (const t of txs) ledger.apply(t.tx, t.account, t.aborted, t.body)
}
