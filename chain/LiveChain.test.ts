import { Address, beginCell, Cell, storeMessage, storeShardAccount, toNano } from '@ton/core'
import { internal } from '@ton/sandbox'
import { beforeAll, describe, expect, test } from 'vitest'
import { LocalBlockchain } from '../emulator/LocalBlockchain.js'
import { deployTestWallets, type TestWallet, transferBoc } from './_support/testWallets.js'
import { MemoryChainJournal } from './ChainJournal.js'
import { type ChainBlock, LiveChain } from './LiveChain.js'
import { LiveChainError } from './LiveChainError.js'

const bob = Address.parse(`0:${'b0'.repeat(32)}`)

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof LiveChainError) return error.code
    throw error
  }
  throw new Error('expected a LiveChainError')
}

async function seqnoOf(chain: LiveChain, wallet: TestWallet): Promise<number> {
  const { stack } = await chain.runGetMethod(wallet.contract.address, 'seqno')
  const top = stack[0]
  if (top?.type !== 'int') throw new Error('seqno is not an int')
  return Number(top.value)
}

describe('LiveChain', () => {
  let chain: LiveChain
  let journal: MemoryChainJournal
  let wallets: { v4: TestWallet; v5: TestWallet }
  const blocks: ChainBlock[] = []
  let clock = Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    journal = new MemoryChainJournal()
    chain = await LiveChain.open({ journal, clock: () => clock, snapshotEvery: 3 })
    chain.onBlock((block) => blocks.push(block))
    wallets = await deployTestWallets(chain)
  })

  test('tooling sends become numbered blocks, stored before the call answers', () => {
    expect(blocks.map((b) => b.seqno)).toEqual([1, 2, 3])
    expect(journal.readBlocks(0).map((b) => b.seqno)).toEqual([1, 2, 3])
    expect(chain.head.seqno).toBe(3)
  })

  test.each(['v4', 'v5'] as const)(
    'a %s transfer runs its whole message chain as one block',
    async (kind) => {
      const wallet = wallets[kind]
      const before = (await chain.account(bob)).balance
      clock += 5
      const sent = transferBoc(wallet, 0, bob, toNano('1.5'))
      const block = await chain.sendExternal(sent)
      expect(block.seqno).toBe(chain.head.seqno)
      expect(block.now).toBe(clock)
      expect(block.transactions).toHaveLength(2)
      // The block's root message is the external that was sent, and the first transaction's.
      const inMessage = block.transactions[0]!.inMessage!
      expect(inMessage.info.type).toBe('external-in')
      expect(block.message?.hash()).toEqual(Cell.fromBoc(sent)[0]!.hash())
      expect(block.message?.hash()).toEqual(
        beginCell().store(storeMessage(inMessage)).endCell().hash(),
      )
      const credit = block.transactions[1]!.inMessage!.info
      expect(credit.type === 'internal' && credit.value.coins).toBe(toNano('1.5'))
      // bob does not exist yet: the storage phase takes its rent (a nanoton or so) out of it
      const received = (await chain.account(bob)).balance - before
      expect(received).toBeLessThanOrEqual(toNano('1.5'))
      expect(received).toBeGreaterThan(toNano('1.5') - 1000n)
      expect(await seqnoOf(chain, wallet)).toBe(1)
      const [last] = chain.transactions(wallet.contract.address, { limit: 1 })
      expect(last?.lt).toBe(block.transactions[0]!.lt)
      expect((await chain.account(wallet.contract.address)).lastTransaction?.lt).toBe(last?.lt)
    },
  )

  test('the clock never goes backwards', async () => {
    const head = chain.head
    clock = head.now - 100
    const block = await chain.sendExternal(transferBoc(wallets.v4, 1, bob, 1n))
    expect(block.now).toBe(head.now)
    clock = head.now + 10
  })

  test('bad input is rejected with a stable code and changes nothing', async () => {
    const head = chain.head
    const lt = chain.blockchain.lt
    const state = (await chain.account(wallets.v4.contract.address)).shardAccount
    const internalBoc = beginCell()
      .store(storeMessage(internal({ from: bob, to: bob, value: 1n })))
      .endCell()
      .toBoc()
    expect(await codeOf(chain.sendExternal(Buffer.from('not a boc')))).toBe(
      'LIVE_CHAIN_INVALID_BOC',
    )
    expect(await codeOf(chain.sendExternal('!!!'))).toBe('LIVE_CHAIN_INVALID_BOC')
    expect(await codeOf(chain.sendExternal(internalBoc))).toBe('LIVE_CHAIN_NOT_EXTERNAL_IN')
    // replayed seqno, a foreign signature, an account that does not exist
    const stolen = { ...wallets.v4, keyPair: wallets.v5.keyPair }
    for (const boc of [
      transferBoc(wallets.v4, 0, bob, 1n),
      transferBoc(stolen, 2, bob, 1n),
      transferBoc({ ...wallets.v4, contract: wallets.v5.contract }, 9, bob, 1n),
    ]) {
      expect(await codeOf(chain.sendExternal(boc))).toBe('LIVE_CHAIN_EXTERNAL_REJECTED')
    }
    expect(chain.head).toEqual(head)
    expect(chain.blockchain.lt).toBe(lt)
    expect((await chain.account(wallets.v4.contract.address)).shardAccount).toEqual(state)
    // the chain still works
    expect((await chain.sendExternal(transferBoc(wallets.v4, 2, bob, 1n))).seqno).toBe(
      head.seqno + 1,
    )
  })

  test('concurrent submissions run one at a time, in order, each block contiguous', async () => {
    const first = await seqnoOf(chain, wallets.v4)
    const before = chain.head.seqno
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        chain.sendExternal(transferBoc(wallets.v4, first + i, bob, 1n)),
      ),
    )
    expect(results.map((b) => b.seqno)).toEqual([1, 2, 3, 4, 5, 6].map((i) => before + i))
    let previousLt = 0n
    for (const block of results) {
      const lts = block.transactions.map((tx) => tx.lt)
      expect(Math.min(...lts.map(Number))).toBeGreaterThan(Number(previousLt))
      previousLt = block.lt
      for (const lt of lts) expect(lt).toBeLessThanOrEqual(block.lt)
    }
  })

  test('transactions page by (lt, hash) like toncenter', () => {
    const all = chain.transactions(wallets.v4.contract.address, { limit: 100 })
    expect(all.length).toBeGreaterThan(5)
    const page1 = chain.transactions(wallets.v4.contract.address, { limit: 3 })
    const cursor = page1.at(-1)!
    const page2 = chain.transactions(wallets.v4.contract.address, {
      limit: 3,
      lt: cursor.lt,
      hash: cursor.hash,
    })
    expect(page2[0]).toEqual(cursor)
    expect([...page1, ...page2.slice(1)]).toEqual(all.slice(0, 5))
    expect(() =>
      chain.transactions(wallets.v4.contract.address, {
        limit: 1,
        lt: cursor.lt,
        hash: new Uint8Array(32),
      }),
    ).toThrow(LiveChainError)
  })

  test('reopening from the journal reproduces the same chain', async () => {
    const addresses = [wallets.v4.contract.address, wallets.v5.contract.address, bob]
    const stateOf = async (c: LiveChain) =>
      (await Promise.all(addresses.map((a) => c.account(a)))).map((info) =>
        beginCell().store(storeShardAccount(info.shardAccount)).endCell().hash().toString('hex'),
      )
    const expected = await stateOf(chain)
    const head = chain.head
    const history = chain.transactions(wallets.v4.contract.address, { limit: 1000 })
    // leave blocks after the last snapshot, so the restore applies journaled account states
    await chain.sendExternal(transferBoc(wallets.v5, await seqnoOf(chain, wallets.v5), bob, 7n))
    const after = await stateOf(chain)
    const lt = chain.blockchain.lt
    const unsnapshotted = chain.head.seqno - (journal.loadSnapshot()?.seqno ?? 0)
    expect(unsnapshotted).toBeGreaterThan(0)

    const restored = await LiveChain.open({
      journal,
      blockchain: await LocalBlockchain.createLocal(),
      clock: () => clock,
    })
    expect(restored.head.seqno).toBe(chain.head.seqno)
    expect(restored.blockchain.lt).toBe(lt)
    expect(await stateOf(restored)).toEqual(after)
    expect(restored.transactions(wallets.v4.contract.address, { limit: 1000 })).toEqual(history)
    expect(after).not.toEqual(expected)
    expect(head.seqno).toBeLessThan(restored.head.seqno)
    // and it goes on from there
    const seqno = await seqnoOf(restored, wallets.v5)
    const block = await restored.sendExternal(transferBoc(wallets.v5, seqno, bob, 1n))
    expect(block.seqno).toBe(chain.head.seqno + 1)
  })
})

describe('LiveChain failure paths', () => {
  test('a tooling job that throws still stores what it executed', async () => {
    const chain = await LiveChain.open()
    const seen: number[] = []
    chain.onBlock((block) => seen.push(block.seqno))
    await expect(
      chain.execute(async (blockchain) => {
        const funder = await blockchain.treasury('job-that-fails')
        await funder.send({ to: bob, value: toNano('1'), bounce: false })
        throw new Error('the job broke after sending')
      }),
    ).rejects.toThrow('the job broke after sending')
    expect(seen).toEqual([1, 2])
    expect((await chain.account(bob)).balance).toBeGreaterThan(0n)
    // the queue goes on
    const { blocks } = await chain.execute(async (blockchain) => {
      await (await blockchain.treasury('job-that-fails')).send({
        to: bob,
        value: 1n,
        bounce: false,
      })
    })
    expect(blocks.map((b) => b.seqno)).toEqual([3])
  })

  test('a past clock stamps the blocks; a job moves time forward only; a reopened chain resumes from its last block', async () => {
    const journal = new MemoryChainJournal()
    let clock = 1_761_408_000 // 30 days before 1 764 000 000
    const chain = await LiveChain.open({ journal, clock: () => clock })
    expect(chain.head.now).toBe(1_761_408_000)
    const pay =
      (blockchain: LocalBlockchain, at: number, from = 'dated') =>
      async () => {
        blockchain.now = at
        await (await blockchain.treasury(from)).send({ to: bob, value: 1n, bounce: false })
      }
    // A job stamps each step at its own time, later than the clock.
    const { blocks } = await chain.execute(async (blockchain) => {
      await pay(blockchain, 1_761_500_000)()
      await pay(blockchain, 1_761_600_000)()
    })
    expect(blocks.map((b) => b.now)).toEqual([1_761_500_000, 1_761_500_000, 1_761_600_000])
    // The chain's time is its last block's, though the clock lags behind it.
    expect(chain.time).toBe(1_761_600_000)
    const next = await chain.execute(async (blockchain) => {
      await (await blockchain.treasury('dated')).send({ to: bob, value: 1n, bounce: false })
    })
    expect(next.blocks[0]?.now).toBe(1_761_600_000)
    // Moving the sandbox's clock before the last block (on accounts it never ran, which the
    // sandbox allows) stops the chain.
    const backwards = chain.execute((blockchain) => pay(blockchain, 1_761_599_999, 'other')())
    expect(await codeOf(backwards)).toBe('LIVE_CHAIN_CLOCK_BACKWARDS')
    expect(await codeOf(chain.account(bob))).toBe('LIVE_CHAIN_CLOCK_BACKWARDS')
    expect(journal.readBlocks(0).map((b) => b.now)).toEqual([
      1_761_500_000, 1_761_500_000, 1_761_600_000, 1_761_600_000,
    ])
    // Reopened with a clock still in the past: it never stamps before its last block.
    clock = 1_761_000_000
    const reopened = await LiveChain.open({ journal, clock: () => clock })
    expect(reopened.time).toBe(1_761_600_000)
    const later = await reopened.execute(async (blockchain) => {
      await (await blockchain.treasury('dated')).send({ to: bob, value: 1n, bounce: false })
    })
    expect(later.blocks[0]?.now).toBe(1_761_600_000)
    clock = 1_764_000_000 // handed over to the wall clock
    const now = await reopened.execute(async (blockchain) => {
      await (await blockchain.treasury('dated')).send({ to: bob, value: 1n, bounce: false })
    })
    expect(now.blocks[0]?.now).toBe(1_764_000_000)
  })

  test('a message chain sent on the sandbox outside execute() is still a stored block', async () => {
    const journal = new MemoryChainJournal()
    const chain = await LiveChain.open({ journal })
    const funder = await chain.blockchain.treasury('outside') // deploys: block 1
    await funder.send({ to: bob, value: toNano('1'), bounce: false }) // block 2
    await chain.checkpoint() // queued after the flush of those blocks
    expect(chain.head.seqno).toBe(2)
    expect(journal.readBlocks(0).map((b) => b.transactions.length)).toEqual([1, 2])
    // credited but without code: uninit, no longer nonexistent
    expect((await chain.account(bob)).status).toBe('uninit')
  })

  test('a job that calls the chain gets an error instead of waiting for itself', async () => {
    const chain = await LiveChain.open()
    await expect(chain.execute(() => chain.account(bob))).rejects.toMatchObject({
      code: 'LIVE_CHAIN_REENTRANT_CALL',
    })
    expect((await chain.account(bob)).status).toBe('nonexist')
    // a block listener may call the chain: its call runs after the block's work
    const balances: Promise<bigint>[] = []
    chain.onBlock(() => balances.push(chain.account(bob).then((info) => info.balance)))
    await chain.execute(async (blockchain) => {
      await (await blockchain.treasury('listener')).send({ to: bob, value: 5n, bounce: false })
    })
    expect(await Promise.all(balances)).toEqual([5n, 5n])
  })

  test('the blocks of one job reach appendBlocks together when the journal has it', async () => {
    const journal = new MemoryChainJournal()
    const batches: number[][] = []
    const atomic = Object.assign(Object.create(journal) as MemoryChainJournal, {
      appendBlocks(blocks: readonly Parameters<MemoryChainJournal['appendBlock']>[0][]) {
        batches.push(blocks.map((b) => b.seqno))
        for (const block of blocks) journal.appendBlock(block)
      },
    })
    const chain = await LiveChain.open({ journal: atomic })
    await deployTestWallets(chain) // one job, three message chains
    expect(batches).toEqual([[1, 2, 3]])
    expect(journal.readBlocks(0).map((b) => b.seqno)).toEqual([1, 2, 3])
  })

  test('a journal that cannot store a block stops the chain instead of diverging', async () => {
    const journal = new MemoryChainJournal()
    let broken = false
    const failing = Object.assign(Object.create(journal) as MemoryChainJournal, {
      appendBlock(block: Parameters<MemoryChainJournal['appendBlock']>[0]) {
        if (broken) throw new Error('disk full')
        journal.appendBlock(block)
      },
    })
    const chain = await LiveChain.open({ journal: failing })
    const wallets = await deployTestWallets(chain)
    broken = true
    expect(await codeOf(chain.sendExternal(transferBoc(wallets.v4, 0, bob, 1n)))).toBe(
      'LIVE_CHAIN_JOURNAL_FAILED',
    )
    expect(await codeOf(chain.account(bob))).toBe('LIVE_CHAIN_JOURNAL_FAILED')
    expect(journal.readBlocks(0).map((b) => b.seqno)).toEqual([1, 2, 3])
  })

  test('a closed chain refuses work; reopening resumes without a final snapshot', async () => {
    const journal = new MemoryChainJournal()
    const chain = await LiveChain.open({ journal, snapshotEvery: 1000 })
    const wallets = await deployTestWallets(chain)
    await chain.sendExternal(transferBoc(wallets.v5, 0, bob, toNano('1')))
    // a "crash": no close(), the newest snapshot is the genesis state
    expect(journal.loadSnapshot()?.seqno).toBe(0)
    const resumed = await LiveChain.open({ journal })
    expect(resumed.head).toEqual(chain.head)
    expect((await resumed.account(bob)).balance).toBe((await chain.account(bob)).balance)
    await resumed.close()
    expect(journal.loadSnapshot()?.seqno).toBe(resumed.head.seqno)
    expect(await codeOf(resumed.account(bob))).toBe('LIVE_CHAIN_CLOSED')
  })
})
