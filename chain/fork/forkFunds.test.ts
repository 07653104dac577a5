import { Address, toNano } from '@ton/core'
import { internal } from '@ton/sandbox'
import { describe, expect, test } from 'vitest'
import { MemoryChainJournal } from '../ChainJournal.js'
import { LiveChain } from '../LiveChain.js'
import { LiveChainError } from '../LiveChainError.js'
import { topUpOnFork } from './forkFunds.js'

const funded = Address.parse(`0:${'f1'.repeat(32)}`)
const empty = Address.parse(`0:${'e2'.repeat(32)}`)
const poor = Address.parse(`0:${'a3'.repeat(32)}`)

describe('test funds on a chain', () => {
  test('topUpOnFork: only accounts under the floor, one journaled block each; a reopen keeps them', async () => {
    const journal = new MemoryChainJournal()
    const chain = await LiveChain.open({ journal })
    await chain.setBalance(funded, toNano('5000'))
    await chain.setBalance(poor, toNano('3'))
    const head = chain.head.seqno
    const topped = await topUpOnFork(chain, [funded, empty, poor], {
      floor: toNano('1000'),
      balance: toNano('100000'),
    })
    expect(topped.map((a) => a.toRawString())).toEqual([empty.toRawString(), poor.toRawString()])
    expect(chain.head.seqno).toBe(head + 2)
    expect((await chain.account(funded)).balance).toBe(toNano('5000'))
    expect((await chain.account(empty)).balance).toBe(toNano('100000'))
    await chain.close()
    const reopened = await LiveChain.open({ journal })
    expect((await reopened.account(poor)).balance).toBe(toNano('100000'))
    await reopened.close()
  })

  test('addBalance adds to what the account holds; emulateInternal changes nothing', async () => {
    const chain = await LiveChain.open()
    await chain.setBalance(funded, toNano('2'))
    const block = await chain.addBalance(funded, toNano('0.5'))
    expect(block.transactions).toHaveLength(0)
    expect((await chain.account(funded)).balance).toBe(toNano('2.5'))
    // From an address nobody controls: the destination's transaction, on a copy.
    const message = internal({ from: empty, to: funded, value: toNano('1') })
    const head = chain.head
    const tx = await chain.emulateInternal(message)
    expect(tx.inMessage?.info.type).toBe('internal')
    expect(chain.head).toEqual(head)
    expect((await chain.account(funded)).balance).toBe(toNano('2.5'))
    const external = { ...message, info: { type: 'external-in', dest: funded, importFee: 0n } }
    const refused = await chain.emulateInternal(external as never).catch((e: unknown) => e)
    expect((refused as LiveChainError).code).toBe('LIVE_CHAIN_NOT_INTERNAL')
    expect(refused).toBeInstanceOf(LiveChainError)
    await chain.close()
  })
})
