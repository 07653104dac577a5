import { Address, Cell, type TupleItem } from '@ton/core'
import { addressText } from '../protocol/addressText.js'
import { DEX_POOL_ADDRESS } from '../protocol/dex/getMethods.js'
import type { GetMethod } from '../protocol/getMethod.js'
import { JETTON_WALLET_ADDRESS } from '../protocol/jetton/getMethods.js'
import { canonicalAddress } from '../service/address/canonicalAddress.js'
import type { ChainReader } from '../service/chain/ChainReader.js'
import type { TonApiClient } from '../upstream/tonApiClient.js'
import { toToncenterStack } from '../upstream/tonApiStack.js'
import { withRetries } from '../upstream/withRetries.js'

type StackEntry = [string, unknown]
type RunResult = { exit_code: number; stack: readonly StackEntry[] }

/** A get-method run by the upstream (toncenter v2's stack); its stack, `undefined` on a non-zero exit. */
async function runGetMethod(
  client: TonApiClient,
  address: string,
  method: string,
  args: readonly TupleItem[],
): Promise<readonly StackEntry[] | undefined> {
  const stack = toToncenterStack(args)
  const result = await client.call<RunResult>('runGetMethod', { address, method, stack })
  return result.exit_code === 0 ? result.stack : undefined
}

/**
 * An address-answering get-method taking addresses (`JETTON_WALLET_ADDRESS`, `DEX_POOL_ADDRESS`)
 * run by the upstream: the address, or `undefined` when the contract does not answer one.
 *
 * @example
 * ```ts
 * await remoteAddressGetter(client, usdtMaster, JETTON_WALLET_ADDRESS, [router]) // 'EQAQbob…'
 * ```
 * @throws {RetryableSourceError} / {FatalSourceError} as the client does.
 */
export async function remoteAddressGetter(
  client: TonApiClient,
  contract: string,
  method: GetMethod<Address[], Address>,
  args: readonly string[],
): Promise<string | undefined> {
  const stack = method.args(...args.map((a) => Address.parse(a)))
  const [top] = (await runGetMethod(client, contract, method.name, stack)) ?? []
  const bytes = (top?.[1] as { bytes?: unknown } | undefined)?.bytes
  if (typeof bytes !== 'string') return undefined
  try {
    const slice = Cell.fromBoc(Buffer.from(bytes, 'base64'))[0]?.beginParse()
    const address = slice?.loadMaybeAddress()
    return address ? addressText(address) : undefined
  } catch {
    return undefined
  }
}

/** Attempts of one read the REST API makes of the upstream (backing off 200, 400 ms). */
const READ_ATTEMPTS = 3

/**
 * The {@link ChainReader} of a follow node: what the REST API asks the chain now (a wallet's TON
 * balance, a jetton wallet's or a pool's address, a wallet's seqno), asked of the followed
 * upstream through its TON HTTP API (`getAddressBalance`, `runGetMethod`), within the same
 * request-rate limit as the follower. A rate limit or a blip is asked again (three attempts);
 * an upstream that still cannot answer makes it answer `undefined` (the REST API then answers
 * from the index alone), never an error. With `jettonBalances` (a follower of the exchange's
 * traces only), a wallet's jetton balances too (toncenter v3 `jetton/wallets`).
 *
 * @example
 * ```ts
 * const chain = remoteChainReader(createTonApiClient({ url: 'http://127.0.0.1:8080' }))
 * await chain.balance('UQBHPGRAkOj9Rz1CdPT8y_vD-oPMLTJrXxS_n5cG3BIAva2K') // 99_998_412_000_000n
 * ```
 */
export function remoteChainReader(
  client: TonApiClient,
  options: { readonly jettonBalances?: boolean } = {},
): ChainReader {
  // A rate limit or a blip is asked again a few times: a REST answer must not lose a balance
  // to one 429; a refusal, or a blip that lasts, answers `undefined`.
  const retried = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await withRetries(call, { attempts: READ_ATTEMPTS, onRetry: () => client.noteRetry() })
    } catch {
      return undefined
    }
  }
  const run = (address: string, method: string, args: readonly TupleItem[]) =>
    retried(() => runGetMethod(client, address, method, args)).then((stack) => stack ?? undefined)
  const addressOf = (
    contract: string,
    method: GetMethod<Address[], Address>,
    args: readonly string[],
  ) => retried(() => remoteAddressGetter(client, contract, method, args))
  return {
    jettonWalletAddress: (jetton, owner) => addressOf(jetton, JETTON_WALLET_ADDRESS, [owner]),
    poolAddress: (router, wallet0, wallet1) =>
      addressOf(router, DEX_POOL_ADDRESS, [wallet0, wallet1]),
    async walletSeqno(wallet) {
      const [top] = (await run(wallet, 'seqno', [])) ?? []
      return top?.[0] === 'num' && typeof top[1] === 'string' ? Number(BigInt(top[1])) : undefined
    },
    async balance(address) {
      const text = await retried(() => client.call<string>('getAddressBalance', { address }))
      return /^\d+$/.test(String(text)) ? BigInt(text as string) : undefined
    },
    ...(options.jettonBalances === true ? { jettonBalances: (owner: string) => held(owner) } : {}),
  }

  /** toncenter v3 `/api/v3/jetton/wallets?owner_address=…`: the owner's wallets and balances. */
  async function held(owner: string) {
    const answer = await retried(() =>
      client.get<{
        jetton_wallets: readonly { address: string; jetton: string; balance: string }[]
      }>('/api/v3/jetton/wallets', { owner_address: owner, limit: '1000' }),
    )
    try {
      return answer?.jetton_wallets.map((w) => ({
        jetton: canonicalAddress(w.jetton, 'jetton'),
        wallet: canonicalAddress(w.address, 'address'),
        balance: BigInt(w.balance),
      }))
    } catch {
      return undefined
    }
  }
}
