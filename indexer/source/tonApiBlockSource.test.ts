import { Address, toNano } from '@ton/core'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LiveChain } from '../../chain/LiveChain.js'
import { tonHttpApi } from '../../chain/tonHttpApi/tonHttpApi.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import { createTonApiClient } from '../../upstream/tonApiClient.js'
import { tonApiBlockSource } from './tonApiBlockSource.js'

/**
 * The block source pages `getBlockTransactionsExt` as toncenter does (the cursor is the last
 * item's lt and ACCOUNT id) against the project's own TON HTTP API, which pages the same way:
 * every block read one transaction a page, two a page and whole gives each transaction once.
 * Before, the source sent the last transaction's hash as `after_hash`, which toncenter reads as
 * an account id: pages repeated and skipped transactions.
 */
describe('tonApiBlockSource: block paging', () => {
  let chain: LiveChain
  let app: FastifyInstance
  let base: string

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'block-source-paging' })
    chain = await LiveChain.open({ blockchain: dex.blockchain })
    const moon = (await chain.execute(() => dex.deployJetton('MOON'))).result
    for (const byte of ['b0', 'c1', '0d']) {
      const owner = Address.parse(`0:${byte.repeat(32)}`)
      await chain.execute(() => dex.mint(moon, owner, 5_000_000_000n))
      await chain.execute(() => dex.admin.send({ to: owner, value: toNano('1'), bounce: false }))
    }
    app = Fastify()
    await app.register(tonHttpApi, { chain })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (typeof address !== 'object' || address === null) throw new Error('not listening')
    base = `http://127.0.0.1:${address.port}`
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await chain?.close()
  })

  const read = async (pageSize: number | undefined) => {
    const client = createTonApiClient({ url: base, rps: Number.POSITIVE_INFINITY })
    const source = tonApiBlockSource({ client, pageSize })
    const head = await source.head()
    const blocks: { seqno: number; hashes: string[] }[] = []
    let after = 0
    while (after < head.seqno) {
      const got = await source.blocks(after, head.seqno)
      for (const b of got) {
        blocks.push({ seqno: b.seqno, hashes: b.transactions.map((t) => t.hash().toString('hex')) })
      }
      after = got.at(-1)?.seqno ?? after
    }
    return { blocks, requests: client.stats.requests }
  }

  test('one, two or all transactions a page: each block has its transactions, each once', async () => {
    const expected = Array.from({ length: chain.head.seqno }, (_, i) => ({
      seqno: i + 1,
      hashes: chain
        .blockTransactions(i + 1)
        .filter((t) => t.account.startsWith('0:'))
        .sort((a, b) => (a.lt < b.lt ? -1 : 1))
        .map((t) => Buffer.from(t.hash).toString('hex')),
    }))
    // Blocks with several accounts, whose (account, lt) order is not their lt order.
    const accounts = (seqno: number) =>
      new Set(chain.blockTransactions(seqno).map((t) => t.account)).size
    expect(expected.some((b) => accounts(b.seqno) > 2 && b.hashes.length > 3)).toBe(true)
    const whole = await read(undefined)
    expect(whole.blocks).toEqual(expected)
    const byOne = await read(1)
    expect(byOne.blocks).toEqual(expected)
    // One request a transaction (plus the one that finds the page after the last empty or
    // says it is complete): the pages are read, not repeated.
    expect(byOne.requests).toBeGreaterThan(whole.requests)
    expect((await read(2)).blocks).toEqual(expected)
  }, 120_000)
})
