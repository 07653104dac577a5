import { Address, loadCommonMessageInfo, toNano } from '@ton/core'
import { expect, test } from 'vitest'
import { type TransactionInput, tapExecutor } from './executorTap.js'
import { LocalBlockchain } from './LocalBlockchain.js'

const bob = Address.parse(`0:${'b0'.repeat(32)}`)

/** The destination of a tapped transaction's in-message, raw. */
function destination(input: TransactionInput): string | undefined {
  const info = loadCommonMessageInfo(input.message.beginParse())
  return info.type === 'external-out' ? undefined : info.dest.toRawString()
}

test('a tap sees each transaction before it runs; the newest tap replaces the older', async () => {
  const blockchain = await LocalBlockchain.createLocal()
  const treasury = await blockchain.treasury('alice')
  const first: TransactionInput[] = []
  const second: TransactionInput[] = []
  const untapFirst = tapExecutor(blockchain.executor, (input) => first.push(input))

  await treasury.send({ to: bob, value: toNano('1'), bounce: false })
  // the treasury's transaction, then bob's: each with the state the executor was given
  expect(first.map(destination)).toEqual([treasury.address.toRawString(), bob.toRawString()])
  expect(first.every((input) => input.shardAccount.length > 0)).toBe(true)

  const untapSecond = tapExecutor(blockchain.executor, (input) => second.push(input))
  untapFirst() // no longer the executor's tap: removes nothing
  await treasury.send({ to: bob, value: toNano('1'), bounce: false })
  expect(first).toHaveLength(2)
  expect(second.map(destination)).toEqual([treasury.address.toRawString(), bob.toRawString()])
  // bob's state before the second transfer holds the first transfer's coins
  expect(second[1]!.shardAccount).not.toBe(first[1]!.shardAccount)

  untapSecond()
  await treasury.send({ to: bob, value: toNano('1'), bounce: false })
  expect(second).toHaveLength(2)
})

test('the executor yields to the event loop before each transaction', async () => {
  const blockchain = await LocalBlockchain.createLocal()
  const treasury = await blockchain.treasury('alice')
  tapExecutor(blockchain.executor, () => undefined)
  let turns = 0
  let running = true
  const count = () => {
    if (!running) return
    turns++
    setImmediate(count)
  }
  setImmediate(count)
  await treasury.send({ to: bob, value: toNano('1'), bounce: false })
  running = false
  // a turn before each of the two transactions
  expect(turns).toBeGreaterThanOrEqual(2)
})
