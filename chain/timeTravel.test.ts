import { Address, toNano } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { deployTestWallets, type TestWallet, transferBoc } from './_support/testWallets.js'
import { ChainJournalError, MemoryChainJournal } from './ChainJournal.js'
import { LiveChain } from './LiveChain.js'
import { LiveChainError } from './LiveChainError.js'

const carol = Address.parse(`0:${'ca'.repeat(32)}`)

async function seqnoOf(chain: LiveChain, wallet: TestWallet): Promise<number> {
  const { stack } = await chain.runGetMethod(wallet.contract.address, 'seqno')
  const top = stack[0]
  if (top?.type !== 'int') throw new Error('seqno is not an int')
  return Number(top.value)
}

async function opened(clock: () => number) {
  const journal = new MemoryChainJournal()
  const chain = await LiveChain.open({ journal, clock })
  const wallets = await deployTestWallets(chain)
  return { journal, chain, wallets }
}

describe('LiveChain time travel', () => {
  test("setTime moves the next block's time and get-methods' time; never backwards", async () => {
    const wall = 1_800_000_000
    const { chain, wallets } = await opened(() => wall)
    expect(chain.setTime({ increase: 3_600 })).toBe(wall + 3_600)
    expect(chain.time).toBe(wall + 3_600)
    const [block] = await chain.mine(1)
    expect(block?.now).toBe(wall + 3_600)
    expect(chain.setTime({ set: wall + 7_200 })).toBe(wall + 7_200)
    const transfer = await chain.sendExternal(
      transferBoc(wallets.v4, 0, carol, toNano('1'), wall + 7_260),
    )
    expect(transfer.now).toBe(wall + 7_200)
    let refused: unknown
    try {
      chain.setTime({ set: wall + 7_199 })
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(LiveChainError)
    expect((refused as LiveChainError).code).toBe('LIVE_CHAIN_TIME_BACKWARDS')
    expect(() => chain.setTime({ increase: -1 })).toThrow(LiveChainError)
    expect(chain.time).toBe(wall + 7_200)
    await chain.close()
  })

  test('mine and setBalance are journaled blocks without transactions; a reopened chain keeps them', async () => {
    const wall = 1_800_000_000
    const { journal, chain } = await opened(() => wall)
    const head = chain.head.seqno
    const transactions = chain.transactionCount
    const mined = await chain.mine(2)
    expect(mined.map((b) => [b.seqno, b.transactions.length])).toEqual([
      [head + 1, 0],
      [head + 2, 0],
    ])
    const set = await chain.setBalance(carol, 42_000_000_000n)
    expect(set.seqno).toBe(head + 3)
    expect((await chain.account(carol)).balance).toBe(42_000_000_000n)
    expect(chain.transactionCount).toBe(transactions)
    const stored = journal.readBlocks(head)
    expect(stored.map((b) => b.transactions.length)).toEqual([0, 0, 0])
    expect(stored.at(-1)?.accounts.map((a) => a.address)).toEqual([carol.toRawString()])
    // Reopened from the journal alone (no close, so no final snapshot): the balance is there.
    const again = await LiveChain.open({ journal, clock: () => wall })
    expect(again.head.seqno).toBe(head + 3)
    expect(again.blockTime(head + 1)).toBe(wall)
    expect((await again.account(carol)).balance).toBe(42_000_000_000n)
    await again.close()
  })

  test('revert puts the state, history, head and clock back; the journal forgets; the next block follows', async () => {
    let wall = 1_800_000_000
    const { journal, chain, wallets } = await opened(() => wall)
    let reverted = 0
    chain.onRevert(() => reverted++)
    const point = await chain.savepoint()
    const balance = (await chain.account(wallets.v4.contract.address)).balance
    const history = chain.transactions(wallets.v4.contract.address, { limit: 10 }).length
    chain.setTime({ increase: 86_400 })
    await chain.sendExternal(transferBoc(wallets.v4, 0, carol, toNano('2'), wall + 86_460))
    await chain.sendExternal(transferBoc(wallets.v4, 1, carol, toNano('2'), wall + 86_460))
    expect(await seqnoOf(chain, wallets.v4)).toBe(2)

    await chain.revert(point)
    expect(reverted).toBe(1)
    expect(chain.revision).toBe(1)
    expect(chain.head).toEqual(point.head)
    expect(chain.time).toBe(wall)
    expect(await seqnoOf(chain, wallets.v4)).toBe(0)
    expect((await chain.account(wallets.v4.contract.address)).balance).toBe(balance)
    expect((await chain.account(carol)).status).toBe('nonexist')
    expect(chain.transactions(wallets.v4.contract.address, { limit: 10 })).toHaveLength(history)
    expect(chain.blockTransactions(point.head.seqno + 1)).toEqual([])
    expect(journal.readBlocks(0).at(-1)?.seqno).toBe(point.head.seqno)

    wall += 5
    const next = await chain.sendExternal(transferBoc(wallets.v4, 0, carol, toNano('1'), wall + 60))
    expect(next.seqno).toBe(point.head.seqno + 1)
    // A restart resumes the reverted chain.
    await chain.close()
    const again = await LiveChain.open({ journal, clock: () => wall })
    expect(again.head.seqno).toBe(point.head.seqno + 1)
    expect(await seqnoOf(again, wallets.v4)).toBe(1)
    // A savepoint past the head (an earlier revert went back before it) is refused.
    const late = { ...point, head: { ...point.head, seqno: point.head.seqno + 5 } }
    await expect(again.revert(late)).rejects.toMatchObject({ code: 'LIVE_CHAIN_UNKNOWN_SAVEPOINT' })
    await again.close()
  })

  test('error: a journal without discardAfter cannot revert; discardAfter past the end is refused', async () => {
    const journal = new MemoryChainJournal()
    const { discardAfter: _, ...plain } = journal
    const chain = await LiveChain.open({
      journal: {
        appendBlock: (block) => journal.appendBlock(block),
        saveSnapshot: (snapshot) => journal.saveSnapshot(snapshot),
        loadSnapshot: () => journal.loadSnapshot(),
        readBlocks: (after) => journal.readBlocks(after),
      },
    })
    expect(Object.keys(plain)).not.toContain('discardAfter')
    const point = await chain.savepoint()
    await expect(chain.revert(point)).rejects.toMatchObject({
      code: 'LIVE_CHAIN_REVERT_UNSUPPORTED',
    })
    expect(() => journal.discardAfter(99)).toThrow(ChainJournalError)
    await chain.close()
  })
})
