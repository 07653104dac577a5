import { type Address, beginCell, type Cell, toNano } from '@ton/core'
import { fixtureCode } from '../contracts-fixtures/fixtureCode.js'
import { decodeEscrowVaultBody, decodeFeeVaultBody } from '../protocol/decode/venueDecoders.js'
import { jettonTransferBody } from '../protocol/jetton/messages.js'
import { ESCROW_VAULT_ADDRESS } from '../protocol/venue/getMethods.js'
import { escrowDepositPayload, feeVaultDepositPayload } from '../protocol/venue/messages.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import type { FarmReceipt } from './farmFlows.js'
import type { LocalJetton } from './model.js'
import { failedTransactions, messagesFrom } from './transactions.js'

/**
 * What a deposit into a referral venue did: the flow's transactions and failures, and the
 * credit the venue's minter sent a vault — read off the minter's message to it
 * (`vault_deposit_tokens`, `fee_vault_credit`, decoded by `ton-dex-lab/protocol`). `vault` is
 * `null` and `credited` 0 when the minter sent the jettons back (another payload, 0 jettons).
 *
 * @example
 * ```ts
 * const r: VenueCreditReceipt = await dex.creditFeeVault(venue, { from: venueWallet,
 *   jetton: usdt, amount: 1_995n, owner: referrer.address })
 * r.credited // 1995n
 * ```
 */
export type VenueCreditReceipt = FarmReceipt & {
  readonly vault: Address | null
  readonly credited: bigint
}

/** The credit `minter` sent a vault in `transactions`, read with `read`. */
function creditOf(
  transactions: FarmReceipt['transactions'],
  minter: Address,
  read: (body: Cell) => bigint | undefined,
): VenueCreditReceipt {
  for (const { message } of messagesFrom(transactions, minter)) {
    if (message.info.type !== 'internal') continue
    const credited = read(message.body)
    if (credited !== undefined) {
      const failures = failedTransactions(transactions)
      return { transactions, failures, vault: message.info.dest, credited }
    }
  }
  return { transactions, failures: failedTransactions(transactions), vault: null, credited: 0n }
}

/**
 * The referral escrow venue on the local chain: the escrow factory ("escrow minter") whose
 * vaults hold each owner's balance per jetton.
 *
 * @example
 * ```ts
 * const escrow: LocalEscrow = await dex.deployEscrow()
 * ```
 */
export type LocalEscrow = {
  readonly minter: Address
}

/**
 * Deploys an escrow factory (our fixture, `docs/referral-venues.md`).
 *
 * @example
 * ```ts
 * const escrow = await deployEscrow(world)
 * ```
 */
export async function deployEscrow(
  world: DexWorld,
  options: { globalId?: bigint | undefined } = {},
): Promise<LocalEscrow> {
  const data = beginCell()
    .storeUint(options.globalId ?? BigInt(world.now()), 64)
    .storeAddress(world.admin.address)
    .storeUint(0, 16)
    .storeRef(beginCell().endCell())
    .storeRef(fixtureCode('escrowVault'))
    .endCell()
  return { minter: await world.deploy(fixtureCode('escrowFactory'), data, toNano('0.1')) }
}

/**
 * Deposits `amount` of `jetton` from `from` into a vault of the escrow: the sender's own
 * (`minter_deposit_vault`) or, with `owner`, that owner's (ours: how the local venue pays a
 * referrer).
 *
 * @example
 * ```ts
 * await depositToEscrow(world, escrow, { from: venue, jetton: usdt, amount: 10n ** 6n,
 *   owner: referrer.address })
 * ```
 */
export async function depositToEscrow(
  world: DexWorld,
  escrow: LocalEscrow,
  request: { from: Treasury; jetton: LocalJetton; amount: bigint; owner?: Address | undefined },
): Promise<VenueCreditReceipt> {
  const payload = escrowDepositPayload({ owner: request.owner })
  const wallet = await world.walletAddress(request.jetton.minter, request.from.address)
  const body = jettonTransferBody({
    amount: request.amount,
    destination: escrow.minter,
    response: request.from.address,
    forwardTonAmount: toNano('0.1'),
    forwardPayload: payload,
  })
  const transactions = await world.send(request.from, { to: wallet, value: toNano('0.2'), body })
  return creditOf(transactions, escrow.minter, (cell) => {
    const credit = decodeEscrowVaultBody(cell)
    return credit?.type === 'escrow.vault_deposit_tokens' ? credit.amount : undefined
  })
}

/**
 * The escrow vault of `owner` for `jetton`: `getVaultAddress(factory's jetton wallet, owner)`.
 *
 * @example
 * ```ts
 * await escrowVaultAddress(world, escrow, usdt, referrer.address)
 * ```
 */
export async function escrowVaultAddress(
  world: DexWorld,
  escrow: LocalEscrow,
  jetton: LocalJetton,
  owner: Address,
): Promise<Address> {
  const wallet = await world.walletAddress(jetton.minter, escrow.minter)
  return world.call(escrow.minter, ESCROW_VAULT_ADDRESS, wallet, owner)
}

/**
 * The fee-vault minter of referral venues A and B on the local chain.
 *
 * @example
 * ```ts
 * const venue: LocalFeeVaultMinter = await dex.deployFeeVaultMinter()
 * ```
 */
export type LocalFeeVaultMinter = {
  readonly minter: Address
}

/**
 * Deploys a fee-vault minter (our fixture, `docs/referral-venues.md`).
 *
 * @example
 * ```ts
 * const venue = await deployFeeVaultMinter(world)
 * ```
 */
export async function deployFeeVaultMinter(world: DexWorld): Promise<LocalFeeVaultMinter> {
  const data = beginCell()
    .storeAddress(world.admin.address)
    .storeRef(fixtureCode('feeVault'))
    .storeBit(false) // no vault credited yet
    .endCell()
  return { minter: await world.deploy(fixtureCode('feeVaultMinter'), data, toNano('0.1')) }
}

/**
 * The venue credits `owner` a jetton referral fee: a jetton transfer of `amount` to the
 * fee-vault minter with the `fee_vault_deposit` payload (the TON part of a venue's fee is paid
 * to the referrer directly in the swap and never reaches a vault).
 *
 * @example
 * ```ts
 * await creditFeeVault(world, venue, { from: venueWallet, jetton: usdt, amount: 1_994n,
 *   owner: referrer.address })
 * ```
 */
export async function creditFeeVault(
  world: DexWorld,
  venue: LocalFeeVaultMinter,
  request: { from: Treasury; jetton: LocalJetton; amount: bigint; owner: Address },
): Promise<VenueCreditReceipt> {
  const wallet = await world.walletAddress(request.jetton.minter, request.from.address)
  const body = jettonTransferBody({
    amount: request.amount,
    destination: venue.minter,
    response: request.from.address,
    forwardTonAmount: toNano('0.1'),
    forwardPayload: feeVaultDepositPayload(request.owner),
  })
  const transactions = await world.send(request.from, { to: wallet, value: toNano('0.2'), body })
  return creditOf(transactions, venue.minter, (cell) => {
    const credit = decodeFeeVaultBody(cell)
    return credit?.type === 'fee_vault.credit' ? credit.amount : undefined
  })
}
