import { type Address, Cell, external, loadTransaction, type Transaction } from '@ton/core'
import { externalMessageHash } from '../../protocol/externalMessageHash.js'
import type { ChainView } from '../ChainView.js'
import { LiveChainError } from '../LiveChainError.js'
import type { AccountInfo } from '../liveChainTypes.js'
import type { LoggedTransaction, TransactionPageQuery } from '../TransactionLog.js'
import { BLOCK_METHODS, blockTime, blockTransactionPage, knownBlock } from './blockMethods.js'
import type { Params } from './params.js'
import { decodeStack, encodeStack } from './stack.js'
import type { TonApiMethod } from './TonApiMethod.js'
import { invalidParameter } from './TonHttpApiError.js'
import { atBlock, readAt, UPSTREAM_METHODS } from './upstreamMethods.js'
import { readWallet } from './wallets.js'
import {
  addressInformation,
  blockIdExt,
  renderTransaction,
  toncenterState,
  transactionId,
} from './wire.js'

/** Most transactions one `getTransactions` call answers. */
export const MAX_TRANSACTIONS_LIMIT = 1000

/** Exit code toncenter reports for a get-method on an account without code. */
const NOT_ACTIVE_EXIT_CODE = -13

/**
 * The toncenter API v2 methods the local TON HTTP API answers, by name.
 *
 * @example
 * ```ts
 * Object.keys(TON_API_METHODS).length // 29
 * ```
 */
export const TON_API_METHODS: Readonly<Record<string, TonApiMethod>> = {
  async getAddressInformation(params, chain) {
    const { info, at } = await accountAt(params, chain)
    return addressInformation(info, { ...chain.head, seqno: at.seqno }, syncTime(at, chain))
  },

  async getExtendedAddressInformation(params, chain) {
    const { info, at } = await accountAt(params, chain)
    return {
      '@type': 'fullAccountState',
      address: { '@type': 'accountAddress', account_address: info.address.toString() },
      balance: info.balance.toString(),
      extra_currencies: [],
      last_transaction_id: transactionId(info),
      block_id: blockIdExt(at.seqno),
      sync_utime: syncTime(at, chain),
      account_state: extendedAccountState(info),
      revision: 0,
    }
  },

  async getWalletInformation(params, chain) {
    const { info } = await accountAt(params, chain)
    const wallet = readWallet(info.code, info.data)
    return {
      '@type': 'ext.wallet.info',
      wallet: wallet !== undefined,
      balance: info.balance.toString(),
      extra_currencies: [],
      account_state: toncenterState(info.status),
      ...(wallet === undefined
        ? {}
        : { wallet_type: wallet.type, seqno: wallet.seqno, wallet_id: wallet.walletId }),
      last_transaction_id: transactionId(info),
    }
  },

  async getAddressBalance(params, chain) {
    return (await accountAt(params, chain)).info.balance.toString()
  },

  async getAddressState(params, chain) {
    return toncenterState((await accountAt(params, chain)).info.status)
  },

  async getTransactions(params, chain) {
    return chain.transactions(params.address(), transactionPageQuery(params)).map(renderTransaction)
  },

  async runGetMethod(params, chain) {
    const address = params.address()
    const method = getMethodId(params)
    const at = atBlock(params, chain)
    const stack = decodeStack(params.value('stack'))
    const info = await readAt(at, () => chain.account(address, at))
    const common = {
      '@type': 'smc.runResult',
      block_id: blockIdExt(at.seqno),
      last_transaction_id: transactionId(info),
    }
    try {
      const result = await readAt(at, () => chain.runGetMethod(address, method, stack, at))
      return {
        ...common,
        gas_used: Number(result.gasUsed),
        stack: encodeStack(result.stack),
        exit_code: result.exitCode,
      }
    } catch (error) {
      if (error instanceof LiveChainError && error.reason === 'account_not_active') {
        return { ...common, gas_used: 0, stack: [], exit_code: NOT_ACTIVE_EXIT_CODE }
      }
      throw error
    }
  },

  async sendBoc(params, chain) {
    await chain.sendExternal(params.cell('boc'))
    return { '@type': 'ok' }
  },

  async sendBocReturnHash(params, chain) {
    const cell = params.cell('boc')
    await chain.sendExternal(cell)
    const { hash, normalizedHash } = externalMessageHash(cell)
    return {
      '@type': 'raw.extMessageInfo',
      hash: hash.toString('base64'),
      hash_norm: normalizedHash.toString('base64'),
    }
  },

  async estimateFee(params, chain) {
    const address = params.address()
    const body = params.cell('body')
    const code = params.optionalCell('init_code')
    const data = params.optionalCell('init_data')
    const init = code && data ? { code, data } : undefined
    const message = external({ to: address, body, ...(init ? { init } : {}) })
    const { transaction } = await chain.emulateExternal(message, {
      ignoreChksig: params.boolean('ignore_chksig', true),
    })
    return { '@type': 'query.fees', source_fees: fees(transaction), destination_fees: [] }
  },

  async tryLocateTx(params, chain) {
    return locateResult(params, chain)
  },

  async tryLocateResultTx(params, chain) {
    return locateResult(params, chain)
  },

  async tryLocateSourceTx(params, chain) {
    const source = params.address('source')
    const destination = params.address('destination')
    const createdLt = params.bigint('created_lt')
    const found = findTransaction(chain, source, (tx) =>
      [...tx.outMessages.values()].some(
        (m) =>
          m.info.type === 'internal' &&
          m.info.createdLt === createdLt &&
          m.info.dest.equals(destination),
      ),
    )
    return renderTransaction(found)
  },

  async getMasterchainInfo(_params, chain) {
    const last = blockIdExt(chain.head.seqno)
    return {
      '@type': 'blocks.masterchainInfo',
      last,
      state_root_hash: last.root_hash,
      init: blockIdExt(0),
    }
  },

  shards,

  /** The hosted toncenter API's name of `shards`. */
  getShards: shards,

  async getBlockTransactions(params, chain) {
    const { page, ...header } = blockTransactionPage(params, chain)
    return {
      '@type': 'blocks.transactions',
      ...header,
      transactions: page.map((tx) => ({
        '@type': 'blocks.shortTxId',
        mode: 135,
        account: tx.account,
        lt: tx.lt.toString(),
        hash: Buffer.from(tx.hash).toString('base64'),
      })),
    }
  },

  async getConsensusBlock(_params, chain) {
    return { consensus_block: chain.head.seqno, timestamp: chain.head.now }
  },

  async detectAddress(params) {
    const address = params.address()
    const form = (bounceable: boolean) => ({
      b64: address.toString({ bounceable, urlSafe: false }),
      b64url: address.toString({ bounceable, urlSafe: true }),
    })
    return {
      '@type': 'ext.utils.detectedAddress',
      raw_form: address.toRawString(),
      bounceable: form(true),
      non_bounceable: form(false),
      given_type: 'raw_form',
      test_only: false,
    }
  },

  ...BLOCK_METHODS,
  ...UPSTREAM_METHODS,
}

/**
 * `getTransactions`' page query: `limit` (1 to {@link MAX_TRANSACTIONS_LIMIT}, default 10), the
 * transaction to start at (`lt`, with `hash` optional; a `hash` needs its `lt`) and `to_lt`
 * (0 or absent: none).
 *
 * @throws {TonHttpApiError} 400 `TON_API_INVALID_PARAMETER` for a malformed or missing one.
 * @example
 * ```ts
 * transactionPageQuery(new Params({ address, limit: 5, lt: '31000001', hash })) // { limit: 5, lt: 31_000_001n, hash: <Buffer …>, toLt: undefined }
 * ```
 */
export function transactionPageQuery(params: Params): TransactionPageQuery {
  const lt = params.optionalBigint('lt')
  const hash = params.has('hash') ? params.hash('hash') : undefined
  if (hash !== undefined && lt === undefined) throw invalidParameter('lt', 'required with hash')
  return {
    limit: params.int('limit', { min: 1, max: MAX_TRANSACTIONS_LIMIT, fallback: 10 }),
    lt,
    hash,
    toLt: params.has('to_lt') && params.bigint('to_lt') > 0n ? params.bigint('to_lt') : undefined,
  }
}

/** The shard blocks of masterchain block `seqno`: the one basechain block of the local chain. */
async function shards(params: Params, chain: ChainView): Promise<unknown> {
  const seqno = knownBlock(params, chain)
  return { '@type': 'blocks.shards', shards: [blockIdExt(seqno, 0)] }
}

/** The `address` account at the call's block (`seqno`, the head when absent). */
async function accountAt(
  params: Params,
  chain: ChainView,
): Promise<{ info: AccountInfo; at: { readonly seqno: number } }> {
  const address = params.address()
  const at = atBlock(params, chain)
  return { info: await readAt(at, () => chain.account(address, at)), at }
}

/** `sync_utime` of an account answer: now at the head, the block's time at an older block. */
function syncTime(at: { readonly seqno: number }, chain: ChainView): number {
  return at.seqno === chain.head.seqno ? chain.time : blockTime(chain, at.seqno)
}

/** The destination's transaction whose in-message `source` sent at `created_lt`. */
function locateResult(params: Params, chain: ChainView): Record<string, unknown> {
  const source = params.address('source')
  const destination = params.address('destination')
  const createdLt = params.bigint('created_lt')
  const found = findTransaction(chain, destination, (tx) => {
    const info = tx.inMessage?.info
    return info?.type === 'internal' && info.createdLt === createdLt && info.src.equals(source)
  })
  return renderTransaction(found)
}

/** Scans an account's history, newest first; 404 when nothing matches. */
function findTransaction(
  chain: ChainView,
  account: Address,
  matches: (tx: Transaction) => boolean,
): LoggedTransaction {
  for (const entry of chain.transactions(account, { limit: Number.MAX_SAFE_INTEGER })) {
    if (matches(loadTransaction(Cell.fromBoc(Buffer.from(entry.boc))[0]!.beginParse()))) {
      return entry
    }
  }
  throw new LiveChainError({
    reason: 'transaction_not_found',
    message: `No transaction of ${account.toString()} matches the message.`,
  })
}

function getMethodId(params: Params): string | number {
  const method = params.value('method')
  if (typeof method === 'number' && Number.isSafeInteger(method)) return method
  const text = params.string('method')
  return /^-?\d+$/.test(text) ? Number(text) : text
}

function extendedAccountState(info: AccountInfo): Record<string, unknown> {
  if (info.status !== 'active') {
    return {
      '@type': 'uninited.accountState',
      frozen_hash: info.frozenHash ? info.frozenHash.toString('base64') : '',
    }
  }
  const wallet = readWallet(info.code, info.data)
  if (wallet && (wallet.type === 'wallet v3 r1' || wallet.type === 'wallet v3 r2')) {
    return { '@type': 'wallet.v3.accountState', wallet_id: wallet.walletId, seqno: wallet.seqno }
  }
  return {
    '@type': 'raw.accountState',
    code: info.code ? info.code.toBoc({ idx: false }).toString('base64') : '',
    data: info.data ? info.data.toBoc({ idx: false }).toString('base64') : '',
    frozen_hash: '',
  }
}

/** `fees` of `estimateFee` from an emulated transaction. */
function fees(tx: Transaction): Record<string, unknown> {
  const d = tx.description
  const storage = d.type === 'generic' ? (d.storagePhase?.storageFeesCollected ?? 0n) : 0n
  const gas = d.type === 'generic' && d.computePhase.type === 'vm' ? d.computePhase.gasFees : 0n
  const actions = d.type === 'generic' ? (d.actionPhase?.totalActionFees ?? 0n) : 0n
  const forward = d.type === 'generic' ? (d.actionPhase?.totalFwdFees ?? 0n) : 0n
  const inForward = tx.totalFees.coins - storage - gas - actions
  return {
    '@type': 'fees',
    in_fwd_fee: Number(inForward),
    storage_fee: Number(storage),
    gas_fee: Number(gas),
    fwd_fee: Number(forward),
  }
}
