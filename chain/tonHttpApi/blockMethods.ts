import { Address, type Cell, Dictionary } from '@ton/core'
import { addressText } from '../../protocol/addressText.js'
import { readJettonContent } from '../../protocol/jetton/content.js'
import { JETTON_DATA, JETTON_WALLET_DATA } from '../../protocol/jetton/getMethods.js'
import type { ChainView } from '../ChainView.js'
import { LiveChainError } from '../LiveChainError.js'
import type { LoggedTransaction } from '../TransactionLog.js'
import type { Params } from './params.js'
import type { TonApiMethod } from './TonApiMethod.js'
import { invalidParameter, TonHttpApiError } from './TonHttpApiError.js'
import { blockIdExt, boc, renderTransaction } from './wire.js'

/** ConfigParam 19 holds the network's `global_id`; a local chain without it reports 0. */
const GLOBAL_ID_PARAM = 19

/**
 * The block methods (`lookupBlock` by `seqno`, `lt` or `unixtime`; `getBlockHeader`;
 * `getBlockTransactionsExt`), the
 * configuration methods (`getConfigParam`, `getConfigAll`), `getTokenData`, and
 * `packAddress` / `unpackAddress`, in toncenter API v2's shapes.
 *
 * @example
 * ```ts
 * await BLOCK_METHODS.lookupBlock(new Params({ workchain: -1, shard: '-9223372036854775808', unixtime: 1_764_000_100 }), chain)
 * // { '@type': 'ton.blockIdExt', workchain: -1, seqno: 41, … }
 * ```
 */
export const BLOCK_METHODS: Readonly<Record<string, TonApiMethod>> = {
  async lookupBlock(params, chain) {
    const workchain = params.int('workchain', { min: -1, max: 0, fallback: -1 })
    if (params.has('seqno')) return blockIdExt(knownBlock(params, chain), workchain)
    if (params.has('lt')) return blockIdExt(blockByLt(chain, params.bigint('lt')), workchain)
    if (params.has('unixtime')) {
      const time = params.int('unixtime', { min: 0, max: 2 ** 32 - 1, fallback: 0 })
      return blockIdExt(blockByTime(chain, time), workchain)
    }
    throw invalidParameter('seqno', 'one of seqno, lt or unixtime is required')
  },

  async getBlockHeader(params, chain) {
    const workchain = params.int('workchain', { min: -1, max: 0, fallback: -1 })
    const seqno = knownBlock(params, chain)
    const { startLt, endLt } = blockLts(chain, seqno)
    return {
      '@type': 'blocks.header',
      id: blockIdExt(seqno, workchain),
      global_id: globalId(chain.config),
      version: 0,
      flags: 0,
      after_merge: false,
      after_split: false,
      before_split: false,
      want_merge: false,
      want_split: false,
      validator_list_hash_short: 0,
      catchain_seqno: 0,
      min_ref_mc_seqno: Math.max(0, seqno - 1),
      is_key_block: seqno === 0,
      prev_key_block_seqno: 0,
      start_lt: startLt.toString(),
      end_lt: endLt.toString(),
      gen_utime: blockTime(chain, seqno),
      vert_seqno: 0,
      prev_blocks: seqno === 0 ? [] : [blockIdExt(seqno - 1, workchain)],
    }
  },

  async getBlockTransactionsExt(params, chain) {
    const { page, ...header } = blockTransactionPage(params, chain)
    return {
      '@type': 'blocks.transactionsExt',
      ...header,
      transactions: page.map(renderTransaction),
    }
  },

  async getConfigParam(params, chain) {
    if (params.has('seqno')) knownBlock(params, chain)
    if (!params.has('config_id')) throw invalidParameter('config_id', 'missing')
    const id = params.int('config_id', { min: -(2 ** 31), max: 2 ** 31 - 1, fallback: 0 })
    const param = configParams(chain.config).get(id)
    if (param === undefined) {
      throw new TonHttpApiError({
        code: 'TON_API_CONFIG_PARAM_NOT_FOUND',
        status: 404,
        message: `The configuration has no parameter ${id}.`,
      })
    }
    return configInfo(param)
  },

  async getConfigAll(params, chain) {
    if (params.has('seqno')) knownBlock(params, chain)
    return configInfo(chain.config)
  },

  async getTokenData(params, chain) {
    const address = params.address()
    const master = await getMethod(chain, address, JETTON_DATA.name)
    if (master !== undefined && master.length >= 5) {
      const [supply, mintable, admin, content, walletCode] = master
      if (
        supply?.type === 'int' &&
        mintable?.type === 'int' &&
        content?.type === 'cell' &&
        walletCode?.type === 'cell'
      ) {
        return {
          '@type': 'ext.tokens.jettonMasterData',
          address: address.toString(),
          contract_type: 'jetton_master',
          total_supply: supply.value.toString(),
          mintable: mintable.value !== 0n,
          admin_address: stackAddressText(admin),
          jetton_content: readJettonContent(content.cell) ?? { type: 'onchain', data: {} },
          jetton_wallet_code: boc(walletCode.cell),
        }
      }
    }
    const wallet = await getMethod(chain, address, JETTON_WALLET_DATA.name)
    if (wallet !== undefined && wallet.length >= 4) {
      const [balance, owner, jetton, walletCode] = wallet
      if (balance?.type === 'int' && walletCode?.type === 'cell') {
        return {
          '@type': 'ext.tokens.jettonWalletData',
          address: address.toString(),
          contract_type: 'jetton_wallet',
          balance: balance.value.toString(),
          owner: stackAddressText(owner),
          jetton: stackAddressText(jetton),
          jetton_wallet_code: boc(walletCode.cell),
        }
      }
    }
    throw new TonHttpApiError({
      code: 'TON_API_NOT_A_TOKEN',
      status: 409,
      message: `Smart contract ${address.toString()} is not a jetton master or wallet.`,
    })
  },

  async packAddress(params) {
    return addressText(params.address())
  },

  async unpackAddress(params) {
    return params.address().toRawString()
  },
}

/**
 * The page of a block's transactions that `getBlockTransactions(Ext)` asks for, as toncenter
 * (tonlib's `blocks.getTransactions`, the liteserver's `listBlockTransactions`) pages them: the
 * block's transactions of `workchain` (default −1) in the block's own order — by account id, then
 * by logical time within an account — after the cursor `after_lt` + `after_hash` (the logical
 * time and the 256-bit ACCOUNT id, hex or base64, of the last item returned; both or neither),
 * at most `count` (default 40, up to 1000), with the answer's `id`, `req_count` and
 * `incomplete` (more remain).
 *
 * @example
 * ```ts
 * blockTransactionPage(params, chain) // { id: { seqno: 12, … }, req_count: 40, incomplete: false, page: [tx] }
 * ```
 * @throws {TonHttpApiError} `TON_API_INVALID_PARAMETER` for one of `after_lt` / `after_hash`
 *   without the other, or an `after_hash` that is not 32 bytes.
 */
export function blockTransactionPage(params: Params, chain: ChainView) {
  const workchain = params.int('workchain', { min: -1, max: 0, fallback: -1 })
  const seqno = knownBlock(params, chain)
  const count = params.int('count', { min: 1, max: 1000, fallback: 40 })
  const after = blockCursor(params)
  const all = blockOrder(chain.blockTransactions(seqno), workchain)
  let start = 0
  if (after !== undefined) {
    // The first transaction past the cursor in (account, lt) order (binary search).
    let hi = all.length
    while (start < hi) {
      const mid = (start + hi) >> 1
      const tx = all[mid] as LoggedTransaction
      const id = accountIdOf(tx)
      const past = id > after.account || (id === after.account && tx.lt > after.lt)
      if (past) hi = mid
      else start = mid + 1
    }
  }
  return {
    id: blockIdExt(seqno, workchain),
    req_count: count,
    incomplete: all.length - start > count,
    page: all.slice(start, start + count),
  }
}

/**
 * The cursor of a block-transactions page: `after_lt` and `after_hash` (the account id, 64 hex
 * digits or base64, as tonlib's `blocks.accountTransactionId` reads it), both or neither.
 */
function blockCursor(params: Params): { account: string; lt: bigint } | undefined {
  const hasLt = params.has('after_lt')
  const hasHash = params.has('after_hash')
  if (!hasLt && !hasHash) return undefined
  if (!hasHash) throw invalidParameter('after_hash', 'required with after_lt (the account id)')
  if (!hasLt) throw invalidParameter('after_lt', 'required with after_hash')
  return { account: params.hash('after_hash').toString('hex'), lt: params.bigint('after_lt') }
}

/** The 64 hex digits of a transaction's account id (its raw form after `workchain:`). */
function accountIdOf(tx: LoggedTransaction): string {
  return tx.account.slice(tx.account.indexOf(':') + 1).toLowerCase()
}

/** A block's transactions of one workchain in the block's order: account id, then lt. */
function blockOrder(
  txs: readonly LoggedTransaction[],
  workchain: number,
): readonly LoggedTransaction[] {
  let byWorkchain = ordered.get(txs)
  if (byWorkchain === undefined) {
    byWorkchain = new Map()
    ordered.set(txs, byWorkchain)
  }
  const kept = byWorkchain.get(workchain)
  // Kept while the block's list is the one it was made of (a block is appended to, then final).
  if (kept !== undefined && kept.of === txs.length) return kept.list
  const list = txs
    .filter((tx) => tx.account.startsWith(`${workchain}:`))
    .sort((a, b) => {
      const x = accountIdOf(a)
      const y = accountIdOf(b)
      return x < y ? -1 : x > y ? 1 : a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0
    })
  byWorkchain.set(workchain, { of: txs.length, list })
  return list
}

/** Each block's transactions in the block's order, per workchain. */
const ordered = new WeakMap<
  readonly LoggedTransaction[],
  Map<number, { of: number; list: LoggedTransaction[] }>
>()

/**
 * The `seqno` parameter, which must name a committed block (0 = genesis).
 *
 * @example
 * ```ts
 * knownBlock(new Params({ seqno: 3 }), chain) // 3, or a 404 when the latest block is 2
 * ```
 */
export function knownBlock(params: Params, chain: ChainView): number {
  const seqno = params.int('seqno', { min: 0, max: 2 ** 31 - 1, fallback: -1 })
  if (seqno < 0) throw invalidParameter('seqno', 'missing')
  if (seqno > chain.head.seqno) throw blockNotFound(`Block ${seqno} does not exist yet`, chain)
  return seqno
}

function blockNotFound(what: string, chain: ChainView): TonHttpApiError {
  return new TonHttpApiError({
    code: 'TON_API_BLOCK_NOT_FOUND',
    status: 404,
    message: `${what}; the latest block is ${chain.head.seqno}.`,
  })
}

/**
 * Block time: the time its transactions ran at; the genesis state's is block 1's (or now).
 *
 * @example
 * ```ts
 * blockTime(chain, 3) // 1_764_000_042
 * ```
 */
export function blockTime(chain: ChainView, seqno: number): number {
  const first = chain.blockTransactions(Math.max(1, seqno))[0]
  return first?.now ?? chain.blockTime(Math.max(1, seqno)) ?? chain.head.now
}

/**
 * The logical-time range of a block's transactions: `[first lt, last lt + 1)`.
 *
 * @example
 * ```ts
 * blockLts(chain, 3) // { startLt: 9_000_001n, endLt: 12_000_002n }
 * ```
 */
export function blockLts(chain: ChainView, seqno: number): { startLt: bigint; endLt: bigint } {
  const txs = chain.blockTransactions(seqno)
  if (txs.length === 0) {
    const next = chain.blockTransactions(seqno + 1)[0]?.lt ?? chain.head.lt
    return { startLt: 0n, endLt: next }
  }
  let startLt = txs[0]!.lt
  let endLt = startLt
  for (const tx of txs) {
    if (tx.lt < startLt) startLt = tx.lt
    if (tx.lt > endLt) endLt = tx.lt
  }
  return { startLt, endLt: endLt + 1n }
}

/** The first block whose transactions reach `lt` (binary search: lts grow with blocks). */
function blockByLt(chain: ChainView, lt: bigint): number {
  let lo = 1
  let hi = chain.head.seqno
  if (hi < 1 || blockLts(chain, hi).endLt <= lt) {
    throw blockNotFound(`No block holds logical time ${lt}`, chain)
  }
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (blockLts(chain, mid).endLt > lt) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** The last block generated at or before `time` (block times never decrease). */
function blockByTime(chain: ChainView, time: number): number {
  const head = chain.head.seqno
  if (head < 1 || blockTime(chain, 1) > time) {
    if (head === 0 && chain.head.now <= time) return 0
    throw blockNotFound(`No block was generated at or before ${time}`, chain)
  }
  let lo = 1
  let hi = head
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (blockTime(chain, mid) <= time) lo = mid
    else hi = mid - 1
  }
  return lo
}

function configParams(config: Cell): Dictionary<number, Cell> {
  return Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), config)
}

/**
 * The network's `global_id` (ConfigParam 19), 0 when the configuration lacks it.
 *
 * @example
 * ```ts
 * globalId(chain.config) // -239 with mainnet's configuration
 * ```
 */
export function globalId(config: Cell): number {
  let id = globalIds.get(config)
  if (id === undefined) {
    const param = configParams(config).get(GLOBAL_ID_PARAM)
    id = param === undefined ? 0 : param.beginParse().loadInt(32)
    globalIds.set(config, id)
  }
  return id
}

/** `global_id` per configuration cell: every block header names it. */
const globalIds = new WeakMap<Cell, number>()

function configInfo(cell: Cell): Record<string, unknown> {
  return { '@type': 'configInfo', config: { '@type': 'tvm.cell', bytes: boc(cell) } }
}

/** A get-method's stack, or `undefined` when the account has no code or the method fails. */
async function getMethod(chain: ChainView, address: Address, method: string) {
  try {
    const outcome = await chain.runGetMethod(address, method)
    return outcome.exitCode === 0 || outcome.exitCode === 1 ? outcome.stack : undefined
  } catch (error) {
    if (error instanceof LiveChainError && error.reason === 'account_not_active') return undefined
    throw error
  }
}

/** A stack entry holding an address (a slice `MsgAddress`) as user-friendly text; '' for none. */
function stackAddressText(item: { type: string; cell?: Cell } | undefined): string {
  if (item === undefined || (item.type !== 'slice' && item.type !== 'cell') || !item.cell) return ''
  try {
    const address = item.cell.beginParse().loadMaybeAddress()
    return address instanceof Address ? addressText(address) : ''
  } catch {
    return ''
  }
}
