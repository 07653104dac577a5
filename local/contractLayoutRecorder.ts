import { Address, beginCell, type TupleItem, TupleReader } from '@ton/core'
import type { LiveChain } from '../chain/LiveChain.js'
import { LiveChainError } from '../chain/LiveChainError.js'
import { addressText } from '../protocol/addressText.js'
import {
  JETTON_WALLET_LAYOUTS,
  jettonWalletAddressOf,
  poolAddressOf,
} from '../protocol/contractLayouts.js'
import { DEX_POOL_ADDRESS, DEX_V2_ROUTER_DATA } from '../protocol/dex/getMethods.js'
import { JETTON_DATA, JETTON_WALLET_ADDRESS } from '../protocol/jetton/getMethods.js'
import type { ContractLayoutRow } from '../store/rows/referenceRows.js'
import type { Store } from '../store/Store.js'
import { RetryableSourceError } from '../upstream/errors.js'
import type { TonApiClient } from '../upstream/tonApiClient.js'
import { parseToncenterStack } from '../upstream/tonApiStack.js'
import { withRetries } from '../upstream/withRetries.js'

/**
 * A get-method run on the chain a writer reads, with address arguments: its stack, or
 * `undefined` when the contract does not answer (not deployed, a non-zero exit code).
 *
 * @example
 * ```ts
 * const run: GetMethodRunner = liveGetMethodRunner(() => exchange.chain)
 * (await run(usdlMaster, JETTON_WALLET_ADDRESS.name, [alice]))?.readAddress() // the wallet's Address
 * ```
 */
export type GetMethodRunner = (
  address: string,
  method: string,
  args?: readonly string[],
) => Promise<TupleReader | undefined>

const slices = (args: readonly string[]): TupleItem[] =>
  args.map((a) => ({ type: 'slice', cell: beginCell().storeAddress(Address.parse(a)).endCell() }))

/**
 * {@link GetMethodRunner} over a live chain (`chain()` asked at every call; `undefined` answers
 * `undefined`).
 *
 * @example
 * ```ts
 * const run = liveGetMethodRunner(() => exchange.chain)
 * ```
 */
export function liveGetMethodRunner(chain: () => LiveChain | undefined): GetMethodRunner {
  return async (address, method, args = []) => {
    const live = chain()
    if (live === undefined) return undefined
    try {
      const { exitCode, stack } = await live.runGetMethod(
        Address.parse(address),
        method,
        slices(args),
      )
      return exitCode === 0 ? new TupleReader([...stack]) : undefined
    } catch (error) {
      if (error instanceof LiveChainError) return undefined
      throw error
    }
  }
}

/**
 * {@link GetMethodRunner} through a TON HTTP API (toncenter v2 `runGetMethod`), retrying a
 * retryable failure three times; a failure that lasts is thrown (the recorder tries again later).
 *
 * @example
 * ```ts
 * const run = remoteGetMethodRunner(createTonApiClient({ url: 'http://127.0.0.1:8080' }))
 * ```
 */
export function remoteGetMethodRunner(client: TonApiClient): GetMethodRunner {
  return async (address, method, args = []) => {
    const stack = args.map((a) => [
      'tvm.Slice',
      beginCell().storeAddress(Address.parse(a)).endCell().toBoc().toString('base64'),
    ])
    const answer = await withRetries(
      () =>
        client.call<{ exit_code: number; stack: readonly unknown[] }>('runGetMethod', {
          ...{ address, method, stack },
        }),
      { attempts: 3, onRetry: () => client.noteRetry() },
    )
    return answer.exit_code === 0 ? new TupleReader(parseToncenterStack(answer.stack)) : undefined
  }
}

/** Two owners nobody holds, to ask a master or router for an address to match. */
const PROBE_A = addressText(new Address(0, Buffer.alloc(32, 0x5a)))
const PROBE_B = addressText(new Address(0, Buffer.alloc(32, 0xa5)))

/** The address on top of a stack, canonical, if any. */
function topAddress(reader: TupleReader | undefined): string | undefined {
  try {
    const address = reader?.readAddressOpt()
    return address === null || address === undefined ? undefined : addressText(address)
  } catch {
    return undefined
  }
}

/**
 * The wallet layout of the jetton `master`: its wallet code from `get_jetton_data` (fifth
 * item), and the first of {@link JETTON_WALLET_LAYOUTS} whose computed address for an owner is
 * the one the master's own `get_wallet_address` answers; `undefined` when none matches (a
 * layout we do not know: then a replica asks a chain, or answers that it cannot).
 *
 * @example
 * ```ts
 * await findJettonWalletLayout(run, usdlMaster) // { address: usdlMaster, layout: 'tep74', cells: ['te6cck…'] }
 * ```
 */
export async function findJettonWalletLayout(
  run: GetMethodRunner,
  master: string,
): Promise<ContractLayoutRow | undefined> {
  const data = await run(master, JETTON_DATA.name)
  if (data === undefined) return undefined
  let walletCode: string
  try {
    data.skip(4)
    walletCode = data.readCell().toBoc().toString('base64')
  } catch {
    return undefined
  }
  const expected = topAddress(await run(master, JETTON_WALLET_ADDRESS.name, [PROBE_A]))
  if (expected === undefined) return undefined
  for (const layout of JETTON_WALLET_LAYOUTS) {
    if (jettonWalletAddressOf(layout, { walletCode, owner: PROBE_A, master }) === expected) {
      return { address: master, layout, cells: [walletCode] }
    }
  }
  return undefined
}

/**
 * The pool layout of a DEX v2 `router`: its pool, LP wallet and LP account codes from
 * `get_router_data` (items 6 to 8), kept when the pool address they give for two wallets is the
 * one the router's own `get_pool_address` answers; `undefined` otherwise.
 *
 * @example
 * ```ts
 * await findRouterPoolLayout(run, router) // { address: router, layout: 'dex-v2-constant-product', cells: [pool, lpWallet, lpAccount] }
 * ```
 */
export async function findRouterPoolLayout(
  run: GetMethodRunner,
  router: string,
): Promise<ContractLayoutRow | undefined> {
  const data = await run(router, DEX_V2_ROUTER_DATA.name)
  if (data === undefined) return undefined
  let cells: [string, string, string]
  try {
    data.skip(5)
    const boc = () => data.readCell().toBoc().toString('base64')
    cells = [boc(), boc(), boc()]
  } catch {
    return undefined
  }
  const expected = topAddress(await run(router, DEX_POOL_ADDRESS.name, [PROBE_A, PROBE_B]))
  if (expected === undefined) return undefined
  const [poolCode, lpWalletCode, lpAccountCode] = cells
  const derived = poolAddressOf('dex-v2-constant-product', {
    ...{ router, wallet0: PROBE_A, wallet1: PROBE_B },
    ...{ poolCode, lpWalletCode, lpAccountCode },
  })
  return derived === expected
    ? { address: router, layout: 'dex-v2-constant-product', cells }
    : undefined
}

/**
 * Records, for a writer, the layouts its replicas derive addresses from
 * (`Store.putContractLayouts`): each listed jetton's wallet layout and each pool-creating
 * constant-product router's pool layout, found on the writer's chain
 * ({@link findJettonWalletLayout}, {@link findRouterPoolLayout}). `record()` looks at the
 * assets and routers it has not settled yet (recorded, or answered without a layout), so it is
 * cheap to call after every indexed batch; a contract whose chain read failed retryably (a
 * rate limit, a blip) is tried again at the next call. Calls do not overlap (a call while one runs waits for it).
 * `close()`, called before the store closes, ends a running call after the contract it is
 * reading (what was found is written, the rest asked at the next start) and waits for it; calls
 * after it do nothing.
 *
 * @example
 * ```ts
 * const recorder = contractLayoutRecorder({ store, run: liveGetMethodRunner(() => chain) })
 * await recorder.record() // 9 (layouts written)
 * await recorder.close() // then store.close()
 * ```
 */
export function contractLayoutRecorder(options: {
  readonly store: Store
  readonly run: GetMethodRunner
  /** Told of a chain read that failed (default: nothing). */
  readonly onError?: ((address: string, error: unknown) => void) | undefined
}): { record(): Promise<number>; close(): Promise<void> } {
  const { store, run } = options
  let settled: Set<string> | undefined
  let running: Promise<number> = Promise.resolve(0)
  let closing = false
  const once = async (): Promise<number> => {
    if (closing) return 0
    if (settled === undefined) {
      settled = new Set((await store.listContractLayouts()).map((row) => row.address))
    }
    const done = settled
    const jettons = (await store.listAssets())
      .filter((a) => a.kind !== 'Ton' && !done.has(a.address))
      .map((a) => a.address)
    const routers = (await store.listRouters())
      .filter(
        (r) =>
          r.majorVersion === 2 &&
          r.routerType === 'ConstantProduct' &&
          r.poolCreationEnabled &&
          !done.has(r.address),
      )
      .map((r) => r.address)
    const rows: ContractLayoutRow[] = []
    const answered: string[] = []
    const probe = async (address: string, find: typeof findJettonWalletLayout) => {
      try {
        const row = await find(run, address)
        answered.push(address)
        if (row !== undefined) rows.push(row)
      } catch (error) {
        // Asked again next time only when the failure may pass (a rate limit, a blip).
        if (!(error instanceof RetryableSourceError)) answered.push(address)
        // A read the node's stop cut short is not worth a word.
        if (!closing) options.onError?.(address, error)
      }
    }
    const probes = [
      ...jettons.map((jetton) => () => probe(jetton, findJettonWalletLayout)),
      ...routers.map((router) => () => probe(router, findRouterPoolLayout)),
    ]
    // Stopping: no further contract is read.
    for (const next of probes) if (!closing) await next()
    if (rows.length > 0) await store.putContractLayouts(rows)
    for (const address of answered) done.add(address)
    return rows.length
  }
  return {
    record() {
      running = running.catch(() => 0).then(once)
      return running
    },
    async close() {
      closing = true
      await running.catch(() => 0)
    },
  }
}
