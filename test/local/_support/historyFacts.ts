import { DEMO_VENUE_WALLETS } from '../../../demo/demoVenues.js'
import { ARBITRAGE_WALLET } from '../../../demo/runScenario.js'
import { LocalBlockchain } from '../../../emulator/LocalBlockchain.js'
import type { Store } from '../../../store/Store.js'

/** What makes a demo history whole, read from the index. */
export type HistoryFacts = {
  /** Swaps of the scenario's users (the arbitrage wallet's and the referral venues' not counted). */
  readonly userSwaps: number
  /** The arbitrage wallet's swaps. */
  readonly arbitrageSwaps: number
  /** The referral venues' routes through the pools (`demoVenues`). */
  readonly venueSwaps: number
  /** Pools with at least one swap. */
  readonly tradedPools: number
  /** Pools listed in the index. */
  readonly pools: number
  /** Distinct UTC days with a swap. */
  readonly activeDays: number
  /** Swaps in the 24 h before the newest operation of the history. */
  readonly lastDaySwaps: number
  /** Seconds from the oldest to the newest operation. */
  readonly span: number
}

/** The facts of the demo history in `store` (operations up to `until`, unix seconds). */
export async function historyFacts(store: Store, until: number): Promise<HistoryFacts> {
  const unix = (iso: string) => Date.parse(`${iso}Z`) / 1000
  const operations = (await store.listOperations({ limit: 1_000_000 })).filter(
    (o) => unix(o.poolTxTimestamp) <= until,
  )
  const swaps = operations.filter((o) => o.operationType === 'Swap')
  const arbitrage = (await (await LocalBlockchain.createLocal()).treasury(ARBITRAGE_WALLET)).address
  const trader = swaps.filter((o) => o.walletAddress === arbitrage.toString())
  const local = await LocalBlockchain.createLocal()
  const venueWallets = new Set<string>()
  for (const name of DEMO_VENUE_WALLETS) {
    venueWallets.add((await local.treasury(name)).address.toString())
  }
  const venues = swaps.filter((o) => venueWallets.has(o.walletAddress))
  const times = operations.map((o) => unix(o.poolTxTimestamp))
  const newest = Math.max(...times)
  return {
    userSwaps: swaps.length - trader.length - venues.length,
    arbitrageSwaps: trader.length,
    venueSwaps: venues.length,
    tradedPools: new Set(swaps.map((o) => o.poolAddress)).size,
    pools: (await store.listIndexedPools()).length,
    activeDays: new Set(swaps.map((o) => o.poolTxTimestamp.slice(0, 10))).size,
    lastDaySwaps: swaps.filter((o) => unix(o.poolTxTimestamp) > newest - 86_400).length,
    span: newest - Math.min(...times),
  }
}
