import {
  type Address,
  beginCell,
  Cell,
  loadShardAccount,
  type ShardAccount,
  storeShardAccount,
} from '@ton/core'
import { type Blockchain, SmartContract } from '@ton/sandbox'
import type { LazyStorage } from '../../emulator/LocalBlockchain.js'
import type { ForkCache } from './ForkCache.js'
import { ForkError } from './ForkError.js'
import type { ForkUpstream } from './forkUpstream.js'
import { libraryRefs, withLibraries } from './libraries.js'

/** Options of {@link ForkStorage}. */
export type ForkStorageOptions = {
  readonly upstream: ForkUpstream
  /** The pinned block every account is read at. */
  readonly seqno: number
  /** `getShardAccountCell` (true) or `getAddressInformation` (false). */
  readonly exact: boolean
  /** The fork's cache and its key; without one, every first touch asks the upstream. */
  readonly cache?: { readonly store: ForkCache; readonly id: string } | undefined
  /**
   * Where libraries are cached (content-addressed, so even a fork without an account cache
   * keeps them: a library never changes).
   */
  readonly libraryCache?: ForkCache | undefined
}

/**
 * Counters of a {@link ForkStorage}.
 *
 * @example
 * ```ts
 * const stats: ForkStorageStats = { loaded: 9, fromCache: 0, fromUpstream: 9, libraries: 2, missingLibraries: 0 }
 * ```
 */
export type ForkStorageStats = {
  /** Accounts loaded (first touches). */
  loaded: number
  /** Of those, answered by the cache. */
  fromCache: number
  /** Of those, read from the upstream. */
  fromUpstream: number
  /** Libraries installed into the sandbox. */
  libraries: number
  /**
   * Libraries referenced but not had: the upstream lacks `getLibraries`, or does not know the
   * hash. What runs them exits 9, as it would on a chain without them.
   */
  missingLibraries: number
}

/**
 * The sandbox's account storage of a forked chain (`@ton/sandbox`'s `BlockchainStorage`): an
 * account the chain does not know yet is loaded on its first touch at the pinned block — from
 * the fork's cache, else from the upstream (`getShardAccountCell`, or `getAddressInformation`
 * approximately) and then cached, "does not exist" included — and every library cell its code
 * or data references is resolved (recursively, hash-checked) into the sandbox's `libs` before it
 * runs. Concurrent first touches of one account are one load. An account the chain knows
 * (loaded, or changed locally and restored from the journal) is never loaded again: local state
 * wins. A load that fails after the upstream's retries rejects with a `ForkError`; nothing is
 * remembered of it, so the next touch asks again.
 *
 * @example
 * ```ts
 * const storage = new ForkStorage({ upstream, seqno: pin.seqno, exact: true, cache: { store: cache, id } })
 * const blockchain = await LocalBlockchain.createLocal({ storage, config })
 * await blockchain.runGetMethod(router, 'get_router_data') // loads the router, then runs it
 * ```
 */
export class ForkStorage implements LazyStorage {
  readonly stats: ForkStorageStats = {
    loaded: 0,
    fromCache: 0,
    fromUpstream: 0,
    libraries: 0,
    missingLibraries: 0,
  }
  /** Set once the upstream refused `getLibraries` (it does not have the method). */
  private noLibraries = false
  /** Set once a `getLibraries` was answered: a later refusal is of a request, not the method. */
  private librariesAnswered = false
  private readonly missing = new Set<string>()
  /** Per account (raw address): the libraries its code or data references that were not had. */
  private readonly missingBy = new Map<string, string[]>()
  private readonly contracts = new Map<string, SmartContract>()
  private readonly loading = new Map<string, Promise<SmartContract>>()
  private readonly libs = new Map<string, Cell>()
  private readonly options: ForkStorageOptions
  private restoringSnapshot = false

  constructor(options: ForkStorageOptions) {
    this.options = options
  }

  /** The sandbox tells it while a snapshot is loaded: the accounts asked for are overwritten. */
  restoring(on: boolean): void {
    this.restoringSnapshot = on
    // The snapshot brings its own `libs`: what was installed since is installed again on use.
    if (on) this.libs.clear()
  }

  getContract(blockchain: Blockchain, address: Address): Promise<SmartContract> {
    const key = address.toRawString()
    const known = this.contracts.get(key)
    if (known !== undefined) return Promise.resolve(known)
    if (this.restoringSnapshot) {
      const empty = SmartContract.empty(blockchain, address)
      this.contracts.set(key, empty)
      return Promise.resolve(empty)
    }
    let load = this.loading.get(key)
    if (load === undefined) {
      load = this.load(blockchain, address, key).finally(() => this.loading.delete(key))
      // The sandbox starts loading a message's destination before it needs it; when the chain
      // fails first, nobody waits for that load: its failure is not an unhandled rejection.
      load.catch(() => undefined)
      this.loading.set(key, load)
    }
    return load
  }

  knownContracts(): SmartContract[] {
    return [...this.contracts.values()]
  }

  clearKnownContracts(): void {
    this.contracts.clear()
  }

  /**
   * Installs every cached library into the sandbox (after a restart restored a snapshot, whose
   * `libs` may predate libraries loaded later).
   */
  installCachedLibraries(blockchain: Blockchain): void {
    const cached = this.options.libraryCache?.libraries() ?? new Map<string, Buffer>()
    const added = new Map<string, Cell>()
    for (const [hash, boc] of cached) {
      const code = Cell.fromBoc(boc)[0]
      if (code !== undefined && !this.libs.has(hash)) {
        this.libs.set(hash, code)
        added.set(hash, code)
      }
    }
    blockchain.libs = withLibraries(blockchain.libs, added)
    this.stats.libraries = this.libs.size
  }

  /**
   * The account as it was at the pinned block, whatever the fork changed since (the cache's,
   * else the upstream's, then cached): where its history before the fork ends.
   *
   * @example
   * ```ts
   * (await storage.atPin(wallet))?.lastTransactionLt // 61_504_000_003n, its last transaction at S
   * ```
   */
  atPin(address: Address): Promise<ShardAccount | undefined> {
    return this.account(address, address.toRawString())
  }

  private async load(blockchain: Blockchain, address: Address, key: string) {
    const shardAccount = await this.account(address, key)
    const state = shardAccount?.account?.storage.state
    if (state?.type === 'active') {
      await this.resolveLibraries(blockchain, [state.state.code, state.state.data], address)
    }
    // Known meanwhile (a snapshot restored while the upstream answered): that state wins.
    const known = this.contracts.get(key)
    if (known !== undefined) return known
    const contract =
      shardAccount?.account === undefined
        ? SmartContract.empty(blockchain, address)
        : new SmartContract(shardAccount, blockchain)
    this.contracts.set(key, contract)
    this.stats.loaded += 1
    return contract
  }

  /**
   * `getLibraries` of `hashes` (the upstream asks at most 16 a time and splits a refused
   * request); an upstream that refuses the method itself — no request of the session answered,
   * and a one-hash request refused — answers none from then on. What it does not have (left
   * out of its answer, or a one-hash request refused) is missing, said by hash in the log and
   * in the status: what runs it exits 9, as it would on a chain without it.
   */
  private async fetchLibraries(
    hashes: readonly string[],
    account: string,
  ): Promise<Map<string, Cell>> {
    let fetched = new Map<string, Cell>()
    if (!this.noLibraries) {
      try {
        const answer = await this.options.upstream.libraries(hashes)
        fetched = answer.found
        if (answer.answered) this.librariesAnswered = true
      } catch (error) {
        if (!(error instanceof ForkError && error.code === 'FORK_REJECTED')) throw error
        if (!this.librariesAnswered) {
          this.noLibraries = true
          console.error(
            `fork: the upstream has no getLibraries (${error.shortMessage}); contracts whose code is a library exit 9.`,
          )
        }
      }
    }
    const missing = hashes.filter((hash) => !fetched.has(hash) && !this.missing.has(hash))
    for (const hash of missing) this.missing.add(hash)
    if (missing.length > 0 && !this.noLibraries) {
      console.error(
        `fork: the upstream has no library ${missing.join(', ')} (referenced by ${account}): what runs it exits 9.`,
      )
    }
    this.stats.missingLibraries = this.missing.size
    return fetched
  }

  /**
   * The library hashes (hex) referenced by a loaded account that the upstream did not have.
   *
   * @example
   * ```ts
   * storage.missingLibraries() // ['a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4']
   * ```
   */
  missingLibraries(): string[] {
    return [...this.missing]
  }

  /**
   * The library hashes (hex) `address`'s code or data references (or the libraries it got
   * reference) that the upstream did not have: why running it exits 9.
   *
   * @example
   * ```ts
   * storage.missingLibrariesOf(Address.parse('EQCGScrZe1xbyWqWDvdI6mzP-GAcAWFv6ZXuaJOuSqemxku4')) // [] with its library had
   * ```
   */
  missingLibrariesOf(address: Address): string[] {
    return this.missingBy.get(address.toRawString()) ?? []
  }

  /** The account at the pinned block: the cache's, else the upstream's (then cached). */
  private async account(address: Address, key: string): Promise<ShardAccount | undefined> {
    const { cache, upstream, seqno, exact } = this.options
    const cached = cache?.store.account(cache.id, key)
    if (cached !== undefined) {
      this.stats.fromCache += 1
      if (cached.boc === null) return undefined
      return loadShardAccount(Cell.fromBoc(cached.boc)[0]!.beginParse())
    }
    const loaded = await upstream.account(address, seqno, exact)
    this.stats.fromUpstream += 1
    const boc =
      loaded.shardAccount === undefined
        ? null
        : beginCell().store(storeShardAccount(loaded.shardAccount)).endCell().toBoc()
    cache?.store.putAccount(cache.id, key, boc, loaded.exact)
    return loaded.shardAccount
  }

  /**
   * Resolves the library cells `roots` reference, and those the libraries themselves
   * reference, into the sandbox's `libs`: from memory, the cache, else one `getLibraries` per
   * round.
   */
  private async resolveLibraries(
    blockchain: Blockchain,
    roots: (Cell | null | undefined)[],
    account: Address,
  ) {
    const added = new Map<string, Cell>()
    const asked = new Set<string>()
    let wanted = libraryRefs(roots).filter((h) => !this.libs.has(h) && !this.missing.has(h))
    while (wanted.length > 0) {
      for (const hash of wanted) asked.add(hash)
      const missing: string[] = []
      const found: Cell[] = []
      for (const hash of wanted) {
        const boc = this.options.libraryCache?.library(hash)
        const code = boc === undefined ? undefined : Cell.fromBoc(boc)[0]
        if (code === undefined) missing.push(hash)
        else {
          added.set(hash, code)
          found.push(code)
        }
      }
      if (missing.length > 0) {
        const fetched = await this.fetchLibraries(missing, account.toString())
        for (const [hash, code] of fetched) {
          this.options.libraryCache?.putLibrary(hash, code.toBoc())
          added.set(hash, code)
          found.push(code)
        }
      }
      for (const [hash, code] of added) this.libs.set(hash, code)
      // A library missing upstream is missing on the real chain too: running it exits 9 there.
      wanted = libraryRefs(found).filter((h) => !this.libs.has(h) && !asked.has(h))
    }
    const lacking = new Set([...libraryRefs(roots), ...asked].filter((h) => this.missing.has(h)))
    if (lacking.size > 0) this.missingBy.set(account.toRawString(), [...lacking])
    if (added.size > 0) {
      blockchain.libs = withLibraries(blockchain.libs, added)
      this.stats.libraries = this.libs.size
    }
  }
}
