import { Address, toNano } from '@ton/core'
import type { LiveChain } from '../chain/LiveChain.js'
import type { LocalDex } from '../emulator/LocalDex.js'
import { canonicalAddressText } from '../protocol/addressText.js'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import type { Store } from '../store/Store.js'
import { LocalExchangeError } from './LocalExchangeError.js'

/** Most TON one faucet request sends: 10 000 TON. */
export const FAUCET_TON_CAP = toNano('10000')

/** Most whole tokens of a jetton one faucet request mints: 1 000 000 (times 10^decimals units). */
export const FAUCET_JETTON_CAP_TOKENS = 1_000_000n

/** A faucet request as `POST /local/faucet` takes it. */
export type FaucetRequest = {
  /** Recipient, raw or user-friendly; it need not exist yet. */
  readonly address: unknown
  /** `TON` (or the native address), or a local jetton's master address or symbol. */
  readonly asset: unknown
  /** Raw units as a decimal string (nanotons for TON). */
  readonly amount: unknown
}

/** What the faucet did. */
export type FaucetReceipt = {
  /** The recipient, canonical. */
  readonly address: string
  /** The asset's address (the native address for TON). */
  readonly asset: string
  readonly amount: string
  /** The blocks that carried the transfer or the mint. */
  readonly blocks: readonly number[]
  /** Hashes (hex) of every transaction of those blocks. */
  readonly transactions: readonly string[]
}

/**
 * Sends TON, or mints a local jetton, to any address, within the caps
 * ({@link FAUCET_TON_CAP}, {@link FAUCET_JETTON_CAP_TOKENS}). LOCAL USE ONLY: the local
 * exchange's admin wallet (which deployed the jettons) pays and mints. TON goes as a
 * non-bounceable transfer, so an address with no contract yet receives it.
 *
 * @throws {LocalExchangeError} `FAUCET_INVALID_ADDRESS`, `FAUCET_INVALID_AMOUNT`,
 *   `FAUCET_UNKNOWN_ASSET`, `FAUCET_OVER_CAP`; nothing is sent then.
 * @example
 * ```ts
 * await faucet({ chain, dex, store }, { address: 'UQ…', asset: 'TON', amount: '5000000000' })
 * // { address: 'EQ…', asset: 'EQAAAA…M9c', amount: '5000000000', blocks: [1531], transactions: ['9f…', '4c…'] }
 * ```
 */
export async function faucet(
  context: { readonly chain: LiveChain; readonly dex: LocalDex; readonly store: Store },
  request: FaucetRequest,
): Promise<FaucetReceipt> {
  const { address, amount } = faucetTarget(request)
  const asset = await resolveAsset(context, request.asset)
  checkFaucetCap(amount, asset)
  const to = Address.parse(address)
  const { blocks } = await context.chain.execute(async () => {
    if (asset.native) {
      await context.dex.admin.send({ to, value: amount, bounce: false })
    } else {
      const jetton = {
        kind: 'jetton',
        symbol: asset.symbol,
        minter: Address.parse(asset.address),
      } as const
      await context.dex.mint(jetton, to, amount)
    }
  })
  return {
    address,
    asset: asset.address,
    amount: amount.toString(),
    blocks: blocks.map((b) => b.seqno),
    transactions: blocks.flatMap((b) => b.transactions.map((t) => t.hash().toString('hex'))),
  }
}

/**
 * A faucet request's recipient (canonical) and amount, checked: what the local exchange's and
 * a fork's faucet take alike.
 *
 * @throws {LocalExchangeError} `FAUCET_INVALID_ADDRESS`, `FAUCET_INVALID_AMOUNT`.
 * @example
 * ```ts
 * faucetTarget({ address: `0:${'7c'.repeat(32)}`, asset: 'TON', amount: '2500000000' }).amount // 2_500_000_000n
 * ```
 */
export function faucetTarget(request: FaucetRequest): {
  readonly address: string
  readonly amount: bigint
} {
  const address =
    typeof request.address === 'string' ? canonicalAddressText(request.address) : undefined
  if (address === undefined) {
    throw new LocalExchangeError({
      code: 'FAUCET_INVALID_ADDRESS',
      field: 'address',
      message: 'address must be a TON address, raw (0:<64 hex>) or user-friendly (EQ…/UQ…).',
    })
  }
  const amountText = typeof request.amount === 'number' ? String(request.amount) : request.amount
  if (typeof amountText !== 'string' || !/^[1-9][0-9]{0,40}$/.test(amountText)) {
    throw new LocalExchangeError({
      code: 'FAUCET_INVALID_AMOUNT',
      field: 'amount',
      message: 'amount must be a positive whole number of raw units, as a decimal string.',
    })
  }
  return { address, amount: BigInt(amountText) }
}

/**
 * Refuses an amount above the faucet's cap for the asset ({@link FAUCET_TON_CAP}, or
 * {@link FAUCET_JETTON_CAP_TOKENS} whole tokens at the jetton's decimals).
 *
 * @throws {LocalExchangeError} `FAUCET_OVER_CAP`.
 * @example
 * ```ts
 * checkFaucetCap(10n ** 13n, { native: false, symbol: 'USDT', decimals: 6 }) // throws FAUCET_OVER_CAP
 * ```
 */
export function checkFaucetCap(
  amount: bigint,
  asset: { readonly native: boolean; readonly symbol: string; readonly decimals: number },
): void {
  const cap = asset.native
    ? FAUCET_TON_CAP
    : FAUCET_JETTON_CAP_TOKENS * 10n ** BigInt(asset.decimals)
  if (amount > cap) {
    throw new LocalExchangeError({
      code: 'FAUCET_OVER_CAP',
      field: 'amount',
      message: `amount is above the faucet's cap of ${cap} raw units of ${asset.symbol} per request.`,
    })
  }
}

async function resolveAsset(
  context: { readonly chain: LiveChain; readonly store: Store },
  input: unknown,
): Promise<{ native: boolean; address: string; symbol: string; decimals: number }> {
  if (typeof input === 'string') {
    const canonical = canonicalAddressText(input)
    if (input.toUpperCase() === 'TON' || canonical === NATIVE_ADDRESS) {
      return { native: true, address: NATIVE_ADDRESS, symbol: 'TON', decimals: 9 }
    }
    const found = (await context.store.listAssets()).find(
      (a) =>
        a.kind === 'Jetton' &&
        (canonical !== undefined ? a.address === canonical : a.symbol === input),
    )
    // Only a jetton whose master runs on the local chain (an emulated one) can be minted; the
    // hand-written reference assets have made-up addresses.
    if (found !== undefined) {
      const master = await context.chain.account(Address.parse(found.address))
      if (master.status === 'active') {
        return {
          native: false,
          address: found.address,
          symbol: found.symbol,
          decimals: found.decimals,
        }
      }
    }
  }
  throw new LocalExchangeError({
    code: 'FAUCET_UNKNOWN_ASSET',
    field: 'asset',
    message: 'asset must be TON or a jetton of the local chain (its master address or symbol).',
  })
}
