import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address, Cell, loadTransaction } from '@ton/core'
import { afterAll, expect, test } from 'vitest'
import { testWallets } from '../../chain/wallets/testWallets.js'
import { startLocalExchange } from '../../local/startLocalExchange.js'
import { dapp } from './_support/dapp.js'
import { spawnServe } from './_support/spawnServe.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-kill-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const dbPath = join(dir, 'dex.sqlite')
/** Where every transfer goes: an address with no contract, credited once per transfer. */
const SINK = Address.parse(`0:${'5e'.repeat(32)}`)

/** Starts `ton-dex-lab serve` in a child process; resolves with its URL. */
const serve = () =>
  spawnServe(['serve', '--db', dbPath, '--port', '0', '--demo-swaps', '6'], 'Database:')

test('killed with SIGKILL mid-flight: no answered transfer lost, none duplicated, index = chain', async () => {
  const server = await serve()
  const wallets = await testWallets()
  const app = dapp(server.url)
  // Five wallets send transfers concurrently, each waiting for its previous one to be answered.
  const answered = new Map<string, number>()
  let total = 0
  let killing: Promise<void> | undefined
  const runs = wallets.map(async (wallet) => {
    for (let i = 0; i < 50 && killing === undefined; i++) {
      try {
        await app.send(wallet, { to: SINK, value: 1_000_000n })
      } catch {
        return // the server died under this request: not answered
      }
      answered.set(wallet.name, (answered.get(wallet.name) ?? 0) + 1)
      total += 1
      // Kill while the other four wallets have a transfer in flight.
      if (total === 12) killing = server.kill()
    }
  })
  await Promise.all(runs)
  await killing
  expect(total).toBeGreaterThanOrEqual(12)

  const exchange = await startLocalExchange({ dbPath, host: '127.0.0.1', port: 0 })
  try {
    const chain = exchange.chain
    if (chain === undefined) throw new Error('no chain after the restart')
    let externals = 0
    for (const wallet of wallets) {
      const history = chain.transactions(wallet.address, { limit: 10_000 })
      const sent = history.filter(
        (t) =>
          loadTransaction(Cell.fromBoc(Buffer.from(t.boc))[0]!.beginParse()).inMessage?.info
            .type === 'external-in',
      )
      const { stack } = await chain.runGetMethod(wallet.address, 'seqno')
      const seqno = stack[0]?.type === 'int' ? Number(stack[0].value) : -1
      // Every answered transfer is on the chain, each seqno ran once.
      expect(seqno).toBeGreaterThanOrEqual(answered.get(wallet.name) ?? 0)
      expect(sent).toHaveLength(seqno)
      externals += seqno
    }
    // The sink was credited once per executed transfer.
    expect(chain.transactions(SINK, { limit: 10_000 })).toHaveLength(externals)
    // The index holds every chain transaction exactly once.
    await exchange.indexed(chain.head.seqno)
    const indexed = await exchange.store.listIndexedTransactions({ limit: 1_000_000 })
    expect(new Set(indexed.map((t) => t.hash)).size).toBe(indexed.length)
    expect(indexed).toHaveLength(chain.transactionCount)
    // And the chain goes on.
    const [alpha] = wallets
    if (alpha === undefined) throw new Error('no wallet')
    await dapp(exchange.url).send(alpha, { to: SINK, value: 1_000_000n })
    expect(chain.transactions(SINK, { limit: 10_000 })).toHaveLength(externals + 1)
  } finally {
    await exchange.close()
  }
})
