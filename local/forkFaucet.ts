import { Address, toNano } from '@ton/core'
import { type ForkFundingRefusal, fundJettonOnFork, topUpOnFork } from '../chain/fork/forkFunds.js'
import type { LiveChain } from '../chain/LiveChain.js'
import type { TestWallet } from '../chain/wallets/testWallets.js'
import { canonicalAddressText } from '../protocol/addressText.js'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import type { Store } from '../store/Store.js'
import { checkFaucetCap, type FaucetReceipt, type FaucetRequest, faucetTarget } from './faucet.js'
import { LocalExchangeError, type LocalExchangeErrorCode } from './LocalExchangeError.js'

/**
 * What a fork's `/local/wallets` and `/local/faucet` answers say beside their data.
 *
 * @example
 * ```ts
 * FORK_FUNDS_NOTE.startsWith('Local only') // true
 * ```
 */
export const FORK_FUNDS_NOTE =
  "Local only: this changes the fork's own state (a balance set, or a mint or transfer impersonating the jetton's admin or holder); the fork never forwards a transaction upstream, and the upstream chain is unchanged."

/**
 * A fork's faucet receipt: the local exchange's, with how the funds came and the note.
 *
 * @example
 * ```ts
 * const receipt: ForkFaucetReceipt = { address: 'EQ…', asset: 'EQ…USDT', amount: '5000000',
 *   blocks: [7], transactions: ['9f…', '4c…', '1d…'], via: 'mint', note: FORK_FUNDS_NOTE }
 * ```
 */
export type ForkFaucetReceipt = FaucetReceipt & {
  /**
   * `balance`: TON by a local balance change; `mint`: minted as the jetton's admin
   * (impersonated); `holder`: sent from a `--fork-fund-from` holder's wallet (impersonated).
   */
  readonly via: 'balance' | 'mint' | 'holder'
  readonly note: string
}

/**
 * `POST /local/faucet` on a fork (`serve --fork`), with the local exchange's request and caps:
 * TON by a local balance change of the recipient's account on the forked chain (a journaled
 * block without transactions: a restart keeps it, and it wins over the fork's cache); a jetton
 * — named by its master's address, or by its symbol where the REST API lists it — minted as
 * the master's admin, impersonated, else sent from the holder `fundFrom` names for it
 * (`--fork-fund-from`). Decimals for the cap are the listing's, else 9 (TEP-64's default).
 * LOCAL USE ONLY: nothing is forwarded upstream.
 *
 * @throws {LocalExchangeError} the local faucet's codes, and `FAUCET_NOT_MINTABLE`,
 *   `FAUCET_HOLDER_REFUSED`, `FAUCET_NOT_CREDITED` (422), `LOCAL_FORK_UNAVAILABLE` (503).
 * @example
 * ```ts
 * await forkFaucet({ chain, store, fundFrom: new Map() }, { address: 'UQ…', asset: 'TON', amount: '5000000000' })
 * // { address: 'EQ…', asset: 'EQAAAA…M9c', amount: '5000000000', blocks: [3], transactions: [], via: 'balance', note: '…' }
 * ```
 */
export async function forkFaucet(
  context: {
    readonly chain: LiveChain
    readonly store: Store
    /** Canonical jetton master → the holder to send it from (`--fork-fund-from`). */
    readonly fundFrom: ReadonlyMap<string, string>
  },
  request: FaucetRequest,
): Promise<ForkFaucetReceipt> {
  const { address, amount } = faucetTarget(request)
  const asset = await resolveForkAsset(context.store, request.asset)
  checkFaucetCap(amount, asset)
  const to = Address.parse(address)
  const receipt = (
    blocks: readonly { seqno: number; transactions: readonly { hash(): Buffer }[] }[],
    via: ForkFaucetReceipt['via'],
  ): ForkFaucetReceipt => ({
    address,
    asset: asset.address,
    amount: amount.toString(),
    blocks: blocks.map((b) => b.seqno),
    transactions: blocks.flatMap((b) => b.transactions.map((t) => t.hash().toString('hex'))),
    via,
    note: FORK_FUNDS_NOTE,
  })
  if (asset.native) return receipt([await context.chain.addBalance(to, amount)], 'balance')
  const holder = context.fundFrom.get(asset.address)
  const funded = await fundJettonOnFork(context.chain, {
    master: Address.parse(asset.address),
    to,
    amount,
    holder: holder === undefined ? undefined : Address.parse(holder),
  })
  if (!funded.ok) {
    throw new LocalExchangeError({
      code: REFUSAL_CODE[funded.reason],
      field: 'asset',
      message: funded.detail,
    })
  }
  return receipt(funded.blocks, funded.via)
}

/**
 * TON a fork gives each test wallet that has less than {@link FORK_WALLET_FLOOR} at the fork's
 * block: the local exchange's own funding of them (100 000 TON).
 */
export const FORK_WALLET_TON = toNano('100000')

/** A test wallet holding at least this much at the fork's block keeps the upstream's state. */
export const FORK_WALLET_FLOOR = toNano('1000')

/**
 * Funds a new fork's test wallets (`GET /local/wallets`): each that holds less than
 * {@link FORK_WALLET_FLOOR} at the fork's block — on a real chain, none of them exists — gets
 * {@link FORK_WALLET_TON} by a local balance change (a journaled block), so it deploys with its
 * first message as on the local exchange. Jettons come from the faucet. Answers the wallets
 * funded.
 *
 * @example
 * ```ts
 * (await fundForkTestWallets(chain, await testWallets())).map((w) => w.name) // ['alpha', …, 'echo'] on a mainnet fork
 * ```
 */
export async function fundForkTestWallets(
  chain: LiveChain,
  wallets: readonly TestWallet[],
): Promise<readonly TestWallet[]> {
  const topped = await topUpOnFork(
    chain,
    wallets.map((w) => w.address),
    { floor: FORK_WALLET_FLOOR, balance: FORK_WALLET_TON },
  )
  return wallets.filter((w) => topped.some((a) => a.equals(w.address)))
}

const REFUSAL_CODE: Record<ForkFundingRefusal, LocalExchangeErrorCode> = {
  not_a_jetton: 'FAUCET_UNKNOWN_ASSET',
  not_mintable: 'FAUCET_NOT_MINTABLE',
  holder_refused: 'FAUCET_HOLDER_REFUSED',
  not_credited: 'FAUCET_NOT_CREDITED',
}

/** TON, or a jetton by address (any master on the fork) or by a listed symbol. */
async function resolveForkAsset(
  store: Store,
  input: unknown,
): Promise<{ native: boolean; address: string; symbol: string; decimals: number }> {
  if (typeof input === 'string' && input !== '') {
    const canonical = canonicalAddressText(input)
    if (input.toUpperCase() === 'TON' || canonical === NATIVE_ADDRESS) {
      return { native: true, address: NATIVE_ADDRESS, symbol: 'TON', decimals: 9 }
    }
    const listed = (await store.listAssets()).find(
      (a) =>
        a.kind === 'Jetton' &&
        (canonical !== undefined ? a.address === canonical : a.symbol === input),
    )
    if (listed !== undefined) {
      return {
        native: false,
        address: listed.address,
        symbol: listed.symbol,
        decimals: listed.decimals,
      }
    }
    if (canonical !== undefined) {
      return { native: false, address: canonical, symbol: canonical, decimals: 9 }
    }
  }
  throw new LocalExchangeError({
    code: 'FAUCET_UNKNOWN_ASSET',
    field: 'asset',
    message:
      'asset must be TON, a jetton master address on the fork, or the symbol of a jetton the REST API lists.',
  })
}
