/**
 * The states of accounts at older blocks: kept as the chain runs, rebuilt from the journal
 * when it reopens, bounded, and forgotten by a revert.
 */
import { Address, Cell } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { LocalBlockchain } from '../emulator/LocalBlockchain.js'
import { deployTestWallets, transferBoc } from './_support/testWallets.js'
import { MemoryChainJournal } from './ChainJournal.js'
import { LiveChain } from './LiveChain.js'
import { LiveChainError } from './LiveChainError.js'
import { StateHistory } from './StateHistory.js'

const bob = Address.parse(`0:${'b0'.repeat(32)}`)

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof LiveChainError) return error.reason
    throw error
  }
  return 'none'
}

describe('account states at older blocks', () => {
  test('a reopened chain answers every block after its snapshot as the running chain did', async () => {
    const journal = new MemoryChainJournal()
    const chain = await LiveChain.open({ journal })
    const { v4, v5 } = await deployTestWallets(chain)
    for (let seqno = 0; seqno < 3; seqno++) {
      await chain.sendExternal(transferBoc(v4, seqno, bob, 1_000n))
      await chain.sendExternal(transferBoc(v5, seqno, v4.contract.address, 2_000n))
    }
    await chain.setBalance(bob, 7n)
    const accounts = [v4.contract.address, v5.contract.address, bob]
    const read = async (c: LiveChain) => {
      const answers: string[] = []
      for (let seqno = 0; seqno <= c.head.seqno; seqno++) {
        for (const address of accounts) {
          // the same cell (a reopened chain's sandbox may serialize it into other BoC bytes)
          const boc = await c.shardAccountCell(address, { seqno })
          answers.push(Cell.fromBoc(boc)[0]!.hash().toString('hex'))
        }
      }
      return answers
    }
    const running = await read(chain)
    // every account changed along the way: the answers are not all the head's
    expect(new Set(running).size).toBeGreaterThan(accounts.length * 3)
    const reopened = await LiveChain.open({
      journal,
      blockchain: await LocalBlockchain.createLocal(),
    })
    expect(reopened.head).toEqual(chain.head)
    expect(await read(reopened)).toEqual(running)
    expect((await reopened.account(bob, { seqno: 0 })).status).toBe('nonexist')
    expect((await reopened.account(bob)).balance).toBe(7n)

    // after a snapshot at the head, a restart keeps no older states
    await chain.close()
    const restarted = await LiveChain.open({
      journal,
      blockchain: await LocalBlockchain.createLocal(),
    })
    const head = restarted.head.seqno
    expect(await reasonOf(restarted.account(bob, { seqno: head - 1 }))).toBe('state_pruned')
    expect(await reasonOf(restarted.account(bob, { seqno: head + 1 }))).toBe('block_not_found')
    expect((await restarted.account(bob, { seqno: head })).balance).toBe(7n)
    await reopened.close()
    await restarted.close()
  })

  test('a revert forgets the states before the blocks it removed; get-methods run on old states', async () => {
    const chain = await LiveChain.open({ journal: new MemoryChainJournal() })
    const { v4 } = await deployTestWallets(chain)
    await chain.sendExternal(transferBoc(v4, 0, bob, 1n))
    // not deployed at genesis: nothing to run then
    expect(await reasonOf(chain.runGetMethod(v4.contract.address, 'seqno', [], { seqno: 0 }))).toBe(
      'account_not_active',
    )
    const point = await chain.savepoint()
    await chain.sendExternal(transferBoc(v4, 1, bob, 1n))
    const seqnoAt = async (seqno: number) =>
      (await chain.runGetMethod(v4.contract.address, 'seqno', [], { seqno })).stack[0]
    expect(await seqnoAt(point.head.seqno)).toEqual({ type: 'int', value: 1n })
    expect(await seqnoAt(chain.head.seqno)).toEqual({ type: 'int', value: 2n })
    await chain.revert(point)
    expect(await reasonOf(chain.account(bob, { seqno: point.head.seqno - 1 }))).toBe('state_pruned')
    await chain.sendExternal(transferBoc(v4, 1, bob, 1n))
    expect(await seqnoAt(point.head.seqno)).toEqual({ type: 'int', value: 1n })
    await chain.close()
  })

  test('StateHistory keeps the newest blocks within its block and byte bounds', () => {
    const history = new StateHistory({ floor: 0, maxBlocks: 3, maxBytes: 10 })
    history.add(1, new Map([['a', null]]))
    history.add(2, new Map([['a', 'xxxx']]))
    history.add(3, new Map([['b', 'yyyy']]))
    expect(history.at('a', 0)).toEqual({ kind: 'kept', state: null })
    expect(history.at('a', 1)).toEqual({ kind: 'kept', state: 'xxxx' })
    expect(history.at('a', 2)).toEqual({ kind: 'current' })
    expect(history.at('b', 2)).toEqual({ kind: 'kept', state: 'yyyy' })
    history.add(4, new Map([['a', 'zzzz']])) // 12 bytes > 10: block 2 goes too
    expect(history.size).toEqual({ blocks: 2, bytes: 8 })
    expect(history.floor).toBe(2)
    expect(history.at('a', 1)).toEqual({ kind: 'pruned' })
    expect(history.at('a', 2)).toEqual({ kind: 'kept', state: 'zzzz' })
    expect(history.at('b', 2)).toEqual({ kind: 'kept', state: 'yyyy' })
    expect(history.at('b', 3)).toEqual({ kind: 'current' })
  })
})
