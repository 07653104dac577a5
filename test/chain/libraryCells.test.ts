import { type Address, beginCell, type Cell, contractAddress, Dictionary, toNano } from '@ton/core'
import { describe, expect, it } from 'vitest'
import { LiveChain, MemoryChainJournal } from '../../chain/index.js'
import { fixtureCode } from '../../contracts-fixtures/fixtureCode.js'
import { createLocalDex, LocalBlockchain, type LocalRouter } from '../../emulator/index.js'
import { dexV2RouterData } from '../../protocol/index.js'

// The DEX v2 and pTON v2 codes are library cells, as STON.fi's v2 deployment holds them on
// mainnet (docs/emulator.md, "Library cells"): code fields and state-inits carry a reference,
// the code itself sits in the sandbox's `blockchain.libs` (what a TON API's `getLibraries` reads).

const E9 = 10n ** 9n

/** The code cell of an account: a library reference or plain code. */
async function codeOf(blockchain: LocalBlockchain, address: Address): Promise<Cell> {
  const state = (await blockchain.getContract(address)).accountState
  if (state?.type !== 'active' || state.state.code == null) throw new Error('not active')
  return state.state.code
}

/** The hashes of the codes `blockchain.libs` holds, hex. */
function libraryHashes(blockchain: LocalBlockchain): string[] {
  const libs = blockchain.libs
  if (libs === undefined) return []
  const dict = Dictionary.loadDirect(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell(), libs)
  return dict.keys().map((k) => k.toString('hex'))
}

/** A library reference: exotic type 2 with the code's hash. */
function isLibraryOf(cell: Cell, code: Cell): boolean {
  if (!cell.isExotic) return false
  const s = cell.beginParse(true)
  return s.loadUint(8) === 2 && s.loadBuffer(32).equals(code.hash())
}

async function world() {
  const dex = await createLocalDex({ now: 1_700_000_000, seed: 'library-cells' })
  const alice = await dex.wallet('alice')
  const ton = await dex.deployPton('v2')
  const router = await dex.deployRouter('v2', { pton: ton })
  const a = await dex.deployJetton('AAA')
  const b = await dex.deployJetton('BBB')
  for (const jetton of [a, b]) await dex.mint(jetton, alice.address, 10n ** 15n)
  return { dex, alice, ton, router, a, b }
}

describe('library cells', () => {
  it('pTON v2: minter and wallet code are library references, get-methods and TON swaps work', async () => {
    const { dex, alice, ton, router, a } = await world()
    const minterCode = await codeOf(dex.blockchain, ton.minter)
    expect(isLibraryOf(minterCode, fixtureCode('ptonV2Minter'))).toBe(true)
    const wallet = await dex.blockchain.runGetMethod(ton.minter, 'get_wallet_address', [
      { type: 'slice', cell: beginCell().storeAddress(router.address).endCell() },
    ])
    const routerWallet = wallet.stackReader.readAddress()
    expect(
      isLibraryOf(await codeOf(dex.blockchain, routerWallet), fixtureCode('ptonV2Wallet')),
    ).toBe(true)
    expect(libraryHashes(dex.blockchain)).toEqual(
      expect.arrayContaining(
        [fixtureCode('ptonV2Minter'), fixtureCode('ptonV2Wallet'), fixtureCode('dexV2Router')].map(
          (c) => c.hash().toString('hex'),
        ),
      ),
    )
    await dex.createPool(router, {
      from: alice,
      assetA: a,
      amountA: 1000n * E9,
      assetB: ton,
      amountB: 100n * E9,
    })
    const r = await dex.swap(router, { from: alice, offer: ton, ask: a, amount: 5n * E9 })
    expect(r.failures).toEqual([])
    expect(r.amountOut).toBeGreaterThan(0n)
  })

  it('the router → pool swap pays 0.0014 TON forward fee with a library reference, far more inline', async () => {
    const { dex, alice, a, b, router } = await world()
    // The same router with its own and the stored codes inline (how a plain deployment holds them).
    const data = dexV2RouterData({
      admin: dex.admin.address,
      id: 1n,
      poolCode: fixtureCode('dexV2Pool'),
      lpWalletCode: fixtureCode('dexV2LpWallet'),
      lpAccountCode: fixtureCode('dexV2LpAccount'),
      vaultCode: fixtureCode('dexV2Vault'),
    })
    const init = { code: fixtureCode('dexV2Router'), data }
    const inlineAddress = contractAddress(0, init)
    await dex.admin.send({ to: inlineAddress, value: toNano('1'), init })
    const inline: LocalRouter = {
      dex: 'v2',
      kind: 'constant_product',
      address: inlineAddress,
      pton: undefined,
    }

    /** The forward fee and the value of the router's `swap` to the pool (with its state-init). */
    async function routerToPool(via: LocalRouter) {
      await dex.createPool(via, {
        from: alice,
        assetA: a,
        amountA: 1000n * E9,
        assetB: b,
        amountB: 2000n * E9,
      })
      const r = await dex.swap(via, { from: alice, offer: a, ask: b, amount: 10n * E9 })
      expect(r.failures).toEqual([])
      const hop = r.transactions.find(
        (tx) =>
          tx.inMessage?.info.type === 'internal' &&
          tx.inMessage.info.src.equals(via.address) &&
          tx.inMessage.init != null,
      )
      if (hop?.inMessage?.info.type !== 'internal') throw new Error('no router → pool message')
      return { fee: hop.inMessage.info.forwardFee, value: hop.inMessage.info.value.coins }
    }

    const lib = await routerToPool(router)
    const plain = await routerToPool(inline)
    console.log(
      `router → pool swap: forward fee ${Number(lib.fee) / 1e9} TON with library references, ` +
        `${Number(plain.fee) / 1e9} TON inline; value reaching the pool ${Number(lib.value) / 1e9} / ${Number(plain.value) / 1e9} TON`,
    )
    // Mainnet (the real v2.2 router, library references): 0.0014 TON; inline 0.0158.
    expect(lib.fee).toBeGreaterThanOrEqual(toNano('0.0013'))
    expect(lib.fee).toBeLessThanOrEqual(toNano('0.0015'))
    expect(plain.fee).toBeGreaterThan(5n * lib.fee)
    // What the fee does not take reaches the pool: the total fee is 3/2 of the part the
    // message records (the sender's third is paid in its action phase).
    const saved = lib.value - plain.value
    expect(saved).toBeGreaterThan(((plain.fee - lib.fee) * 3n) / 2n - toNano('0.0001'))
    expect(saved).toBeLessThan(((plain.fee - lib.fee) * 3n) / 2n + toNano('0.0001'))
  })

  it('a live chain resumed from its journal after a crash holds the libraries published after its start', async () => {
    const { dex, a, b } = await world()
    const journal = new MemoryChainJournal()
    const chain = await LiveChain.open({ blockchain: dex.blockchain, journal, snapshotEvery: 1000 })
    // A router of another kind, deployed on the running chain, publishes new library codes.
    const { result: stable } = await chain.execute(() =>
      dex.deployRouter('v2', { kind: 'stableswap' }),
    )
    const { result: pool } = await chain.execute(() => dex.pool(stable, a, b))
    await chain.execute(() => dex.setPoolParams(pool, { amp: 100n }))
    // No close (which snapshots): the process stops here, and a new one resumes the journal.

    const restarted = await LiveChain.open({
      blockchain: await LocalBlockchain.createLocal(),
      journal,
    })
    expect(libraryHashes(restarted.blockchain)).toEqual(
      expect.arrayContaining(
        [fixtureCode('dexV2StableRouter'), fixtureCode('dexV2StablePool')].map((c) =>
          c.hash().toString('hex'),
        ),
      ),
    )
    const getter = await restarted.runGetMethod(stable.address, 'get_pool_address', [
      { type: 'slice', cell: beginCell().storeAddress(pool.wallet0).endCell() },
      { type: 'slice', cell: beginCell().storeAddress(pool.wallet1).endCell() },
    ])
    expect(getter.exitCode).toBe(0)
    const data = await restarted.runGetMethod(pool.address, 'get_pool_data')
    expect(data.exitCode).toBe(0)
    await restarted.close()
    await chain.close()
  })
})
