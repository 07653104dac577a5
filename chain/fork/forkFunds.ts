import {
  type Address,
  type Message,
  type Transaction,
  type TupleItem,
  TupleReader,
  toNano,
} from '@ton/core'
import { internal } from '@ton/sandbox'
import { decodeBodyAs } from '../../protocol/decode/decodeBody.js'
import {
  JETTON_BALANCE,
  JETTON_DATA,
  JETTON_WALLET_ADDRESS,
  JETTON_WALLET_DATA,
} from '../../protocol/jetton/getMethods.js'
import { jettonMintBody, jettonTransferBody } from '../../protocol/jetton/messages.js'
import type { ChainBlock, LiveChain } from '../LiveChain.js'

/**
 * The admin mint layouts a fork's faucet tries, in order. Both are `op query_id:uint64
 * to_address:MsgAddress ton_amount:Coins master_msg:^internal_transfer`: `mint#642b7d07` is
 * the current minters' (ton-blockchain/stablecoin-contract `jetton-minter.fc`, our jetton
 * fixture), `mint#15` (21) the reference minter's of ton-blockchain/token-contract
 * (`ft/jetton-minter.fc`, `jetton-minter-discoverable.fc`), which most older jettons run.
 *
 * @example
 * ```ts
 * JETTON_MINT_LAYOUTS.map((l) => l.name) // ['mint#642b7d07', 'mint#15']
 * ```
 */
export const JETTON_MINT_LAYOUTS = [
  { name: 'mint#642b7d07', op: 0x642b7d07 },
  { name: 'mint#15', op: 0x15 },
] as const

/**
 * What an impersonated message carries (it appears from nothing, as the sender's message
 * would): enough for the master or wallet and the recipient's new wallet.
 */
const MESSAGE_VALUE = toNano('1')
/** What a mint forwards to the recipient's jetton wallet (its storage and gas). */
const MINT_TON_AMOUNT = toNano('0.1')

/**
 * Why a fork could not fund a jetton (see {@link fundJettonOnFork}).
 *
 * @example
 * ```ts
 * const refusal: ForkFundingRefusal = 'not_mintable'
 * ```
 */
export type ForkFundingRefusal =
  /** The address runs no `get_jetton_data` on the fork: not a jetton master. */
  | 'not_a_jetton'
  /**
   * The master has no admin to impersonate (none, or not a basechain/masterchain address), or
   * no standard mint layout made it send an `internal_transfer` of the amount to the
   * recipient's wallet — and no holder is named for it.
   */
  | 'not_mintable'
  /** The named holder's wallet holds less than the amount, or its transfer would not send it. */
  | 'holder_refused'
  /** The message ran, but the recipient's wallet did not grow by the amount (it bounced). */
  | 'not_credited'

/**
 * The outcome of {@link fundJettonOnFork}.
 *
 * @example
 * ```ts
 * const funded: ForkJettonFunding = { ok: true, via: 'mint', layout: 'mint#642b7d07',
 *   wallet: recipientWallet, blocks: [block] }
 * ```
 */
export type ForkJettonFunding =
  | {
      readonly ok: true
      /** `mint`: minted as the master's admin; `holder`: sent from the named holder's wallet. */
      readonly via: 'mint' | 'holder'
      /** The mint layout that worked (for `mint`). */
      readonly layout?: string
      /** The recipient's jetton wallet. */
      readonly wallet: Address
      readonly blocks: readonly ChainBlock[]
    }
  | { readonly ok: false; readonly reason: ForkFundingRefusal; readonly detail: string }

/**
 * Gives `to` `amount` units of the jetton `master` on a forked chain, as anvil's and Acton's
 * impersonation does: (1) as the master's admin (`get_jetton_data` on the fork's state), an
 * internal message from the admin to the master in each of {@link JETTON_MINT_LAYOUTS},
 * each preflighted ({@link LiveChain.emulateInternal}) and the first whose transaction sends
 * an `internal_transfer` of `amount` to `to`'s jetton wallet executed; else (2) when `holder`
 * is named (an owner of the jetton, or its jetton wallet), a TEP-74 `transfer` of `amount`
 * from the holder's wallet, as its owner. The impersonated message is executed on the local
 * chain only, journaled like any local block; the fork never sends anything upstream. Checks
 * afterwards that `to`'s jetton wallet grew by `amount`.
 *
 * @example
 * ```ts
 * const funded = await fundJettonOnFork(chain, { master: usdt, to: wallet, amount: 5_000_000n })
 * funded.ok && funded.via // 'mint'
 * ```
 */
export async function fundJettonOnFork(
  chain: LiveChain,
  request: {
    readonly master: Address
    readonly to: Address
    readonly amount: bigint
    readonly holder?: Address | undefined
  },
): Promise<ForkJettonFunding> {
  const { master, to, amount } = request
  const data = await getMethod(chain, master, JETTON_DATA.name)
  if (data === undefined) {
    return {
      ok: false,
      reason: 'not_a_jetton',
      detail: `${master.toString()} answers no get_jetton_data on the fork.`,
    }
  }
  data.readBigNumber() // total_supply
  data.readBigNumber() // mintable
  let admin: Address | null
  try {
    admin = data.readAddressOpt()
  } catch {
    admin = null // an external or var address: nobody to impersonate
  }
  const wallet = await walletAddress(chain, master, to)
  if (wallet === undefined) {
    return {
      ok: false,
      reason: 'not_a_jetton',
      detail: `${master.toString()} answers no get_wallet_address on the fork.`,
    }
  }
  const tried: string[] = []
  if (admin !== null) {
    for (const layout of JETTON_MINT_LAYOUTS) {
      const message = internal({
        from: admin,
        to: master,
        value: MESSAGE_VALUE,
        bounce: true,
        body: jettonMintBody({
          to,
          amount,
          tonAmount: MINT_TON_AMOUNT,
          response: null,
          op: layout.op,
        }),
      })
      if (sendsTransfer(await chain.emulateInternal(message), wallet, amount)) {
        return deliver(chain, message, wallet, amount, { via: 'mint', layout: layout.name })
      }
      tried.push(layout.name)
    }
  }
  const refusedMint =
    admin === null
      ? `${master.toString()} has no admin to mint as`
      : `${master.toString()}'s admin ${admin.toString()} cannot mint it with ${tried.join(' or ')}`
  if (request.holder === undefined) {
    return {
      ok: false,
      reason: 'not_mintable',
      detail: `${refusedMint}; name a holder of it with --fork-fund-from ${master.toString()}=<holder>.`,
    }
  }
  return fromHolder(chain, { master, to, amount, holder: request.holder, wallet })
}

/**
 * Tops up each of `addresses` that holds less than `floor` nanotons on the chain to `balance`,
 * by a local balance change (one journaled block each): a fork's test wallets, which the
 * upstream may not have. A wallet the upstream funded enough is left as it is (its state
 * stays the upstream's, so a replayed transaction of it stays bit-exact). Answers the
 * addresses topped up.
 *
 * @example
 * ```ts
 * await topUpOnFork(chain, wallets.map((w) => w.address), { floor: toNano('1000'), balance: toNano('100000') })
 * // [alpha, bravo, …]: those the upstream did not have
 * ```
 */
export async function topUpOnFork(
  chain: LiveChain,
  addresses: readonly Address[],
  amounts: { readonly floor: bigint; readonly balance: bigint },
): Promise<readonly Address[]> {
  const topped: Address[] = []
  for (const address of addresses) {
    const { balance } = await chain.account(address)
    if (balance >= amounts.floor) continue
    await chain.setBalance(address, amounts.balance)
    topped.push(address)
  }
  return topped
}

/** A TEP-74 transfer from `holder`'s wallet, as its owner. */
async function fromHolder(
  chain: LiveChain,
  p: { master: Address; to: Address; amount: bigint; holder: Address; wallet: Address },
): Promise<ForkJettonFunding> {
  // The holder may be named by its jetton wallet: its data names the owner.
  let owner = p.holder
  let source = await walletAddress(chain, p.master, p.holder)
  const named = await getMethod(chain, p.holder, JETTON_WALLET_DATA.name)
  let balance: bigint | undefined
  if (named !== undefined) {
    const held = named.readBigNumber()
    const namedOwner = named.readAddressOpt()
    const namedMaster = named.readAddressOpt()
    if (namedOwner !== null && namedMaster?.equals(p.master) === true) {
      owner = namedOwner
      source = p.holder
      balance = held
    }
  }
  if (source === undefined) {
    return { ok: false, reason: 'not_a_jetton', detail: `${p.master} has no wallet address.` }
  }
  balance ??= await walletBalance(chain, source)
  if (balance < p.amount) {
    return {
      ok: false,
      reason: 'holder_refused',
      detail: `The holder ${owner.toString()} has ${balance} units of ${p.master.toString()} on the fork, less than ${p.amount}.`,
    }
  }
  const message = internal({
    from: owner,
    to: source,
    value: MESSAGE_VALUE,
    bounce: true,
    body: jettonTransferBody({
      amount: p.amount,
      destination: p.to,
      response: null,
      forwardTonAmount: 0n,
    }),
  })
  if (!sendsTransfer(await chain.emulateInternal(message), p.wallet, p.amount)) {
    return {
      ok: false,
      reason: 'holder_refused',
      detail: `The wallet ${source.toString()} of ${owner.toString()} would not send ${p.amount} to ${p.to.toString()}.`,
    }
  }
  return deliver(chain, message, p.wallet, p.amount, { via: 'holder' })
}

/** Executes `message` on the chain; checks the wallet grew by `amount`. */
async function deliver(
  chain: LiveChain,
  message: Message,
  wallet: Address,
  amount: bigint,
  how: { readonly via: 'mint' | 'holder'; readonly layout?: string },
): Promise<ForkJettonFunding> {
  const before = await walletBalance(chain, wallet)
  const { blocks } = await chain.execute(async (blockchain) => {
    await blockchain.sendMessage(message)
  })
  const after = await walletBalance(chain, wallet)
  if (after - before !== amount) {
    return {
      ok: false,
      reason: 'not_credited',
      detail: `The jetton wallet ${wallet.toString()} grew by ${after - before}, not ${amount} (blocks ${blocks.map((b) => b.seqno).join(', ')}).`,
    }
  }
  return { ok: true, ...how, wallet, blocks }
}

/** Whether the transaction succeeded and sent an `internal_transfer` of `amount` to `wallet`. */
function sendsTransfer(tx: Transaction, wallet: Address, amount: bigint): boolean {
  const d = tx.description
  if (d.type !== 'generic' || d.aborted) return false
  if (d.computePhase.type !== 'vm' || !d.computePhase.success) return false
  for (const out of tx.outMessages.values()) {
    if (out.info.type !== 'internal' || !out.info.dest.equals(wallet)) continue
    if (decodeBodyAs(out.body, 'jetton.internal_transfer')?.amount === amount) return true
  }
  return false
}

async function walletAddress(
  chain: LiveChain,
  master: Address,
  owner: Address,
): Promise<Address | undefined> {
  const { name, args, read } = JETTON_WALLET_ADDRESS
  const reader = await getMethod(chain, master, name, args(owner))
  try {
    return reader === undefined ? undefined : read(reader)
  } catch {
    return undefined
  }
}

/** A jetton wallet's balance; 0 for a wallet not deployed yet. */
async function walletBalance(chain: LiveChain, wallet: Address): Promise<bigint> {
  const reader = await getMethod(chain, wallet, JETTON_BALANCE.name)
  return reader === undefined ? 0n : JETTON_BALANCE.read(reader)
}

/** A get-method's stack, or `undefined` when the account has no code or the method fails. */
async function getMethod(
  chain: LiveChain,
  address: Address,
  method: string,
  stack: readonly TupleItem[] = [],
): Promise<TupleReader | undefined> {
  const account = await chain.account(address)
  if (account.status !== 'active') return undefined
  const outcome = await chain.runGetMethod(address, method, stack)
  return outcome.exitCode === 0 || outcome.exitCode === 1
    ? new TupleReader([...outcome.stack])
    : undefined
}
