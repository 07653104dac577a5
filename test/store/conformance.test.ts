/**
 * What every `Store` implementation must answer alike, run on each (`storeKinds`): SQLite
 * always, PostgreSQL when installed. A new `Store` method gets its case here, once, for all.
 * Implementation details (SQLite's files and pragmas, migrations of old databases) stay in the
 * implementation's own tests (`store/sqlite/*.test.ts`).
 */
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type {
  IndexBatch,
  IndexedAction,
  IndexedPoolRow,
  IndexedTransactionRow,
} from '../../store/rows/indexerRows.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import type { Store } from '../../store/Store.js'
import { StoreError } from '../../store/StoreError.js'
import { fuzz } from '../_support/fuzz.js'
import { swapRow } from '../_support/swapRow.js'
import { writeSyntheticHistory } from '../_support/syntheticHistory.js'
import { storeKinds } from './_support/storeKinds.js'

const market = demoMarketFixture()

const transaction = (
  op: OperationRow,
  action: IndexedAction | null = null,
): IndexedTransactionRow => ({
  hash: op.poolTxHash,
  lt: op.poolTxLt,
  timestamp: op.poolTxTimestamp,
  account: op.poolAddress,
  originHash: op.walletTxHash,
  parentHash: null,
  kind: 'v2.swap',
  queryId: 18_446_744_073_709_551_615n,
  sourceAddress: op.routerAddress,
  aborted: false,
  computeExitCode: 0,
  resultCode: 'swap_ok',
  action,
  ...(op.block === undefined ? {} : { block: op.block }),
})

const indexedPool = (address: string, reserve0: bigint): IndexedPoolRow => ({
  address,
  protocolFeeAddress: null,
  routerAddress: 'EQrouter',
  dex: 'v2',
  kind: 'constant_product',
  wallet0: 'EQw0',
  wallet1: 'EQw1',
  asset0Address: 'EQton',
  asset1Address: 'EQusdt',
  reserve0,
  reserve1: (1n << 120n) - 1n,
  totalSupply: 1_414_213_562_373n,
  lpFee: 20n,
  protocolFee: 10n,
  refFee: 10n,
  collected0: 0n,
  collected1: 0n,
  amp: 0n,
  w0: 0n,
  rate: 0n,
})

const batch = (partial: Partial<IndexBatch>): IndexBatch => ({
  transactions: [],
  operations: [],
  pools: [],
  feeWithdrawals: [],
  links: [],
  cursor: { name: 'indexer', value: '0' },
  ...partial,
})

function sortBy<T>(rows: readonly T[], key: (row: T) => (string | number)[]): T[] {
  return [...rows].sort((x, y) => {
    const kx = key(x)
    const ky = key(y)
    for (let i = 0; i < kx.length; i++) {
      const a = kx[i] as string | number
      const b = ky[i] as string | number
      if (a !== b) return a < b ? -1 : 1
    }
    return 0
  })
}

describe.each(storeKinds('store conformance'))('$name store', (kind) => {
  afterAll(() => kind.cleanup())

  test('behavior: the whole demo market round-trips exactly', async () => {
    const store = await kind.open()
    expect(await store.isEmpty()).toBe(true)
    await store.replaceMarket(market)
    expect(await store.isEmpty()).toBe(false)
    expect(await store.listRouters()).toEqual(
      sortBy(market.routers, (r) => [r.majorVersion, r.minorVersion, r.address]),
    )
    expect(await store.listAssets()).toEqual(sortBy(market.assets, (a) => [a.address]))
    expect(await store.listPools()).toEqual(sortBy(market.pools, (p) => [p.address]))
    expect(await store.listFarms()).toEqual(sortBy(market.farms, (f) => [f.minterAddress]))
    const pool = market.pools[0] as MarketData['pools'][number]
    expect(await store.getPool(pool.address)).toEqual(pool)
    expect(await store.listPoolsByPair(pool.token1Address, pool.token0Address)).toContainEqual(pool)
    const wallet = market.balances[0]?.walletAddress as string
    expect(await store.listBalances(wallet)).toEqual(
      sortBy(
        market.balances.filter((b) => b.walletAddress === wallet),
        (b) => [b.assetAddress],
      ),
    )
    for (const position of market.lpPositions) {
      expect(await store.getLpPosition(position.walletAddress, position.poolAddress)).toEqual(
        position,
      )
    }
    for (const stake of market.stakes) {
      const nfts = sortBy(stake.nfts, (n) => [n.address])
      expect(await store.getStake(stake.walletAddress)).toEqual({ ...stake, nfts })
    }
    const nft = market.farmNfts[0]
    // Its rewards come back in the farm's pool order, as written (not by address).
    expect(
      (await store.listFarmNfts(nft?.ownerAddress as string)).find(
        (n) => n.address === nft?.address,
      ),
    ).toEqual(nft)
    expect(nft?.rewards.map((r) => r.address)).not.toEqual(
      sortBy(nft?.rewards ?? [], (r) => [r.address]).map((r) => r.address),
    )
    const vault = market.feeVaults[0]
    expect(await store.listFeeVaults(vault?.ownerAddress as string)).toContainEqual(vault)
    const jw = market.jettonWallets[0]
    if (jw !== undefined) {
      expect(await store.getJettonWallet(jw.ownerAddress, jw.jettonAddress)).toBe(jw.walletAddress)
    }
    expect(await store.getPool('EQ-unknown')).toBeUndefined()
    expect(await store.getStake('EQ-unknown')).toBeUndefined()
    expect(await store.listBalances('EQ-unknown')).toEqual([])
  })

  test('behavior: a market with a dangling reference or a repeated key changes nothing', async () => {
    const store = await kind.open()
    await store.replaceMarket(market)
    const before = await store.listPools()
    const broken: MarketData = {
      ...market,
      pools: [
        ...market.pools,
        {
          ...(market.pools[0] as MarketData['pools'][number]),
          address: 'EQ-new',
          routerAddress: 'EQ-missing',
        },
      ],
    }
    await expect(store.replaceMarket(broken)).rejects.toSatisfy(
      (e) => e instanceof StoreError && e.code === 'STORE_INTEGRITY',
    )
    expect(await store.listPools()).toEqual(before)
    await expect(
      store.replaceMarket({
        ...market,
        assets: [...market.assets, market.assets[0] as MarketData['assets'][number]],
      }),
    ).rejects.toSatisfy((e) => e instanceof StoreError && e.code === 'STORE_INTEGRITY')
    expect(await store.listPools()).toEqual(before)
  })

  test('property: any Coins-sized reserve and supply round-trip exactly', async () => {
    const store = await kind.open()
    const base = market.pools[0] as MarketData['pools'][number]
    const coins = fc.bigInt({ min: 0n, max: (1n << 120n) - 1n })
    await fc.assert(
      fc.asyncProperty(coins, coins, coins, async (reserve0, reserve1, lpTotalSupply) => {
        const pool = { ...base, reserve0, reserve1, lpTotalSupply }
        await store.replaceMarket({ ...market, pools: [pool, ...market.pools.slice(1)] })
        expect(await store.getPool(base.address)).toEqual(pool)
      }),
      fuzz({ numRuns: 20 }),
    )
  })

  test('behavior: operations insert once, filter, order, and keep signed deltas; cursors persist', async () => {
    const store = await kind.open()
    const op = (hash: string, lt: bigint, timestamp: string, wallet: string): OperationRow => ({
      ...swapRow(hash, lt, timestamp),
      destinationWalletAddress: wallet,
      walletAddress: wallet,
    })
    const a = op('aa', 1000n, '2026-11-01T10:00:00', 'EQalice')
    const b = op('bb', 999n, '2026-11-01T10:00:00', 'EQbob')
    const c = op('cc', 5000n, '2026-11-02T10:00:00', 'EQalice')
    // A logical time near 2^64 keeps its order and value.
    const d = op('dd', (1n << 64n) - 1n, '2026-11-02T10:00:00', 'EQbob')
    expect(await store.insertOperations([a, b, c, d])).toBe(4)
    expect(await store.insertOperations([a])).toBe(0)
    expect(await store.insertOperations([])).toBe(0)
    expect(await store.listOperations({})).toEqual([b, a, c, d])
    expect(await store.listOperations({ limit: 2 })).toEqual([b, a])
    expect(
      await store.listOperations({ walletAddress: 'EQalice', until: '2026-11-01T23:59:59' }),
    ).toEqual([a])
    expect(await store.listOperations({ operationTypes: ['AddLiquidity'] })).toEqual([])
    expect(await store.listOperations({ poolAddresses: [] })).toEqual([])
    expect(await store.listOperations({ success: false })).toEqual([])
    expect(await store.scanOperations({ since: '2026-11-02T00:00:00' })).toEqual([c, d])
    expect(await store.listOperationsByPoolTx(['dd', 'aa', 'zz'])).toEqual([a, d])
    expect(await store.getCursor('indexer')).toBeUndefined()
    await store.setCursor('indexer', '42')
    await store.setCursor('indexer', '43')
    expect(await store.getCursor('indexer')).toBe('43')
  })

  test('behavior: operation pages join to the whole ordered list, ties broken by insertion', async () => {
    const store = await kind.open()
    // 450 operations in the same second with equal logical times in pairs: pages of 200 must
    // resume exactly behind the last row read.
    const ops = Array.from({ length: 450 }, (_, i) =>
      swapRow(`h${String(i).padStart(4, '0')}`, 1000n + BigInt(Math.floor(i / 2))),
    )
    await store.insertOperations(ops)
    const pages: OperationRow[][] = []
    for await (const page of store.operationPages({})) pages.push([...page])
    expect(pages.map((p) => p.length)).toEqual([200, 200, 50])
    expect(pages.flat()).toEqual(await store.scanOperations({}))
    expect(pages.flat().map((o) => o.poolTxHash)).toEqual(ops.map((o) => o.poolTxHash))
  })

  test('behavior: an index batch is stored whole; blocks, actions, pools and ledgers read back', async () => {
    const store = await kind.open()
    const action: IndexedAction = {
      type: 'swap',
      version: 'v2',
      txPayload: { opcode: 0x6664de2a, query_id: '18446744073709551615', referral_address: null },
      exitCode: null,
      result: { fwd_gas: '0' },
    }
    const ops = [
      swapRow('a0', 100n, '2026-11-25T09:00:00'),
      swapRow('b1', 200n, '2026-11-25T10:00:00', { seqno: 7, timestamp: '2026-11-25T10:00:00' }),
      swapRow('b2', 300n, '2026-11-25T10:00:00', { seqno: 8, timestamp: '2026-11-25T10:00:00' }),
      swapRow('b3', 400n, '2026-11-25T10:00:05', { seqno: 8, timestamp: '2026-11-25T10:00:05' }),
      swapRow('b4', 500n, '2026-11-25T10:00:09', { seqno: 11, timestamp: '2026-11-25T10:00:09' }),
    ]
    expect(await store.latestIndexedBlock()).toBeUndefined()
    await store.applyIndexBatch(
      batch({
        transactions: ops.map((o, i) => transaction(o, i === 1 ? action : null)),
        operations: ops,
        // A pool repeated in one batch: the last state wins.
        pools: [indexedPool('EQp1', 5n), indexedPool('EQp2', 7n), indexedPool('EQp1', 6n)],
        feeWithdrawals: [],
        links: [{ messageHash: 'm1', parentHash: 'b1', originHash: 'wb1' }],
        jettonWallets: [
          { address: 'EQjw', ownerAddress: 'EQalice', masterAddress: null, balance: 5n },
        ],
        externalMessages: [{ hash: 'ext1', txHash: 'b2' }],
        cursor: { name: 'indexer', value: '500:b4' },
      }),
    )
    expect(await store.getCursor('indexer')).toBe('500:b4')
    expect(await store.latestIndexedBlock()).toEqual({
      seqno: 11,
      timestamp: '2026-11-25T10:00:09',
    })
    const all = await store.listOperations({})
    expect(all).toEqual(ops)
    expect(all[0]).not.toHaveProperty('block')
    const [b2] = await store.listIndexedTransactions({ hash: 'b2' })
    expect(b2?.block).toEqual({ seqno: 8, timestamp: '2026-11-25T10:00:00' })
    expect((await store.listIndexedTransactions({ hash: 'b1' }))[0]?.action).toEqual(action)
    expect(b2?.action).toBeNull()
    expect(
      (await store.listIndexedTransactions({ externalMessageHash: 'ext1' })).map((t) => t.hash),
    ).toEqual(['b2'])
    expect(
      (await store.listIndexedTransactions({ queryId: 18_446_744_073_709_551_615n, limit: 2 })).map(
        (t) => t.hash,
      ),
    ).toEqual(['b4', 'b3'])
    expect(await store.getMessageLink('m1')).toEqual({
      messageHash: 'm1',
      parentHash: 'b1',
      originHash: 'wb1',
    })
    const hashes = async (fromBlock: number, toBlock: number) =>
      (await store.listOperations({ fromBlock, toBlock })).map((o) => o.poolTxHash)
    expect(await hashes(8, 8)).toEqual(['b2', 'b3'])
    expect(await hashes(0, 7)).toEqual(['b1'])
    expect(await hashes(9, 10)).toEqual([])
    expect(await hashes(8, 99)).toEqual(['b2', 'b3', 'b4'])
    const pools = await store.listIndexedPools()
    expect(pools).toEqual([indexedPool('EQp1', 6n), indexedPool('EQp2', 7n)])
    // The same frozen array until the pools may have changed.
    expect(Object.isFrozen(pools)).toBe(true)
    expect(await store.listIndexedPools()).toBe(pools)
    await store.applyIndexBatch(
      batch({ pools: [indexedPool('EQp2', 8n)], cursor: { name: 'indexer', value: '501' } }),
    )
    const after = await store.listIndexedPools()
    expect(after).not.toBe(pools)
    expect(after).toEqual([indexedPool('EQp1', 6n), indexedPool('EQp2', 8n)])
    expect(await store.listIndexedJettonWallets()).toEqual([
      { address: 'EQjw', ownerAddress: 'EQalice', masterAddress: null, balance: 5n },
    ])
    // A batch applied again keeps what is stored.
    await store.applyIndexBatch(
      batch({ operations: ops, transactions: ops.map((o) => transaction(o)) }),
    )
    expect(await store.listOperations({})).toEqual(ops)
  })

  test('behavior: pools and wallets are read from the index, joined with reference data', async () => {
    const store = await kind.open()
    await store.replaceMarket(market)
    const router = market.routers.find(
      (r) => r.routerType === 'ConstantProduct' && r.majorVersion === 2,
    )
    const listed = market.pools.find((p) => p.routerAddress === router?.address)
    if (router === undefined || listed === undefined) throw new Error('no DEX v2 pool in the demo')
    const sides = { asset0Address: listed.token0Address, asset1Address: listed.token1Address }
    const created = 'EQcreatedPool'
    const owner = 'EQowner'
    await store.applyIndexBatch(
      batch({
        pools: [
          {
            ...indexedPool(listed.address, 7n),
            ...sides,
            routerAddress: router.address,
            protocolFeeAddress: 'EQfee',
          },
          { ...indexedPool(created, 11n), ...sides, routerAddress: router.address },
          // Not listed: a look-alike router, and a kind the router does not make.
          { ...indexedPool('EQlookalike', 1n), ...sides, routerAddress: 'EQlookalikeRouter' },
          {
            ...indexedPool('EQstable', 1n),
            ...sides,
            routerAddress: router.address,
            kind: 'stableswap',
          },
        ],
        jettonWallets: [
          {
            address: 'EQjw',
            ownerAddress: owner,
            masterAddress: listed.token1Address,
            balance: 5n,
          },
          { address: 'EQempty', ownerAddress: owner, masterAddress: 'EQspent', balance: 0n },
          { address: 'EQlpw', ownerAddress: owner, masterAddress: created, balance: 9n },
        ],
        lpAccounts: [
          { address: 'EQlpa', userAddress: owner, poolAddress: created, amount0: 2n, amount1: 0n },
        ],
        vaults: [
          {
            address: 'EQvault',
            ownerAddress: owner,
            tokenWallet: 'EQw1',
            routerAddress: router.address,
            balance: 3n,
          },
        ],
      }),
    )
    expect(await store.getPool(listed.address)).toEqual({
      ...listed,
      ...{ reserve0: 7n, reserve1: (1n << 120n) - 1n, lpTotalSupply: 1_414_213_562_373n },
      ...{ lpFee: 20n, protocolFee: 10n, refFee: 10n, protocolFeeAddress: 'EQfee' },
      ...{
        collectedToken0ProtocolFee: 0n,
        collectedToken1ProtocolFee: 0n,
        amp: null,
        rate: null,
        w0: null,
      },
    })
    expect(await store.getPool(created)).toMatchObject({
      ...{
        token0Address: listed.token0Address,
        token1Address: listed.token1Address,
        reserve0: 11n,
      },
      ...{ deprecated: false, lpTotalSupplyUsd: null, popularityIndex: null },
    })
    const pools = (await store.listPools()).map((p) => p.address)
    expect(pools).toContain(created)
    expect(pools).not.toContain('EQlookalike')
    expect(pools).not.toContain('EQstable')
    expect(pools).toHaveLength(market.pools.length + 1)
    const pair = await store.listPoolsByPair(listed.token1Address, listed.token0Address)
    expect(pair.map((p) => p.address)).toEqual(expect.arrayContaining([listed.address, created]))
    expect(await store.listBalances(owner)).toEqual([
      {
        walletAddress: owner,
        assetAddress: listed.token1Address,
        balance: 5n,
        jettonWalletAddress: 'EQjw',
      },
    ])
    const position = {
      ...{ walletAddress: owner, poolAddress: created, lpBalance: 9n, lpWalletAddress: 'EQlpw' },
      ...{ lpAccountAddress: 'EQlpa', token0Balance: 2n, token1Balance: 0n },
    }
    expect(await store.listLpPositions(owner)).toEqual([position])
    expect(await store.getLpPosition(owner, created)).toEqual(position)
    // The vault's token is a router wallet: named by the pool that holds it.
    expect(await store.listFeeVaults(owner)).toEqual([
      {
        ...{ vaultAddress: 'EQvault', ownerAddress: owner, assetAddress: listed.token1Address },
        ...{ routerAddress: router.address, balance: 3n },
      },
    ])
    await store.close()
  })

  test('behavior: indexed farms, stakes and their positions are replaced per batch and read back exactly', async () => {
    const store = await kind.open()
    const pool = {
      index: 0,
      rewardTokenWallet: 'EQrw0',
      rewardTokenMaster: null as string | null,
      status: 1,
      nanorewardsPer24h: (1n << 149n) + 3n,
      adminFee: 250n,
      unrestrictedDepositRewards: false,
      deposited: (1n << 150n) - 1n,
      accruedPerUnit: 270_057_081_959n,
      accrued: 49_669_481_720_382_478_391_155n,
      claimed: 10n ** 27n,
      claimedFee: 0n,
      accruedFee: 7n,
      lastUpdateTime: 1_713_977_034n,
    }
    const farm = {
      address: 'EQfarm',
      adminAddress: 'EQadmin',
      stakingTokenWallet: null,
      stakingTokenMaster: null,
      status: 0,
      nextItemIndex: 0n,
      currentStaked: 0n,
      minStakeTime: 864_000n,
      contractUniqueId: (1n << 64n) - 1n,
      createTimestamp: '2026-10-28T09:00:00',
      pools: [],
    }
    const position = (index: bigint, owner: string) => ({
      address: `EQitem${index}`,
      farmAddress: 'EQfarm',
      index,
      ownerAddress: owner,
      status: 1,
      staked: (1n << 120n) - 1n,
      stakeDate: 1_712_000_198n,
      revokeTime: 0n,
      claimedPerUnit: [
        { poolIndex: 0, perUnit: 34_014_696_971n },
        { poolIndex: 2, perUnit: (1n << 150n) - 1n },
      ],
      destroyed: false,
    })
    const staking = {
      address: 'EQstaking',
      stakingTokenWallet: 'EQston',
      secondaryTokenMinter: null,
      originTime: 1_693_837_802n,
      nextItemIndex: 1n,
      currentStaked: 21_396_948_712_332_186n,
      totalVotePower: (1n << 200n) - 1n,
      locked: true,
    }
    const stake = {
      address: 'EQstake0',
      minterAddress: 'EQstaking',
      index: 0n,
      ownerAddress: 'EQalice',
      status: 1,
      staked: 100_000_000n,
      votePower: 141_422_792n,
      lockDate: 1_693_838_034n,
      minUnstakeDate: 1_701_727_434n,
      gemston: 12_500_000n,
      revokeTime: 0n,
      destroyed: false,
    }
    expect(await store.listIndexedFarms()).toEqual([])
    expect(await store.listIndexedFarmPositions()).toEqual([])
    await store.applyIndexBatch(
      batch({
        farms: [farm],
        farmPositions: [position(10n, 'EQalice'), position(2n, 'EQbob')],
        stakings: [staking],
        stakePositions: [stake],
        cursor: { name: 'indexer', value: '1' },
      }),
    )
    const later = {
      ...farm,
      status: 1,
      stakingTokenWallet: 'EQlpw',
      stakingTokenMaster: 'EQpool',
      pools: [pool, { ...pool, index: 1, rewardTokenMaster: 'EQston' }],
    }
    const unstaked = {
      ...position(10n, 'EQalice'),
      status: 2,
      revokeTime: 1_713_977_166n,
      destroyed: true,
    }
    await store.applyIndexBatch(
      batch({
        farms: [later],
        farmPositions: [unstaked],
        stakePositions: [{ ...stake, status: 2, votePower: 0n }],
        cursor: { name: 'indexer', value: '2' },
      }),
    )
    expect(await store.listIndexedFarms()).toEqual([later])
    // By farm, then by index as a number (2 before 10).
    expect(await store.listIndexedFarmPositions()).toEqual([position(2n, 'EQbob'), unstaked])
    expect(await store.listIndexedFarmPositions('EQalice')).toEqual([unstaked])
    expect(await store.listIndexedFarmPositions('EQnobody')).toEqual([])
    expect(await store.listIndexedStakings()).toEqual([staking])
    expect(await store.listIndexedStakePositions('EQalice')).toEqual([
      { ...stake, status: 2, votePower: 0n },
    ])
    await store.close()
  })

  test('behavior: venue minters, vaults and operations: vaults replaced, operations once, filtered in logical-time order', async () => {
    const store = await kind.open()
    const vault = {
      address: 'EQvault',
      minterAddress: 'EQminter',
      kind: 'fee_vault' as const,
      ownerAddress: 'EQref',
      jettonWallet: 'EQmw',
      assetAddress: null,
      balance: 0n,
      lastCollectTime: 0n,
    }
    const operation = (
      txHash: string,
      txLt: bigint,
      timestamp: string,
      kind: 'accrual' | 'deposit' | 'withdrawal' | 'collect',
      amount: bigint,
    ) => ({
      txHash,
      txLt,
      timestamp,
      originHash: 'origin',
      kind,
      venue: 'fee_vault' as const,
      minterAddress: 'EQminter',
      vaultAddress: 'EQvault',
      ownerAddress: 'EQref',
      jettonWallet: 'EQmw',
      assetAddress: 'EQusdt',
      amount,
      senderAddress: kind === 'collect' ? 'EQref' : null,
      queryId: (1n << 64n) - 1n,
    })
    // Logical times of different lengths: 9 sorts before 10 as a number.
    const accrual = operation('h1', 10n, '2026-11-26T10:00:00', 'accrual', (1n << 120n) - 1n)
    const early = operation('h0', 9n, '2026-11-26T10:00:00', 'accrual', 5n)
    const collect = operation('h2', 1_000n, '2026-11-27T10:00:00', 'collect', (1n << 120n) + 4n)
    expect(await store.listIndexedVenueMinters()).toEqual([])
    expect(await store.listIndexedVenueVaults()).toEqual([])
    expect(await store.listVenueOperations({})).toEqual([])
    await store.applyIndexBatch(
      batch({
        venueMinters: [
          { address: 'EQminter', kind: 'fee_vault' },
          { address: 'EQescrow', kind: 'escrow' },
        ],
        venueVaults: [vault, { ...vault, address: 'EQother', ownerAddress: 'EQbob' }],
        venueOperations: [accrual, early],
        cursor: { name: 'indexer', value: '1' },
      }),
    )
    const credited = { ...vault, assetAddress: 'EQusdt', balance: (1n << 120n) + 4n }
    const collected = { ...credited, balance: 0n, lastCollectTime: 1_764_151_200n }
    await store.applyIndexBatch(
      batch({
        venueVaults: [credited, collected],
        // A second delivery of a stored operation changes nothing.
        venueOperations: [collect, { ...accrual, amount: 1n }],
        cursor: { name: 'indexer', value: '2' },
      }),
    )
    expect(await store.listIndexedVenueMinters()).toEqual([
      { address: 'EQescrow', kind: 'escrow' },
      { address: 'EQminter', kind: 'fee_vault' },
    ])
    expect(await store.listIndexedVenueVaults()).toEqual([
      { ...vault, address: 'EQother', ownerAddress: 'EQbob' },
      collected,
    ])
    expect(await store.listIndexedVenueVaults('EQref')).toEqual([collected])
    expect(await store.listVenueOperations({})).toEqual([early, accrual, collect])
    expect(
      await store.listVenueOperations({ ownerAddress: 'EQref', since: '2026-11-27T00:00:00' }),
    ).toEqual([collect])
    expect(
      await store.listVenueOperations({ vaultAddress: 'EQvault', until: '2026-11-26T10:00:00' }),
    ).toEqual([early, accrual])
    expect(await store.listVenueOperations({ ownerAddress: 'EQbob' })).toEqual([])
    expect(await store.getCursor('indexer')).toBe('2')
    await store.close()
  })

  test('behavior: the data version changes with every write, also by another connection', async () => {
    const database = await kind.database()
    const store = await database.open()
    const other = await database.open()
    const versions = new Set<string>([await store.dataVersion()])
    const changed = async (who: Store) => {
      const v = await who.dataVersion()
      expect(versions.has(v), v).toBe(false)
      versions.add(v)
    }
    // Unchanged without a write.
    expect(await store.dataVersion()).toBe(await store.dataVersion())
    await store.replaceMarket(market)
    await changed(store)
    await other.insertOperations([swapRow('x1', 10n)])
    await changed(store)
    await other.setCursor('c', '1')
    await changed(store)
    await other.applyIndexBatch(batch({ pools: [indexedPool('EQp', 1n)] }))
    await changed(store)
    expect(await store.listIndexedPools()).toEqual([indexedPool('EQp', 1n)])
    // Reference data follows another connection's market (at most 100 ms later).
    const [first, ...rest] = market.pools as [MarketData['pools'][number]]
    const moved = { ...first, reserve0: first.reserve0 + 1n }
    await other.replaceMarket({ ...market, pools: [moved, ...rest] })
    await expect
      .poll(async () => (await store.getPool(first.address))?.reserve0)
      .toBe(moved.reserve0)
  })

  test('behavior: contract layouts round-trip, replace by address, outlive a new market and show on another connection', async () => {
    const database = await kind.database()
    const store = await database.open()
    const other = await database.open()
    const usdl = { address: 'EQusdl', layout: 'tep74', cells: ['te6cckEBAQEAAgAAAEysuc0='] }
    const router = {
      address: 'EQrouter',
      layout: 'dex-v2-constant-product',
      cells: ['a', 'b', 'c'],
    }
    expect(await store.getContractLayout(usdl.address)).toBeUndefined()
    expect(await store.listContractLayouts()).toEqual([])
    const before = await other.dataVersion()
    await store.putContractLayouts([router, usdl])
    expect(await other.dataVersion()).not.toBe(before)
    expect(await other.getContractLayout(usdl.address)).toEqual(usdl)
    expect(await other.listContractLayouts()).toEqual([router, usdl])
    const moved = { ...usdl, layout: 'stablecoin', cells: ['d'] }
    await store.putContractLayouts([moved])
    await store.replaceMarket(market)
    expect(await other.listContractLayouts()).toEqual([router, moved])
    await store.putContractLayouts([])
    expect(await store.getContractLayout('EQnone')).toBeUndefined()
  })

  test('behavior: history stored out of order rolls up as the same history in order', async () => {
    const source = await kind.open()
    await writeSyntheticHistory(source, { operations: 600, days: 12, seed: 31, wallets: 40 })
    const operations = [...(await source.scanOperations({}))]
    let seed = 7
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    const shuffled = [...operations]
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[shuffled[i], shuffled[j]] = [shuffled[j] as OperationRow, shuffled[i] as OperationRow]
    }
    const store = await kind.open()
    for (let i = 0; i < shuffled.length; ) {
      const size = 1 + Math.floor(random() * 60)
      await store.insertOperations(shuffled.slice(i, i + size))
      i += size
    }
    const times = operations.map((o) => o.poolTxTimestamp).sort()
    const first = times[0] as string
    const last = times.at(-1) as string
    const shift = (t: string, s: number) =>
      new Date(Date.parse(`${t}Z`) + s * 1000).toISOString().slice(0, 19)
    const windows: [string, string][] = [
      [shift(first, 86_400), last],
      [`${shift(first, 2 * 86_400).slice(0, 10)}T00:00:00`, `${last.slice(0, 10)}T00:00:00`],
      [shift(first, 3 * 86_400 + 777), shift(last, -2 * 86_400 - 5)],
      [shift(first, 5 * 86_400), shift(first, 6 * 86_400)],
      [shift(last, -3600), last],
      ['1970-01-01T00:00:00', '9999-12-31T23:59:59'],
    ]
    for (const [since, until] of windows) {
      const distinct = new Set(
        operations
          .filter((o) => o.poolTxTimestamp >= since && o.poolTxTimestamp <= until)
          .map((o) => o.walletAddress),
      ).size
      expect(await store.countWallets({ since, until }), `${since} – ${until}`).toBe(distinct)
      expect(await source.countWallets({ since, until })).toBe(distinct)
      const totals = await store.poolSwapTotals({ since, until })
      expect(totals.length, `${since} – ${until}`).toBeGreaterThan(0)
      expect(totals).toEqual(await source.poolSwapTotals({ since, until }))
    }
  })
})
