import { Address } from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { dapp } from './_support/dapp.js'

/** A first start built here, and two exchanges started from copies of the run's demo database. */
let fresh: RunningLocalExchange
let copyA: RunningLocalExchange
let copyB: RunningLocalExchange
const options = { dbPath: ':memory:', host: '127.0.0.1', port: 0, demoSwaps: 2 }
beforeAll(async () => {
  fresh = await startLocalExchange(options)
  copyA = await startDemoExchange(options)
  copyB = await startDemoExchange(options)
})
afterAll(async () => {
  await Promise.all([fresh?.close(), copyA?.close(), copyB?.close()])
})

const json = async (exchange: RunningLocalExchange, path: string) =>
  (await fetch(`${exchange.url}${path}`)).json()
/** The market of an exchange without its contracts' addresses: what two builds share. */
async function market(exchange: RunningLocalExchange) {
  const { router_list } = (await json(exchange, '/v1/routers')) as {
    router_list: { address: string; major_version: number; router_type: string }[]
  }
  const { asset_list } = (await json(exchange, '/v1/assets')) as {
    asset_list: { contract_address: string; symbol: string; decimals: number }[]
  }
  const { pool_list } = (await json(exchange, '/v1/pools')) as {
    pool_list: { router_address: string; token0_address: string; token1_address: string }[]
  }
  const symbol = new Map(asset_list.map((a) => [a.contract_address, a.symbol]))
  const router = new Map(
    router_list.map((r) => [r.address, `v${r.major_version} ${r.router_type}`]),
  )
  return {
    routers: [...router.values()].sort(),
    assets: asset_list.map((a) => `${a.symbol}/${a.decimals}`).sort(),
    pools: pool_list
      .map(
        (p) =>
          `${router.get(p.router_address)} ${symbol.get(p.token0_address)}-${symbol.get(p.token1_address)}`,
      )
      .sort(),
  }
}
const SINK = Address.parse(`0:${'3d'.repeat(32)}`)

describe('startDemoExchange (test support): the demo exchange from a copy of a built database', () => {
  // Two builds of the demo deploy its contracts at different addresses (each build's own), so
  // what is compared is the market's make-up: the routers' kinds, the assets, the pools' pairs.
  test('serves what a first start of the same demo serves: market, wallets, chain head', async () => {
    expect(await market(copyA)).toEqual(await market(fresh))
    expect(await json(copyA, '/local/wallets')).toEqual(await json(fresh, '/local/wallets'))
    expect(copyA.chain?.head.seqno).toBe(fresh.chain?.head.seqno)
    expect(copyA.chain?.head.seqno).toBeGreaterThan(0)
    expect(copyA.wallets.map((w) => w.address.toString())).toEqual(
      fresh.wallets.map((w) => w.address.toString()),
    )
  })

  test('each copy is its own database: a transfer on one is not on the other', async () => {
    const head = copyB.chain?.head.seqno
    const [alpha] = copyA.wallets
    if (alpha === undefined) throw new Error('no wallet')
    await dapp(copyA.url).send(alpha, { to: SINK, value: 1_000_000n })
    expect(copyA.chain?.head.seqno).toBeGreaterThan(head ?? 0)
    expect(copyB.chain?.head.seqno).toBe(head)
    expect(copyB.chain?.transactions(SINK, { limit: 10 })).toHaveLength(0)
    expect(copyA.chain?.transactions(SINK, { limit: 10 }).length).toBeGreaterThan(0)
  })

  test('a dated or PostgreSQL first start is refused: those build their own demo', async () => {
    await expect(startDemoExchange({ ...options, datedHistory: true })).rejects.toThrow(/dated/)
    await expect(
      startDemoExchange({ ...options, databaseUrl: 'postgres://127.0.0.1:1/x' }),
    ).rejects.toThrow(/PostgreSQL/)
  })
})
