import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import {
  Address,
  beginCell,
  Cell,
  Dictionary,
  loadShardAccount,
  loadTransaction,
  parseTuple,
  type ShardAccount,
  storeShardAccount,
  type Transaction,
  type TupleItem,
} from '@ton/core'
import { type ExtBlockRef, type ParsedBlock, readBlock, type ShardTop } from './mainnetBlock.js'

/**
 * Recorded **mainnet** data (`test/data/mainnet/`, each file's public source in its README) as
 * typed values, and {@link RecordedChain}: a small model of a chain (masterchain and shard
 * blocks, transactions, account states, libraries, config) that `recordedToncenter.ts` serves in
 * toncenter's formats. Every loader checks what it can on load (a BoC's hash against the hash
 * its source records) and throws on a mismatch, so a test never runs on altered data.
 *
 * ## The files and their loaders
 *
 * | loader | file(s) | what |
 * |---|---|---|
 * | {@link loadTxEmulation}`('stonfiPoolSwap')` | `trs-txemulord_with_libs.json` | a STON.fi v2.2 pool's ShardAccount, a `swap` in-message, config, seed, 3 libraries |
 * | {@link loadTxEmulation}`('hashExact')` | `trs-txemulord_EQAQAUqx_…` | inputs that reproduce mainnet tx {@link HASH_EXACT_TX} with prev-blocks info |
 * | {@link loadPoolAfterSwap} | `trs-contract_state_…`, `trs-tx_16BEFDC4_…` | the TON/USD₮ v2.2 pool after tx `16befdc4…` and that tx |
 * | {@link loadRecordedBlock} | `trs-shard_block_…52111590`, `trs-block_…57314442`, `trs-master_block_46991999`, `tgo-block-3.boc` | whole blocks |
 * | {@link loadConfig46991999} | `trs-config_46991999.hex` | the key block's config (wrapped; `.dict` is the dict root) |
 * | {@link loadTgoBlock3Expected} | `tgo-block-3.expected.json` | block-3's 510 tx hashes and its 2 STON.fi v1 router txs |
 * | {@link loadTgoStonfiV2Getters} | `tgo-stonfi-v2-getters.json` | v2.1 router, pool, vault code+data with expected getter answers; 3 v1 body vectors |
 * | {@link loadIdxStonfiTraces} | `idx-stonfi-traces.json` | 9 indexed STON.fi traces (rows, bodies) and the expected swap readings |
 * | {@link loadMevRouterHistory} | `mev-stonfi-v22-router-300.json` | 300 consecutive txs of the v2.2 TON/USD₮ router, BoCs and tonapi's decoding |
 *
 * ## Building a {@link RecordedChain}
 *
 * Ready-made: {@link replayChain} (one transaction of an emulation vector), {@link poolForkChain}
 * (the v2.2 TON/USD₮ pool with its library and config), {@link followerChain} (`tgo`, `trs`,
 * `mev`). By hand:
 *
 * - **Replay** (one transaction): `chain.addAccountState(v.account, { shardAccount: v.shardAccount }, mcSeqno)`,
 *   `chain.setConfig(v.config)`, `chain.addLibraries(v.libs)`, then the transaction itself in a
 *   block with its seed: `chain.addTransactions([{ cell: txCell, block: { workchain: 0, shard, seqno }, mcSeqno: mcSeqno + 1, randSeed: v.randSeed }])`
 *   (the block's id, times and masterchain blocks are synthesized and marked so).
 * - **Fork** (a pool at a block): `const p = loadPoolAfterSwap()`; `chain.addAccountState(p.address,
 *   { balance: p.balance, code: p.code, data: p.data, lastTransaction: p.lastTransaction }, seqno)`,
 *   `chain.addLibraries(loadTxEmulation('stonfiPoolSwap').libs)` (holds the pool's code library
 *   `a9338ecd…`), `chain.setConfig(loadConfig46991999().dict)`.
 * - **Follower** (blocks): `chain.addBlock(loadRecordedBlock('tgo-block-3'))` (every real header
 *   field; its masterchain block is synthesized after its `master_ref`), or a history without
 *   block BoCs: `chain.addTransactions(loadMevRouterHistory().transactions.map((t) => ({ cell: t.cell, block: t.block })))`
 *   (116 shard blocks and their masterchain blocks synthesized, one per shard block).
 *
 * Then `await startRecordedToncenter({ chain })` serves it.
 */

const here = dirname(fileURLToPath(import.meta.url))

/** Where the recorded files are. */
export const MAINNET_DATA_DIR = join(here, '../data/mainnet')

/** The masterchain shard as an unsigned 64-bit id. */
export const WHOLE_SHARD = 1n << 63n

/** The public mainnet tx the `hashExact` emulation vector reproduces (tonviewer link in ston-fi/ton-rs `tx_emulator.rs`). */
export const HASH_EXACT_TX = '3b464a32195b556407a922e3bbfea138550b5cc038551adcdc28d4cf73291daf'
/** The account state hash after {@link HASH_EXACT_TX} (asserted by the same ton-rs test). */
export const HASH_EXACT_NEW_STATE =
  '0ea69e8e0f7fd83dea1e196016b8a2b4762692027736a8c7c79fdcb7c41f6aaa'

const cache = new Map<string, unknown>()
function once<T>(key: string, load: () => T): T {
  if (!cache.has(key)) cache.set(key, load())
  return cache.get(key) as T
}

/**
 * A file of `test/data/mainnet/`, gunzipped.
 *
 * @example
 * ```ts
 * readMainnetFile('trs-config_46991999.hex.gz').length // 161356
 * ```
 */
export function readMainnetFile(name: string): Buffer {
  return gunzipSync(readFileSync(join(MAINNET_DATA_DIR, name)))
}

function json<T>(name: string): T {
  return JSON.parse(readMainnetFile(name).toString('utf8')) as T
}

function oneCell(bytes: Buffer): Cell {
  const cells = Cell.fromBoc(bytes)
  if (cells.length !== 1) throw new Error(`expected one root, got ${cells.length}`)
  return cells[0] as Cell
}

function hexCell(text: string): Cell {
  return oneCell(Buffer.from(text.trim(), 'hex'))
}

function b64Cell(text: string): Cell {
  return oneCell(Buffer.from(text, 'base64'))
}

function mismatch(what: string, got: Buffer | string, want: Buffer | string): never {
  const g = typeof got === 'string' ? got : got.toString('hex')
  const w = typeof want === 'string' ? want : want.toString('hex')
  throw new Error(`recorded data altered: ${what} hashes to ${g}, not ${w}`)
}

function checkHash(what: string, cell: Cell, want: Buffer | string): void {
  const got = cell.hash()
  const w =
    typeof want === 'string' ? Buffer.from(want, want.length === 64 ? 'hex' : 'base64') : want
  if (!got.equals(w)) mismatch(what, got, w)
}

/** A library dict (`Hashmap 256 ^Cell`) read into a map, each entry checked: key = cell hash. */
export function librariesOf(dictRoot: Cell): Map<string, Cell> {
  const dict = Dictionary.loadDirect(
    Dictionary.Keys.Buffer(32),
    Dictionary.Values.Cell(),
    dictRoot.beginParse(),
  )
  const out = new Map<string, Cell>()
  for (const [key, cell] of dict) {
    checkHash(`library ${key.toString('hex')}`, cell, key)
    out.set(key.toString('hex'), cell)
  }
  return out
}

// ————— ston-fi/ton-rs emulation vectors —————

/** The inputs of one recorded transaction emulation (ston-fi/ton-rs `txemulord_*.json`). */
export type TxEmulationVector = {
  readonly file: string
  /** The account (from the ShardAccount). */
  readonly account: Address
  readonly inMessage: Cell
  /** The ShardAccount before the transaction (keeps its `last_trans_lt/hash`). */
  readonly shardAccount: Cell
  readonly parsedShardAccount: ShardAccount
  /** The config dict root (`Hashmap 32 ^Cell`), as an emulator takes it. */
  readonly config: Cell
  readonly randSeed: Buffer
  readonly now: number
  readonly lt: bigint
  readonly ignoreChksig: boolean
  /** The c7 prev-blocks tuple as a BoC (a `VmStackValue`), or null. */
  readonly prevBlocksInfo: Cell | null
  /** The library dict root, or null; `libraries` has it checked entry by entry. */
  readonly libs: Cell | null
  readonly libraries: ReadonlyMap<string, Cell>
}

const TX_EMULATION_FILES = {
  stonfiPoolSwap: 'trs-txemulord_with_libs.json.gz',
  hashExact: 'trs-txemulord_EQAQAUqx_64826315000001.json.gz',
} as const

/**
 * A recorded emulation input of ston-fi/ton-rs: `stonfiPoolSwap` (a STON.fi v2.2 CPI pool
 * `EQBX8cqB…` receiving `swap` from router `EQBwpBGE…`, with the 3 libraries its code needs) or
 * `hashExact` (inputs that reproduce public mainnet tx {@link HASH_EXACT_TX}).
 *
 * @example
 * ```ts
 * const v = loadTxEmulation('stonfiPoolSwap')
 * v.lt // 54678042000007n
 * v.libraries.has('a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4') // true
 * ```
 */
export function loadTxEmulation(which: keyof typeof TX_EMULATION_FILES): TxEmulationVector {
  return once(`emul:${which}`, () => {
    const file = TX_EMULATION_FILES[which]
    type Raw = {
      in_msg_boc: string
      emul_args: {
        shard_account_boc: string
        bc_config: string
        rand_seed: string
        utime: number | string
        lt: number | string
        ignore_chksig: boolean
        c7_prev_blocks_info_boc: string | null
        libs_boc: string | null
      }
    }
    const raw = json<Raw>(file)
    const a = raw.emul_args
    const shardAccount = b64Cell(a.shard_account_boc)
    const parsedShardAccount = loadShardAccount(shardAccount.beginParse())
    const account = parsedShardAccount.account?.addr
    if (account === undefined) throw new Error(`${file}: the ShardAccount has no account`)
    const libs = a.libs_boc === null ? null : b64Cell(a.libs_boc)
    return {
      file,
      account,
      inMessage: b64Cell(raw.in_msg_boc),
      shardAccount,
      parsedShardAccount,
      config: b64Cell(a.bc_config),
      randSeed: Buffer.from(a.rand_seed, 'hex'),
      now: Number(a.utime),
      lt: BigInt(a.lt),
      ignoreChksig: a.ignore_chksig,
      prevBlocksInfo:
        a.c7_prev_blocks_info_boc === null ? null : b64Cell(a.c7_prev_blocks_info_boc),
      libs,
      libraries: libs === null ? new Map() : librariesOf(libs),
    }
  })
}

/** A recorded transaction: its cell, hash and parsed form. */
export type RecordedTxCell = {
  readonly cell: Cell
  readonly hash: Buffer
  readonly transaction: Transaction
}

function txOf(cell: Cell, hash?: string): RecordedTxCell {
  if (hash !== undefined) checkHash('transaction', cell, hash)
  return { cell, hash: cell.hash(), transaction: loadTransaction(cell.beginParse()) }
}

/** What {@link loadPoolAfterSwap} gives. */
export type PoolAfterSwap = {
  readonly address: Address
  readonly balance: bigint
  /** The pool's code: a library cell (`a9338ecd…`, in `loadTxEmulation('stonfiPoolSwap').libs`). */
  readonly code: Cell
  readonly data: Cell
  /** The state's last transaction: the swap itself (the state is the one after it). */
  readonly lastTransaction: { readonly lt: bigint; readonly hash: Buffer }
  /** The swap transaction (`16befdc4…1cc7`, lt 64954068000009). */
  readonly swap: RecordedTxCell
}

/** The swap's hash as the ton-rs file name records it. */
export const POOL_SWAP_TX = '16befdc4512ca3ffaa2919e1f0d7635588edcb9fa7d3990fe83e89275c291cc7'

/**
 * The STON.fi v2.2 TON/USD₮ pool `EQCGScrZ…` **after** its swap tx `16befdc4…` (tonlib's state by
 * transaction, ston-fi/ton-rs), and that transaction.
 *
 * @example
 * ```ts
 * const p = loadPoolAfterSwap()
 * p.balance // 1825550085n
 * p.swap.transaction.now // 1766450389
 * ```
 */
export function loadPoolAfterSwap(): PoolAfterSwap {
  return once('pool-after-swap', () => {
    type Raw = {
      address: string
      last_tx_id: { hash: string; lt: string | number }
      code_boc: number[]
      data_boc: number[]
      balance: number | string
    }
    const raw = json<Raw>('trs-contract_state_EQCGScrZ_64954068000009.json.gz')
    const swap = txOf(
      hexCell(readMainnetFile('trs-tx_16BEFDC4_64954068000009.hex.gz').toString('utf8')),
      POOL_SWAP_TX,
    )
    const lastHash = Buffer.from(raw.last_tx_id.hash, 'base64')
    if (!lastHash.equals(swap.hash)) mismatch('the pool state’s last tx', lastHash, swap.hash)
    const address = Address.parse(raw.address)
    const accountAddr = swap.transaction.address
    if (!accountAddr || BigInt(`0x${address.hash.toString('hex')}`) !== accountAddr) {
      throw new Error('recorded data altered: the swap is not the pool’s')
    }
    return {
      address,
      balance: BigInt(raw.balance),
      code: oneCell(Buffer.from(raw.code_boc)),
      data: oneCell(Buffer.from(raw.data_boc)),
      lastTransaction: { lt: BigInt(raw.last_tx_id.lt), hash: lastHash },
      swap,
    }
  })
}

// ————— blocks and config —————

const BLOCK_FILES = {
  'trs-shard-52111590': { file: 'trs-shard_block_6000000000000000_52111590.hex.gz', hex: true },
  'trs-57314442': { file: 'trs-block_0_8000000000000000_57314442.hex.gz', hex: true },
  'trs-master-46991999': { file: 'trs-master_block_46991999.hex.gz', hex: true },
  'tgo-block-3': { file: 'tgo-block-3.boc.gz', hex: false },
  // xssnick/tonutils-go's block, kept beside the follower's test (test/real/_data/README.md).
  'tonutils-71398501': {
    file: '../../real/_data/tonutils-block_0_8000000000000000_71398501.boc.gz',
    hex: false,
  },
} as const

/** Root hashes the sources state for their blocks (checked on load). */
const KNOWN_ROOT_HASHES: Partial<Record<keyof typeof BLOCK_FILES, string>> = {
  // ton-rs `shard_ident.rs` explorer link; also its file hash 16944a89… = sha256 of the BoC file
  'trs-shard-52111590': 'd350895e85ffd081f564e5d138f374a9b52b53aee0035b07ce5a5d6388b73b45',
  // ton-rs `block.rs` asserts the cell hash
  'trs-57314442': '8d16700538f2aa24f156e4d0225a227fcb6d3e4de7616f19091ee5ae868f2a23',
  // test/real/_data/README.md (the root hash it names)
  'tonutils-71398501': '244d0a2f58561995bd57943b0db945cb9fa6a5181d501efc334636aa4401c241',
}

/** A recorded block: what {@link readBlock} reads, plus the BoC file's SHA-256 (the block id's `file_hash` when the file is the original serialization). */
export type RecordedBlockFile = ParsedBlock & {
  readonly name: keyof typeof BLOCK_FILES
  /** The block's root cell (its `state_update` is read by `blockStateBefore.ts`). */
  readonly root: Cell
  readonly fileHash: Buffer
}

/**
 * A recorded whole block, parsed: `trs-shard-52111590` (0:6000…, DEX v1 router txs),
 * `trs-57314442` (0:8000…, two v2 routers, `rand_seed` 74657713…bb01), `trs-master-46991999`
 * (a masterchain key block: 4 shard tops, config), `tgo-block-3` (0:8000… 40484438, 510 txs).
 *
 * @example
 * ```ts
 * loadRecordedBlock('trs-57314442').randSeed.toString('hex') // '7465771327e03e26…bb01'
 * ```
 */
export function loadRecordedBlock(name: keyof typeof BLOCK_FILES): RecordedBlockFile {
  return once(`block:${name}`, () => {
    const { file, hex } = BLOCK_FILES[name]
    const raw = readMainnetFile(file)
    const bytes = hex ? Buffer.from(raw.toString('utf8').trim(), 'hex') : raw
    const root = oneCell(bytes)
    const known = KNOWN_ROOT_HASHES[name]
    if (known !== undefined) checkHash(`block ${name}`, root, known)
    const parsed = readBlock(root)
    return { ...parsed, name, root, fileHash: createHash('sha256').update(bytes).digest() }
  })
}

/** The config of key block 46991999 (ston-fi/ton-rs `config_46991999.hex`). */
export type RecordedConfig = {
  /** The file's cell: `config_addr:bits256` and a ref to the dict. */
  readonly wrapped: Cell
  /** The config address (`-1:5555…`). */
  readonly configAddress: Buffer
  /** The dict root (`Hashmap 32 ^Cell`): what an emulator takes and `getConfigAll` serves. */
  readonly dict: Cell
}

/**
 * The config of masterchain key block 46991999, unwrapped (`dict`), checked against the config
 * the key block itself carries.
 *
 * @example
 * ```ts
 * const { dict } = loadConfig46991999()
 * configParam(dict, 8) // version 9, capabilities 0x1ee
 * ```
 */
export function loadConfig46991999(): RecordedConfig {
  return once('config-46991999', () => {
    const wrapped = hexCell(readMainnetFile('trs-config_46991999.hex.gz').toString('utf8'))
    const s = wrapped.beginParse()
    const configAddress = s.loadBuffer(32)
    const dict = s.loadRef()
    const inBlock = loadRecordedBlock('trs-master-46991999').config
    if (inBlock !== undefined && !inBlock.hash().equals(dict.hash())) {
      mismatch('config 46991999', dict.hash(), inBlock.hash())
    }
    return { wrapped, configAddress, dict }
  })
}

/**
 * One config parameter's cell, or undefined.
 *
 * @example
 * ```ts
 * configParam(loadConfig46991999().dict, 8)?.beginParse().skip(8).loadUint(32) // 9
 * ```
 */
export function configParam(dict: Cell, id: number): Cell | undefined {
  const d = Dictionary.loadDirect(
    Dictionary.Keys.Int(32),
    Dictionary.Values.Cell(),
    dict.beginParse(),
  )
  return d.get(id)
}

/**
 * ConfigParam 8 (`capabilities#c4 version:uint32 capabilities:uint64`).
 *
 * @example
 * ```ts
 * globalVersion(loadConfig46991999().dict) // { version: 9, capabilities: 494n }
 * ```
 */
export function globalVersion(dict: Cell): { version: number; capabilities: bigint } {
  const p = configParam(dict, 8)
  if (p === undefined) throw new Error('config has no param 8')
  const s = p.beginParse()
  const tag = s.loadUint(8)
  if (tag !== 0xc4) throw new Error('param 8 is not GlobalVersion')
  return { version: s.loadUint(32), capabilities: s.loadUintBig(64) }
}

/**
 * A config dict with ConfigParam 8 (`capabilities#c4 version:uint32 capabilities:uint64`)
 * replaced: a recorded config set to the global version a block's own header names
 * (`gen_software`), for a block whose config no public recording holds.
 *
 * @example
 * ```ts
 * globalVersion(withGlobalVersion(loadConfig46991999().dict, { version: 11, capabilities: 1006n })).version // 11
 * ```
 */
export function withGlobalVersion(
  dict: Cell,
  gv: { readonly version: number; readonly capabilities: bigint },
): Cell {
  const d = Dictionary.loadDirect(
    Dictionary.Keys.Int(32),
    Dictionary.Values.Cell(),
    dict.beginParse(),
  )
  d.set(
    8,
    beginCell()
      .storeUint(0xc4, 8)
      .storeUint(gv.version, 32)
      .storeUint(gv.capabilities, 64)
      .endCell(),
  )
  return beginCell().storeDictDirect(d).endCell()
}

// ————— tonkeeper/tongo —————

/** What tongo's `block.expected.json` of block-3 says (kept: tx hashes, the v1 router's txs). */
export type TgoBlock3Expected = {
  readonly block: { workchain: number; shard: string; seqno: number }
  /** The 510 transaction hashes (hex, sorted). */
  readonly txHashes: readonly string[]
  readonly accountCount: number
  readonly stonfiV1Router: {
    readonly account: string
    readonly transactions: readonly {
      AccountAddr: string
      Lt: string
      PrevTransHash: string
      PrevTransLt: string
      Now: number
      OutMsgCnt: number
      OrigStatus: string
      EndStatus: string
    }[]
  }
}

/**
 * The expected readings of tongo's block-3 (0:8000… 40484438).
 *
 * @example
 * ```ts
 * loadTgoBlock3Expected().txHashes.length // 510
 * ```
 */
export function loadTgoBlock3Expected(): TgoBlock3Expected {
  return once('tgo-expected', () => json<TgoBlock3Expected>('tgo-block-3.expected.json.gz'))
}

/** One contract of tongo's STON.fi v2.1 getter vectors. */
export type TgoContractVector = {
  readonly account: Address
  readonly code: Cell
  readonly data: Cell
  /** The getters' expected answers, as tongo's test states them (addresses raw, big numbers as strings). */
  readonly expected: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}

/** Code hashes of the v2.1 contracts (real-chain facts; checked on load). */
const TGO_CODE_HASHES = {
  router: 'ef73e257a8c09b7f3a027b14171c06818242e30a05b16cf1d01bed2fcc936efb',
  pool: '2aacac5554a8a49d6d1e6528e142b46b557034c3b79685369a815800b5a008d5',
  vault: 'e874ac89ab826bb4403e5e7bdb8b95df3698d2e7187fa366246e98ce329ea613',
} as const

/**
 * tongo's STON.fi v2.1 router, pool and vault (full code and data) with their expected getter
 * answers, and three STON.fi v1 message-body vectors.
 *
 * @example
 * ```ts
 * const v = loadTgoStonfiV2Getters()
 * v.pool.expected.get_pool_data?.reserve0 // '190494333'
 * ```
 */
export function loadTgoStonfiV2Getters(): {
  readonly router: TgoContractVector
  readonly pool: TgoContractVector
  readonly vault: TgoContractVector
  readonly messageBodies: readonly {
    name: string
    body: Cell
    op: string
    expected: Readonly<Record<string, unknown>>
  }[]
} {
  return once('tgo-getters', () => {
    type RawContract = {
      account: string
      codeHex: string
      dataHex: string
      expected: TgoContractVector['expected']
    }
    type Raw = Record<'router' | 'pool' | 'vault', RawContract> & {
      messageBodies: {
        name: string
        bocBase64: string
        op: string
        expected: Record<string, unknown>
      }[]
    }
    const raw = json<Raw>('tgo-stonfi-v2-getters.json.gz')
    const contract = (k: keyof typeof TGO_CODE_HASHES): TgoContractVector => {
      const code = hexCell(raw[k].codeHex)
      checkHash(`tongo ${k} code`, code, TGO_CODE_HASHES[k])
      return {
        account: Address.parseRaw(raw[k].account),
        code,
        data: hexCell(raw[k].dataHex),
        expected: raw[k].expected,
      }
    }
    return {
      router: contract('router'),
      pool: contract('pool'),
      vault: contract('vault'),
      messageBodies: raw.messageBodies.map((m) => {
        const body = b64Cell(m.bocBase64)
        const op = body.beginParse().loadUint(32)
        if (op !== Number(m.op)) throw new Error(`recorded data altered: ${m.name} op`)
        return { name: m.name, body, op: m.op, expected: m.expected }
      }),
    }
  })
}

// ————— toncenter/ton-indexer traces —————

/** A message row of an indexed trace. */
export type IdxMessage = {
  readonly direction: 'in' | 'out'
  readonly msgHash: string
  readonly source: string | null
  readonly destination: string | null
  readonly value: string | null
  readonly fwdFee: string | null
  readonly createdLt: string | null
  readonly createdAt: number | null
  /** Signed 32-bit, as the indexer stores it (null for an empty body). */
  readonly opcode: number | null
  readonly bounce: boolean | null
  readonly bounced: boolean | null
  readonly bodyHash: string
  /** The body as a cell (hash checked against `bodyHash`), or null when the row has none. */
  readonly body: Cell | null
  readonly initStateHash: string | null
  readonly initState: Cell | null
}

/** A transaction row of an indexed trace (no BoC: the indexer keeps rows). */
export type IdxTransaction = {
  readonly hash: string
  readonly lt: bigint
  readonly account: string
  readonly blockSeqno: number
  readonly mcBlockSeqno: number
  readonly traceId: string
  readonly prevTransHash: string
  readonly prevTransLt: bigint
  readonly now: number
  readonly origStatus: string
  readonly endStatus: string
  readonly totalFees: bigint
  readonly accountStateHashBefore: string
  readonly accountStateHashAfter: string
  readonly descr: string
  readonly aborted: boolean
  readonly computeExitCode: number | null
  readonly messages: readonly IdxMessage[]
}

/** An indexed trace, transactions by lt. */
export type IdxTrace = {
  readonly traceId: string
  readonly externalHash: string
  readonly mcSeqnoStart: number
  readonly mcSeqnoEnd: number
  readonly startLt: bigint
  readonly endLt: bigint
  readonly startUtime: number
  readonly endUtime: number
  readonly state: string
  readonly transactions: readonly IdxTransaction[]
  /** Jetton wallets by raw address; `balanceApprox` is the indexer's float (lossy). */
  readonly jettonWallets: Readonly<
    Record<string, { owner: string; jetton: string; balanceApprox: number }>
  >
}

/** A YAML case of ton-indexer's STON.fi tests: a trace and its expected actions (numbers as strings). */
export type IdxCase = {
  readonly file: 'stonfi-swaps.yaml' | 'stonfi-v2-swaps.yaml'
  readonly name: string
  readonly traceId: string
  readonly expectedActions: readonly Readonly<Record<string, unknown>>[]
}

/**
 * The 9 STON.fi traces of toncenter/ton-indexer's tests (6 DEX v1, 3 v2) and their expected
 * swap readings. Every body hash and every tx's `trace_id` is checked.
 *
 * @example
 * ```ts
 * const { cases, traces } = loadIdxStonfiTraces()
 * traces.get(cases[6].traceId)?.transactions.length // 10
 * ```
 */
export function loadIdxStonfiTraces(): {
  readonly cases: readonly IdxCase[]
  readonly traces: ReadonlyMap<string, IdxTrace>
} {
  return once('idx', () => {
    type RawMsg = Omit<IdxMessage, 'body' | 'initState'> & {
      body: string | null
      initState: string | null
    }
    type RawTx = Omit<IdxTransaction, 'lt' | 'prevTransLt' | 'totalFees' | 'messages'> & {
      lt: string
      prevTransLt: string
      totalFees: string
      messages: RawMsg[]
    }
    type RawTrace = Omit<IdxTrace, 'startLt' | 'endLt' | 'transactions'> & {
      startLt: string
      endLt: string
      transactions: RawTx[]
    }
    const raw = json<{ cases: IdxCase[]; traces: Record<string, RawTrace> }>(
      'idx-stonfi-traces.json.gz',
    )
    const traces = new Map<string, IdxTrace>()
    for (const [id, t] of Object.entries(raw.traces)) {
      const transactions = t.transactions.map((x): IdxTransaction => {
        if (x.traceId !== t.traceId) throw new Error(`recorded data altered: tx ${x.hash} trace`)
        return {
          ...x,
          lt: BigInt(x.lt),
          prevTransLt: BigInt(x.prevTransLt),
          totalFees: BigInt(x.totalFees),
          messages: x.messages.map((m) => {
            const body = m.body === null ? null : b64Cell(m.body)
            if (body !== null) checkHash(`message ${m.msgHash} body`, body, m.bodyHash)
            const initState = m.initState === null ? null : b64Cell(m.initState)
            if (initState !== null && m.initStateHash !== null) {
              checkHash(`message ${m.msgHash} init`, initState, m.initStateHash)
            }
            return { ...m, body, initState }
          }),
        }
      })
      traces.set(id, { ...t, startLt: BigInt(t.startLt), endLt: BigInt(t.endLt), transactions })
    }
    for (const c of raw.cases) {
      if (!traces.has(c.traceId))
        throw new Error(`recorded data altered: trace ${c.traceId} missing`)
    }
    return { cases: raw.cases, traces }
  })
}

// ————— Masashi-Ono0611/mev-research: the v2.2 router's 300 txs —————

/** tonapi's decoding of a message, as recorded. */
export type MevMessage = {
  readonly opCode: string | null
  /** tonapi's op name (`jetton_notify`, `stonfi_pay_to_v2`, `stonfi_swap_v2`, …). */
  readonly opName: string | null
  readonly value: string | null
  readonly source: string | null
  readonly destination: string | null
  /** Every decoded field whose name holds `amount` (dotted path → decimal string). */
  readonly amounts: Readonly<Record<string, string>>
}

/** One of the router's recorded transactions. */
export type MevTransaction = {
  readonly hash: string
  readonly lt: bigint
  readonly account: string
  readonly utime: number
  /** The shard block, from tonapi's `(0,8000000000000000,61472501)`. */
  readonly block: { readonly workchain: number; readonly shard: bigint; readonly seqno: number }
  readonly prevTransHash: string
  readonly prevTransLt: bigint
  readonly stateUpdateOld: string
  readonly stateUpdateNew: string
  readonly inMsg: MevMessage | null
  readonly outMsgs: readonly MevMessage[]
  /** The transaction's cell (hash checked against `hash`). */
  readonly cell: Cell
  readonly transaction: Transaction
}

/**
 * 300 consecutive transactions of the STON.fi v2.2 TON/USD₮ router `EQCS4UEa…`
 * (2026-01-29 04:20–05:40 UTC), oldest first, each BoC checked against its hash.
 *
 * @example
 * ```ts
 * const { transactions } = loadMevRouterHistory()
 * transactions.length // 300
 * ```
 */
export function loadMevRouterHistory(): {
  readonly account: string
  readonly transactions: readonly MevTransaction[]
} {
  return once('mev', () => {
    type Raw = Omit<MevTransaction, 'lt' | 'prevTransLt' | 'block' | 'cell' | 'transaction'> & {
      lt: string
      prevTransLt: string
      block: string
      raw: string
    }
    const raw = json<{ account: string; transactions: Raw[] }>('mev-stonfi-v22-router-300.json.gz')
    const transactions = raw.transactions
      .map((t): MevTransaction => {
        const cell = hexCell(t.raw)
        checkHash(`router tx ${t.hash}`, cell, t.hash)
        const m = /^\((-?\d+),([0-9a-fA-F]{16}),(\d+)\)$/.exec(t.block)
        if (m === null) throw new Error(`bad block ${t.block}`)
        const { raw: _raw, ...rest } = t
        return {
          ...rest,
          lt: BigInt(t.lt),
          prevTransLt: BigInt(t.prevTransLt),
          block: { workchain: Number(m[1]), shard: BigInt(`0x${m[2]}`), seqno: Number(m[3]) },
          cell,
          transaction: loadTransaction(cell.beginParse()),
        }
      })
      .sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0))
    return { account: raw.account, transactions }
  })
}

// ————— the chain model —————

/** A block id with its hashes (`ton.blockIdExt`); `shard` unsigned. */
export type BlockIdExt = {
  readonly workchain: number
  readonly shard: bigint
  readonly seqno: number
  readonly rootHash: Buffer
  readonly fileHash: Buffer
}

/** A transaction of a {@link RecordedChain}. */
export type ChainTransaction = {
  readonly account: Address
  readonly lt: bigint
  readonly hash: Buffer
  readonly cell: Cell
  readonly transaction: Transaction
  /** The shard block holding it. */
  readonly block: ChainBlock
  /** The v3 trace id (base64), when the recording names one; else undefined. */
  readonly traceId: string | undefined
}

/**
 * A block of a {@link RecordedChain}: recorded (every field read from its BoC) or synthesized
 * (its id, hashes or times made up, each such field named in `synthesized`).
 */
export type ChainBlock = {
  id: BlockIdExt
  globalId: number
  version: number
  flags: number
  afterMerge: boolean
  afterSplit: boolean
  beforeSplit: boolean
  wantSplit: boolean
  wantMerge: boolean
  keyBlock: boolean
  vertSeqno: number
  genUtime: number
  startLt: bigint
  endLt: bigint
  genValidatorListHashShort: number
  genCatchainSeqno: number
  minRefMcSeqno: number
  prevKeyBlockSeqno: number
  genSoftware: { version: number; capabilities: bigint } | undefined
  masterRef: ExtBlockRef | undefined
  prevBlocks: BlockIdExt[]
  randSeed: Buffer | undefined
  createdBy: Buffer | undefined
  /** The masterchain block that commits it (its own seqno for a masterchain block). */
  mcSeqno: number
  /** A masterchain block's shard tops (empty for a shard block). */
  shardTops: BlockIdExt[]
  /** By account id, then lt (a liteserver's order). */
  transactions: ChainTransaction[]
  /** Names of the fields made up (`root_hash`, `file_hash`, `gen_utime`, `start_lt`, `mc_seqno`, …); empty when all are recorded. */
  synthesized: string[]
}

/** An account state from a masterchain block on (until the next recorded one). */
export type ChainAccountState = {
  readonly address: Address
  /** The state holds from this masterchain block on. */
  readonly fromMcSeqno: number
  /** The ShardAccount BoC (built from code/data/balance when only they are recorded). */
  readonly shardAccount: Cell
  readonly parsed: ShardAccount
  /** Fields of the ShardAccount made up (`storage_stat`, `last_paid`, …). */
  readonly synthesized: readonly string[]
}

/** Input of {@link RecordedChain.addTransactions}. */
export type TransactionInput = {
  readonly cell: Cell
  /** The shard block (its id synthesized); default `(0, 8000000000000000, mcSeqno)`. */
  readonly block?: { readonly workchain: number; readonly shard: bigint; readonly seqno: number }
  /** The masterchain block that commits that block. */
  readonly mcSeqno?: number
  readonly randSeed?: Buffer
  readonly traceId?: string
}

function synthHash(what: string): Buffer {
  return createHash('sha256').update(`ton-dex-lab synthesized ${what}`).digest()
}

function blockKey(workchain: number, shard: bigint, seqno: number): string {
  return `${workchain}:${shard.toString(16)}:${seqno}`
}

/** Unsigned 64-bit shard → toncenter v2's signed decimal string. */
export function signedShard(shard: bigint): string {
  return BigInt.asIntN(64, shard).toString()
}

/** toncenter's signed (or unsigned, or hex) shard → unsigned 64-bit. */
export function unsignedShard(shard: string | number | bigint): bigint {
  const text = String(shard).trim()
  const value = /^-?\d+$/.test(text) ? BigInt(text) : BigInt(`0x${text.replace(/^0x/i, '')}`)
  return BigInt.asUintN(64, value)
}

function accountIdOf(address: Address): string {
  return `${address.workChain}:${address.hash.toString('hex')}`
}

/** Whether shard `shard` of `workchain` holds account id `hash` (prefix match). */
export function shardHolds(shard: bigint, hash: Buffer): boolean {
  const low = shard & -shard
  const bits = 63n - BigInt(low.toString(2).length - 1)
  const id = BigInt(`0x${hash.subarray(0, 8).toString('hex')}`)
  const mask = bits === 0n ? 0n : ((1n << bits) - 1n) << (64n - bits)
  return (id & mask) === (shard & mask)
}

/**
 * A recorded chain: what a {@link startRecordedToncenter} server answers from. Mutable (a test
 * may drop a transaction, move the head); the server reads it on every request.
 *
 * @example
 * ```ts
 * const chain = new RecordedChain()
 * chain.addBlock(loadRecordedBlock('tgo-block-3'))
 * chain.head // 34606336 (the block's master_ref + 1, synthesized)
 * ```
 */
export class RecordedChain {
  readonly #shardBlocks = new Map<string, ChainBlock>()
  readonly #masterBlocks = new Map<number, ChainBlock>()
  readonly #synthMaster = new Map<number, ChainBlock>()
  readonly #byAccount = new Map<string, ChainTransaction[]>()
  readonly #byHash = new Map<string, ChainTransaction>()
  readonly #states = new Map<string, ChainAccountState[]>()
  readonly #configs: { fromMcSeqno: number; dict: Cell }[] = []
  /** Masterchain ids named by shard blocks' `master_ref` (real hashes, no header). */
  readonly #referencedMaster = new Map<
    number,
    { rootHash: Buffer; fileHash: Buffer; endLt?: bigint | undefined }
  >()
  /** Libraries by hash (hex). */
  readonly libraries = new Map<string, Cell>()
  /** Key block seqnos known (recorded key blocks, a prev-blocks tuple's key block). */
  readonly #keyBlocks = new Set<number>()
  #head: number | undefined

  /** The masterchain head served: the highest known seqno unless set. */
  get head(): number {
    if (this.#head !== undefined) return this.#head
    const [, high] = this.mcRange()
    return high
  }
  set head(seqno: number) {
    this.#head = seqno
  }

  /** The lowest and highest masterchain seqno the chain knows (recorded or referenced). */
  mcRange(): [number, number] {
    let low = Number.POSITIVE_INFINITY
    let high = Number.NEGATIVE_INFINITY
    for (const s of [...this.#masterBlocks.keys(), ...this.#referencedMaster.keys()]) {
      low = Math.min(low, s)
      high = Math.max(high, s)
    }
    for (const b of this.#shardBlocks.values()) {
      low = Math.min(low, b.mcSeqno)
      high = Math.max(high, b.mcSeqno)
    }
    for (const list of this.#states.values()) {
      for (const s of list) {
        low = Math.min(low, s.fromMcSeqno)
        high = Math.max(high, s.fromMcSeqno)
      }
    }
    if (!Number.isFinite(low)) throw new Error('the recorded chain is empty')
    return [low, high]
  }

  /**
   * Adds a recorded block (from {@link loadRecordedBlock}). A shard block is committed by
   * `mcSeqno` (default: its `master_ref` + 1, marked synthesized).
   */
  addBlock(
    parsed: ParsedBlock & { fileHash?: Buffer },
    options: { mcSeqno?: number } = {},
  ): ChainBlock {
    const h = parsed.header
    const synthesized: string[] = []
    let fileHash = parsed.fileHash
    if (fileHash === undefined) {
      fileHash = synthHash(`file ${blockKey(h.workchain, h.shard, h.seqno)}`)
      synthesized.push('file_hash')
    }
    let mcSeqno = h.notMaster ? options.mcSeqno : h.seqno
    if (mcSeqno === undefined) {
      mcSeqno = (h.masterRef?.seqno ?? h.minRefMcSeqno) + 1
      synthesized.push('mc_seqno')
    }
    const id: BlockIdExt = {
      workchain: h.workchain,
      shard: h.shard,
      seqno: h.seqno,
      rootHash: parsed.rootHash,
      fileHash,
    }
    const prevBlocks = h.prevRefs.map((p, i): BlockIdExt => {
      let shard = h.shard
      if (h.afterMerge) {
        const low = h.shard & -h.shard
        shard = i === 0 ? h.shard - (low >> 1n) : h.shard + (low >> 1n)
      } else if (h.afterSplit) {
        const low = h.shard & -h.shard
        shard = (h.shard - low) | (low << 1n)
      }
      return {
        workchain: h.workchain,
        shard,
        seqno: p.seqno,
        rootHash: p.rootHash,
        fileHash: p.fileHash,
      }
    })
    const block: ChainBlock = {
      id,
      globalId: h.globalId,
      version: h.version,
      flags: h.flags,
      afterMerge: h.afterMerge,
      afterSplit: h.afterSplit,
      beforeSplit: h.beforeSplit,
      wantSplit: h.wantSplit,
      wantMerge: h.wantMerge,
      keyBlock: h.keyBlock,
      vertSeqno: h.vertSeqno,
      genUtime: h.genUtime,
      startLt: h.startLt,
      endLt: h.endLt,
      genValidatorListHashShort: h.genValidatorListHashShort,
      genCatchainSeqno: h.genCatchainSeqno,
      minRefMcSeqno: h.minRefMcSeqno,
      prevKeyBlockSeqno: h.prevKeyBlockSeqno,
      genSoftware: h.genSoftware,
      masterRef: h.masterRef,
      prevBlocks,
      randSeed: parsed.randSeed,
      createdBy: parsed.createdBy,
      mcSeqno,
      shardTops: parsed.shardTops.map((t: ShardTop) => ({
        workchain: t.workchain,
        shard: t.shard,
        seqno: t.seqno,
        rootHash: t.rootHash,
        fileHash: t.fileHash,
      })),
      transactions: [],
      synthesized,
    }
    for (const t of parsed.transactions) {
      this.#attach(block, {
        account: new Address(h.workchain, t.accountId),
        lt: t.lt,
        hash: t.hash,
        cell: t.cell,
        transaction: t.transaction,
        block,
        traceId: undefined,
      })
    }
    if (h.notMaster) this.#shardBlocks.set(blockKey(h.workchain, h.shard, h.seqno), block)
    else this.#masterBlocks.set(h.seqno, block)
    if (parsed.config !== undefined) this.setConfig(parsed.config, h.seqno)
    // A recorded master_ref is a real masterchain id: keep its hashes.
    if (h.masterRef !== undefined && !this.#masterBlocks.has(h.masterRef.seqno)) {
      this.#referencedMaster.set(h.masterRef.seqno, h.masterRef)
    }
    this.#synthMaster.clear()
    return block
  }

  #attach(block: ChainBlock, tx: ChainTransaction): void {
    const key = tx.hash.toString('hex')
    if (this.#byHash.has(key)) return
    this.#byHash.set(key, tx)
    block.transactions.push(tx)
    block.transactions.sort((a, b) => {
      const c = Buffer.compare(a.account.hash, b.account.hash)
      return c !== 0 ? c : a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0
    })
    const account = accountIdOf(tx.account)
    const list = this.#byAccount.get(account) ?? []
    list.push(tx)
    list.sort((a, b) => (a.lt < b.lt ? 1 : a.lt > b.lt ? -1 : 0))
    this.#byAccount.set(account, list)
  }

  /**
   * Adds transactions known without their block's BoC (a history): each goes into its shard
   * block, synthesized (id hashes, `start_lt`/`end_lt` from its transactions, `gen_utime` from
   * their `now`) and committed by `mcSeqno` (default: one synthesized masterchain block per shard
   * block, numbered by the shard block's seqno order from the chain's highest + 1).
   */
  addTransactions(inputs: readonly TransactionInput[]): void {
    const blocks = new Map<string, { input: TransactionInput; txs: Cell[] }>()
    for (const input of inputs) {
      const b = input.block ?? { workchain: 0, shard: WHOLE_SHARD, seqno: input.mcSeqno ?? 1 }
      const key = blockKey(b.workchain, b.shard, b.seqno)
      const entry = blocks.get(key) ?? { input: { ...input, block: b }, txs: [] }
      entry.txs.push(input.cell)
      blocks.set(key, entry)
    }
    let nextMc: number | undefined
    const ordered = [...blocks.values()].sort(
      (a, b) => (a.input.block?.seqno ?? 0) - (b.input.block?.seqno ?? 0),
    )
    for (const { input, txs } of ordered) {
      const b = input.block as NonNullable<TransactionInput['block']>
      const key = blockKey(b.workchain, b.shard, b.seqno)
      const parsed = txs.map((cell) => ({ cell, transaction: loadTransaction(cell.beginParse()) }))
      let block = this.#shardBlocks.get(key)
      if (block === undefined) {
        const synthesized = ['root_hash', 'file_hash', 'gen_utime', 'start_lt', 'end_lt', 'header']
        let mcSeqno = input.mcSeqno
        if (mcSeqno === undefined) {
          if (nextMc === undefined) {
            nextMc =
              this.#masterBlocks.size +
                this.#referencedMaster.size +
                this.#shardBlocks.size +
                this.#states.size ===
              0
                ? 1
                : this.mcRange()[1] + 1
          }
          mcSeqno = nextMc++
          synthesized.push('mc_seqno')
        }
        if (input.randSeed === undefined) synthesized.push('rand_seed')
        const lts = parsed.map((p) => p.transaction.lt)
        const minLt = lts.reduce((a, c) => (c < a ? c : a))
        const maxLt = lts.reduce((a, c) => (c > a ? c : a))
        const now = parsed[0]?.transaction.now ?? 0
        block = {
          id: {
            workchain: b.workchain,
            shard: b.shard,
            seqno: b.seqno,
            rootHash: synthHash(`root ${key}`),
            fileHash: synthHash(`file ${key}`),
          },
          globalId: -239,
          version: 0,
          flags: 0,
          afterMerge: false,
          afterSplit: false,
          beforeSplit: false,
          wantSplit: false,
          wantMerge: false,
          keyBlock: false,
          vertSeqno: 0,
          genUtime: now,
          startLt: (minLt / 1_000_000n) * 1_000_000n,
          endLt: maxLt + 1n,
          genValidatorListHashShort: 0,
          genCatchainSeqno: 0,
          minRefMcSeqno: mcSeqno - 1,
          prevKeyBlockSeqno: 0,
          genSoftware: undefined,
          masterRef: undefined,
          prevBlocks: [],
          randSeed: input.randSeed,
          createdBy: undefined,
          mcSeqno,
          shardTops: [],
          transactions: [],
          synthesized,
        }
        this.#shardBlocks.set(key, block)
      }
      for (const p of parsed) {
        const address = p.transaction.address
        this.#attach(block, {
          account: new Address(
            b.workchain,
            Buffer.from(address.toString(16).padStart(64, '0'), 'hex'),
          ),
          lt: p.transaction.lt,
          hash: p.cell.hash(),
          cell: p.cell,
          transaction: p.transaction,
          block,
          traceId: input.traceId,
        })
      }
      const lts = block.transactions.map((t) => t.lt)
      if (block.synthesized.includes('end_lt')) {
        block.endLt = lts.reduce((a, c) => (c > a ? c : a)) + 1n
      }
    }
    this.#synthMaster.clear()
  }

  /** Removes a transaction (by hex hash): what a source that lost it would serve. */
  dropTransaction(hashHex: string): void {
    const tx = this.#byHash.get(hashHex)
    if (tx === undefined) throw new Error(`no transaction ${hashHex}`)
    this.#byHash.delete(hashHex)
    tx.block.transactions = tx.block.transactions.filter((t) => t !== tx)
    const account = accountIdOf(tx.account)
    this.#byAccount.set(
      account,
      (this.#byAccount.get(account) ?? []).filter((t) => t !== tx),
    )
  }

  /**
   * Records an account's state from masterchain block `fromMcSeqno` on: a ShardAccount BoC, or
   * balance, code and data (then the ShardAccount is built, its storage stats and `last_paid`
   * synthesized).
   */
  addAccountState(
    address: Address,
    state:
      | { readonly shardAccount: Cell }
      | {
          readonly balance: bigint
          readonly code: Cell
          readonly data: Cell
          readonly lastTransaction: { readonly lt: bigint; readonly hash: Buffer }
          readonly lastPaid?: number
        },
    fromMcSeqno: number,
  ): ChainAccountState {
    let shardAccount: Cell
    let synthesized: string[] = []
    if ('shardAccount' in state) {
      shardAccount = state.shardAccount
    } else {
      const { cells, bits } = storageUsed(state.code, state.data)
      const built: ShardAccount = {
        account: {
          addr: address,
          storageStats: {
            used: { cells, bits },
            storageExtra: null,
            lastPaid: state.lastPaid ?? 0,
            duePayment: null,
          },
          storage: {
            lastTransLt: state.lastTransaction.lt + 1n,
            balance: { coins: state.balance },
            state: { type: 'active', state: { code: state.code, data: state.data } },
          },
        },
        lastTransactionLt: state.lastTransaction.lt,
        lastTransactionHash: BigInt(`0x${state.lastTransaction.hash.toString('hex')}`),
      }
      shardAccount = beginCell().store(storeShardAccount(built)).endCell()
      synthesized = ['storage_stat', 'last_paid', 'last_trans_lt of the account storage']
    }
    const parsed = loadShardAccount(shardAccount.beginParse())
    const entry: ChainAccountState = { address, fromMcSeqno, shardAccount, parsed, synthesized }
    const key = accountIdOf(address)
    const list = this.#states.get(key) ?? []
    list.push(entry)
    list.sort((a, b) => a.fromMcSeqno - b.fromMcSeqno)
    this.#states.set(key, list)
    this.#synthMaster.clear()
    return entry
  }

  /** The account's state at masterchain block `mcSeqno` (the latest recorded at or before it). */
  stateAt(address: Address, mcSeqno: number): ChainAccountState | undefined {
    const list = this.#states.get(accountIdOf(address)) ?? []
    let found: ChainAccountState | undefined
    for (const s of list) if (s.fromMcSeqno <= mcSeqno) found = s
    return found
  }

  /** Adds libraries: a dict root (`Hashmap 256 ^Cell`), a map, or cells. Each is keyed by its hash. */
  addLibraries(libs: Cell | ReadonlyMap<string, Cell> | readonly Cell[] | null): void {
    if (libs === null) return
    const cells = libs instanceof Cell ? [...librariesOf(libs).values()] : [...libs.values()]
    for (const c of cells) this.libraries.set(c.hash().toString('hex'), c)
  }

  /** Sets the config (dict root) from masterchain block `fromMcSeqno` on (default: always). */
  setConfig(dict: Cell, fromMcSeqno = Number.NEGATIVE_INFINITY): void {
    this.#configs.push({ fromMcSeqno, dict })
    this.#configs.sort((a, b) => a.fromMcSeqno - b.fromMcSeqno)
  }

  /** The config at masterchain block `mcSeqno` (the latest set at or before it, else the first). */
  configAt(mcSeqno: number): Cell | undefined {
    let found = this.#configs[0]?.dict
    for (const c of this.#configs) if (c.fromMcSeqno <= mcSeqno) found = c.dict
    return found
  }

  /** Every shard block, by (workchain, shard, seqno). */
  shardBlocks(): ChainBlock[] {
    return [...this.#shardBlocks.values()].sort(
      (a, b) =>
        a.id.workchain - b.id.workchain ||
        (a.id.shard < b.id.shard ? -1 : a.id.shard > b.id.shard ? 1 : 0) ||
        a.id.seqno - b.id.seqno,
    )
  }

  /** A block by id (masterchain blocks synthesized within the known range). */
  block(workchain: number, shard: bigint, seqno: number): ChainBlock | undefined {
    if (workchain === -1) return this.masterchainBlock(seqno)
    return this.#shardBlocks.get(blockKey(workchain, shard, seqno))
  }

  /**
   * Masterchain block `seqno`: recorded, or synthesized when within {@link mcRange} (its hashes,
   * times and lts made up unless a shard block's `master_ref` names its hashes; its shard tops
   * are the latest shard blocks committed at or before it).
   */
  masterchainBlock(seqno: number): ChainBlock | undefined {
    const recorded = this.#masterBlocks.get(seqno)
    if (recorded !== undefined) return recorded
    const [low, high] = this.mcRange()
    if (seqno < low || seqno > Math.max(high, this.head) || seqno < 1) return undefined
    const kept = this.#synthMaster.get(seqno)
    if (kept !== undefined) return kept
    const tops = new Map<string, ChainBlock>()
    let genUtime: number | undefined
    let after: number | undefined
    for (const b of this.shardBlocks()) {
      if (b.mcSeqno <= seqno) {
        const k = `${b.id.workchain}:${b.id.shard}`
        const t = tops.get(k)
        if (t === undefined || t.id.seqno < b.id.seqno) tops.set(k, b)
        genUtime = Math.max(genUtime ?? 0, b.genUtime)
      } else {
        after = after === undefined ? b.genUtime : Math.min(after, b.genUtime)
      }
    }
    for (const [s, m] of this.#masterBlocks) {
      if (s <= seqno) genUtime = Math.max(genUtime ?? 0, m.genUtime)
      else after = after === undefined ? m.genUtime : Math.min(after, m.genUtime)
    }
    const ref = this.#referencedMaster.get(seqno)
    const synthesized = ['gen_utime', 'start_lt', 'end_lt', 'header']
    if (ref === undefined) synthesized.unshift('root_hash', 'file_hash')
    const time = genUtime ?? after ?? 0
    const lt = ref?.endLt ?? BigInt(time) * 1_000_000n
    const block: ChainBlock = {
      id: {
        workchain: -1,
        shard: WHOLE_SHARD,
        seqno,
        rootHash: ref?.rootHash ?? synthHash(`root -1:${seqno}`),
        fileHash: ref?.fileHash ?? synthHash(`file -1:${seqno}`),
      },
      globalId: -239,
      version: 0,
      flags: 0,
      afterMerge: false,
      afterSplit: false,
      beforeSplit: false,
      wantSplit: false,
      wantMerge: false,
      keyBlock: this.#keyBlocks.has(seqno),
      vertSeqno: 0,
      genUtime: time,
      startLt: lt - (lt % 1_000_000n),
      endLt: lt,
      genValidatorListHashShort: 0,
      genCatchainSeqno: 0,
      minRefMcSeqno: seqno - 1,
      prevKeyBlockSeqno: this.keyBlockBefore(seqno),
      genSoftware: undefined,
      masterRef: undefined,
      prevBlocks: [],
      randSeed: undefined,
      createdBy: undefined,
      mcSeqno: seqno,
      shardTops: [...tops.values()].map((b) => b.id),
      transactions: [],
      synthesized,
    }
    if (seqno > low) block.prevBlocks = [this.masterchainId(seqno - 1)]
    this.#synthMaster.set(seqno, block)
    return block
  }

  /**
   * The id of masterchain block `seqno`: recorded, known from a reference (a shard block's
   * `master_ref`, a prev-blocks tuple), or synthesized.
   */
  masterchainId(seqno: number): BlockIdExt {
    const recorded = this.#masterBlocks.get(seqno)
    if (recorded !== undefined) return recorded.id
    const ref = this.#referencedMaster.get(seqno)
    return {
      workchain: -1,
      shard: WHOLE_SHARD,
      seqno,
      rootHash: ref?.rootHash ?? synthHash(`root -1:${seqno}`),
      fileHash: ref?.fileHash ?? synthHash(`file -1:${seqno}`),
    }
  }

  /**
   * Records a real masterchain block id known without its block (from a prev-blocks tuple, a
   * `master_ref`): served with its real hashes, its header synthesized.
   */
  addMasterchainId(id: BlockIdExt, endLt?: bigint): void {
    if (id.workchain !== -1) throw new Error('not a masterchain id')
    if (this.#masterBlocks.has(id.seqno)) return
    this.#referencedMaster.set(id.seqno, { rootHash: id.rootHash, fileHash: id.fileHash, endLt })
    this.#synthMaster.clear()
  }

  /**
   * The masterchain seqnos worth listing (recorded, referenced, committing a shard block, holding
   * a state, and the head), ascending: what a lookup by lt or time searches, and v3 `/blocks`
   * lists, without walking millions of synthesized blocks between two recorded eras.
   */
  notableMasterchainSeqnos(): number[] {
    const set = new Set<number>([...this.#masterBlocks.keys(), ...this.#referencedMaster.keys()])
    for (const b of this.#shardBlocks.values()) set.add(b.mcSeqno)
    for (const list of this.#states.values()) for (const st of list) set.add(st.fromMcSeqno)
    set.add(this.head)
    return [...set].filter((x) => x <= this.head).sort((a, b) => a - b)
  }

  /** Marks masterchain block `seqno` as a key block (synthesized headers after it name it). */
  addKeyBlock(seqno: number): void {
    this.#keyBlocks.add(seqno)
    this.#synthMaster.clear()
  }

  /** The last known key block before `seqno` (`prev_key_block_seqno`), 0 when none is known. */
  keyBlockBefore(seqno: number): number {
    let found = 0
    for (const k of this.#keyBlocks) if (k < seqno && k > found) found = k
    for (const [s, b] of this.#masterBlocks) if (b.keyBlock && s < seqno && s > found) found = s
    return found
  }

  /** Shard blocks committed by masterchain block `seqno` (v3 `/blocks?mc_seqno`). */
  committedBy(seqno: number): ChainBlock[] {
    return this.shardBlocks().filter((b) => b.mcSeqno === seqno)
  }

  /** An account's transactions, newest first. */
  transactionsOf(address: Address): readonly ChainTransaction[] {
    return this.#byAccount.get(accountIdOf(address)) ?? []
  }

  /** A transaction by hash (hex). */
  transaction(hashHex: string): ChainTransaction | undefined {
    return this.#byHash.get(hashHex.toLowerCase())
  }

  /** Every transaction, by lt then hash. */
  allTransactions(): ChainTransaction[] {
    return [...this.#byHash.values()].sort((a, b) =>
      a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : Buffer.compare(a.hash, b.hash),
    )
  }

  #producers: { size: number; byMessage: Map<string, ChainTransaction> } | undefined

  /**
   * The trace a transaction belongs to, as toncenter's v3 names it (`trace_id`: the hash of the
   * trace's root transaction, base64): its recorded trace id, else the root its in-message leads
   * to through the recorded transactions' out-messages (the messages' cells, by hash). A trace
   * whose root is not recorded takes its highest recorded transaction as root.
   *
   * @example
   * ```ts
   * chain.traceIdOf(poolSwap) === chain.traceIdOf(walletExternal) // true: one trace
   * ```
   */
  traceIdOf(t: ChainTransaction): string {
    if (t.traceId !== undefined) return t.traceId
    if (this.#producers?.size !== this.#byHash.size) {
      const byMessage = new Map<string, ChainTransaction>()
      for (const x of this.#byHash.values()) {
        for (const m of messageCells(x.cell).outMsgs) byMessage.set(m.hash().toString('hex'), x)
      }
      this.#producers = { size: this.#byHash.size, byMessage }
    }
    let root = t
    for (let i = 0; i < this.#byHash.size; i++) {
      const inMessage = messageCells(root.cell).inMsg
      const parent =
        inMessage === undefined
          ? undefined
          : this.#producers.byMessage.get(inMessage.hash().toString('hex'))
      if (parent === undefined) break
      root = parent
    }
    return root.traceId ?? root.hash.toString('base64')
  }
}

/**
 * The message cells of a transaction cell, as recorded: the in-message (or undefined), then the
 * out-messages by index.
 *
 * @example
 * ```ts
 * messageCells(tx.cell).outMsgs.length // 2: pay_vault and pay_to
 * ```
 */
export function messageCells(cell: Cell): { inMsg: Cell | undefined; outMsgs: Cell[] } {
  const io = cell.refs[0]
  if (io === undefined) return { inMsg: undefined, outMsgs: [] }
  const s = io.beginParse()
  const inMsg = s.loadMaybeRef() ?? undefined
  const outs = Dictionary.load(Dictionary.Keys.Uint(15), Dictionary.Values.Cell(), s)
  const outMsgs = [...outs.keys()].sort((a, b) => a - b).map((k) => outs.get(k) as Cell)
  return { inMsg, outMsgs }
}

/** Cells and bits of an account's code and data (unique cells), for a built ShardAccount's storage stats. */
function storageUsed(code: Cell, data: Cell): { cells: bigint; bits: bigint } {
  const seen = new Set<string>()
  let bits = 0n
  const walk = (c: Cell) => {
    const k = c.hash().toString('hex')
    if (seen.has(k)) return
    seen.add(k)
    bits += BigInt(c.bits.length)
    for (const r of c.refs) walk(r)
  }
  walk(code)
  walk(data)
  return { cells: BigInt(seen.size), bits }
}

// ————— ready-made chains —————

/** The c7 prev-blocks tuple of a vector, read into block ids (in the tuple's order). */
export type PrevBlocksInfo = {
  /** The tuple's first element: the last masterchain block ids, as the tuple lists them. */
  readonly lastMcBlocks: readonly BlockIdExt[]
  /** The last key block. */
  readonly prevKeyBlock: BlockIdExt
  /** The third element as recorded (a single id in the ton-rs vector, not a list of 16). */
  readonly third: TupleItem | undefined
}

function blockIdOfTuple(item: TupleItem | undefined): BlockIdExt {
  if (item?.type !== 'tuple' || item.items.length !== 5) throw new Error('not a block id tuple')
  const n = item.items.map((i) => {
    if (i.type !== 'int') throw new Error('not a block id tuple')
    return i.value
  }) as [bigint, bigint, bigint, bigint, bigint]
  const hash = (v: bigint) => Buffer.from(v.toString(16).padStart(64, '0'), 'hex')
  return {
    workchain: Number(n[0]),
    shard: BigInt.asUintN(64, n[1]),
    seqno: Number(n[2]),
    rootHash: hash(n[3]),
    fileHash: hash(n[4]),
  }
}

/**
 * The prev-blocks info of an emulation vector (a serialized `VmStackValue` tuple), or null.
 *
 * @example
 * ```ts
 * prevBlocksOf(loadTxEmulation('hashExact'))?.lastMcBlocks.map((b) => b.seqno) // [55182463, …, 55182478]
 * ```
 */
export function prevBlocksOf(v: TxEmulationVector): PrevBlocksInfo | null {
  if (v.prevBlocksInfo === null) return null
  // A one-entry VmStack around the value, so @ton/core's reader takes it.
  const stack = beginCell()
    .storeUint(1, 24)
    .storeRef(beginCell().endCell())
    .storeSlice(v.prevBlocksInfo.beginParse())
    .endCell()
  const [top] = parseTuple(stack)
  if (top?.type !== 'tuple') throw new Error('prev-blocks info is not a tuple')
  const [last, key, third] = top.items
  if (last?.type !== 'tuple') throw new Error('prev-blocks info: no block list')
  return {
    lastMcBlocks: last.items.map(blockIdOfTuple),
    prevKeyBlock: blockIdOfTuple(key),
    third,
  }
}

/**
 * The prev-blocks info in `@ton/sandbox`'s `Executor` form (`{ lastMcBlocks, prevKeyBlock,
 * lastMcBlocks100 }`, ids in the tuple's order, the third element as a one-id list). With it,
 * sandbox 0.41 reproduces {@link HASH_EXACT_TX} from the `hashExact` vector; without the third
 * element, or without the info, the transaction differs.
 *
 * @example
 * ```ts
 * await executor.runTransaction({ …, prevBlocksInfo: sandboxPrevBlocks(prevBlocksOf(v)) })
 * ```
 */
export function sandboxPrevBlocks(info: PrevBlocksInfo): {
  lastMcBlocks: BlockIdExt[]
  prevKeyBlock: BlockIdExt
  lastMcBlocks100?: BlockIdExt[]
} {
  return {
    lastMcBlocks: [...info.lastMcBlocks],
    prevKeyBlock: info.prevKeyBlock,
    ...(info.third === undefined ? {} : { lastMcBlocks100: [blockIdOfTuple(info.third)] }),
  }
}

/**
 * A chain for **replaying** one transaction of an emulation vector: the account's ShardAccount
 * from masterchain block S on, the config, the libraries, and — when given — the transaction
 * itself in a synthesized shard block committed by S + 1 with the vector's `rand_seed`. S is the
 * newest block of the vector's prev-blocks info (those real ids are served by `lookupBlock`),
 * else `options.mcSeqno` (default 1000, synthesized).
 *
 * @example
 * ```ts
 * const chain = replayChain(loadTxEmulation('hashExact'), { transaction: emulatedTxCell })
 * chain.head // 55182479
 * ```
 */
export function replayChain(
  v: TxEmulationVector,
  options: { transaction?: Cell; mcSeqno?: number; shardBlockSeqno?: number } = {},
): RecordedChain {
  const chain = new RecordedChain()
  const info = prevBlocksOf(v)
  let s = options.mcSeqno ?? 1000
  if (info !== null) {
    for (const id of [...info.lastMcBlocks, info.prevKeyBlock]) chain.addMasterchainId(id)
    chain.addKeyBlock(info.prevKeyBlock.seqno)
    s = Math.max(...info.lastMcBlocks.map((b) => b.seqno))
  }
  chain.addAccountState(v.account, { shardAccount: v.shardAccount }, s)
  chain.setConfig(v.config)
  chain.addLibraries(v.libs)
  if (options.transaction !== undefined) {
    const tx = loadTransaction(options.transaction.beginParse())
    if (tx.lt !== v.lt) throw new Error(`the transaction's lt ${tx.lt} is not the vector's ${v.lt}`)
    chain.addTransactions([
      {
        cell: options.transaction,
        block: {
          workchain: v.account.workChain,
          shard: WHOLE_SHARD,
          seqno: options.shardBlockSeqno ?? 1,
        },
        mcSeqno: s + 1,
        randSeed: v.randSeed,
      },
    ])
  }
  chain.head = options.transaction === undefined ? s : s + 1
  return chain
}

/**
 * A chain for a **fork** of the STON.fi v2.2 TON/USD₮ pool `EQCGScrZ…`: its state after swap
 * `16befdc4…` from masterchain block `mcSeqno` on (default 1000, synthesized; the ShardAccount is
 * built from code, data and balance), that swap in a synthesized block committed by the same
 * block, the 3 v2.2 libraries (pool code `a9338ecd…`), and the config of key block 46991999.
 *
 * @example
 * ```ts
 * const chain = poolForkChain()
 * chain.stateAt(loadPoolAfterSwap().address, 1000)?.parsed.account?.storage.balance.coins // 1825550085n
 * ```
 */
export function poolForkChain(options: { mcSeqno?: number } = {}): RecordedChain {
  const mc = options.mcSeqno ?? 1000
  const pool = loadPoolAfterSwap()
  const chain = new RecordedChain()
  chain.addTransactions([
    { cell: pool.swap.cell, block: { workchain: 0, shard: WHOLE_SHARD, seqno: 1 }, mcSeqno: mc },
  ])
  chain.addAccountState(
    pool.address,
    {
      balance: pool.balance,
      code: pool.code,
      data: pool.data,
      lastTransaction: pool.lastTransaction,
    },
    mc,
  )
  chain.addLibraries(loadTxEmulation('stonfiPoolSwap').libs)
  chain.setConfig(loadConfig46991999().dict)
  chain.head = mc
  return chain
}

/**
 * A chain for a **follower** over whole recorded blocks: `tgo` (block-3, 510 txs, committed by
 * a synthesized masterchain block after its `master_ref` 34606335), `trs` (key block 46991999
 * with its config and 4 shard tops; shard blocks 52111590 and 57314442, each committed by its
 * `master_ref` + 1), or `mev` (the v2.2 router's 300 txs in their 116 shard blocks, each
 * committed by its own synthesized masterchain block).
 *
 * @example
 * ```ts
 * followerChain('tgo').head // 34606336
 * ```
 */
export function followerChain(which: 'tgo' | 'trs' | 'mev'): RecordedChain {
  const chain = new RecordedChain()
  if (which === 'tgo') chain.addBlock(loadRecordedBlock('tgo-block-3'))
  else if (which === 'trs') {
    chain.addBlock(loadRecordedBlock('trs-master-46991999'))
    chain.addBlock(loadRecordedBlock('trs-shard-52111590'))
    chain.addBlock(loadRecordedBlock('trs-57314442'))
  } else {
    chain.addTransactions(
      loadMevRouterHistory().transactions.map((t) => ({ cell: t.cell, block: t.block })),
    )
  }
  return chain
}
