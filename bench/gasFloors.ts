/**
 * The emulator's gas floors: the lowest TON forwarded to a DEX v2 router (the SDK's
 * `forwardGasAmount`) at which a swap, a referral swap and a cross-swap of 2 and 3 hops still
 * deliver, per pool kind, found by bisection to 0.0001 TON; and what happens just below.
 * `docs/emulator.md` ("Local vs mainnet") compares them with the real contracts.
 *
 *   node --import tsx bench/gasFloors.ts [kind…]
 */
import { toNano } from '@ton/core'
import type { PoolKind } from '../core/index.js'
import {
  createLocalDex,
  type LocalDex,
  type LocalJetton,
  type Treasury,
} from '../emulator/index.js'

const E9 = 10n ** 9n
const E18 = 10n ** 18n
const STEP = toNano('0.0001')

type Outcome = 'out' | 'mid' | 'back' | 'lost'

async function world(kind: PoolKind) {
  const dex = await createLocalDex({ now: 1_700_000_000, seed: `floors-${kind}`, fastCells: true })
  const alice = await dex.wallet('alice')
  const bob = await dex.wallet('bob')
  const ton = await dex.deployPton('v2')
  const router = await dex.deployRouter('v2', { pton: ton, kind })
  const tokens: LocalJetton[] = []
  for (const symbol of ['AAA', 'BBB', 'CCC', 'DDD']) {
    const jetton = await dex.deployJetton(symbol)
    await dex.mint(jetton, alice.address, 10n ** 15n)
    tokens.push(jetton)
  }
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i] as LocalJetton
    const b = tokens[i + 1] as LocalJetton
    const pool = await dex.pool(router, a, b)
    if (kind === 'stableswap') await dex.setPoolParams(pool, { amp: 100n })
    if (kind === 'weighted_const_product') await dex.setPoolParams(pool, { w0: (7n * E18) / 10n })
    if (kind === 'weighted_stableswap') {
      await dex.setPoolParams(pool, { amp: 10n * E18, w0: E18 / 2n })
    }
    await dex.createPool(router, {
      from: alice,
      assetA: a,
      amountA: 1000n * E9,
      assetB: b,
      amountB: 2000n * E9,
    })
  }
  return { dex, router, alice, bob, tokens }
}

async function balances(dex: LocalDex, tokens: readonly LocalJetton[], who: Treasury) {
  return Promise.all(tokens.map((t) => dex.jettonBalance(t, who.address)))
}

/** One attempt from a fresh snapshot: what alice got back. */
async function attempt(
  w: Awaited<ReturnType<typeof world>>,
  hops: number,
  referral: boolean,
  routerTon: bigint,
): Promise<{ outcome: Outcome; failures: number; txs: number }> {
  const { dex, router, alice, bob, tokens } = w
  const path = tokens.slice(0, hops + 1)
  const before = await balances(dex, path, alice)
  const amount = 10n * E9
  const r =
    hops === 1
      ? await dex.swap(router, {
          from: alice,
          offer: path[0] as LocalJetton,
          ask: path[1] as LocalJetton,
          amount,
          referral: referral ? bob.address : undefined,
          referralBps: referral ? 25n : undefined,
          routerTon,
        })
      : await dex.crossSwap(router, { from: alice, path, amount, routerTon })
  const after = await balances(dex, path, alice)
  const gained = after.map((b, i) => b - (before[i] as bigint))
  const outcome: Outcome =
    (gained.at(-1) as bigint) > 0n
      ? 'out'
      : gained.slice(1, -1).some((g) => g > 0n)
        ? 'mid'
        : (gained[0] as bigint) === 0n
          ? 'back'
          : 'lost'
  return { outcome, failures: r.failures.length, txs: r.transactions.length }
}

async function floor(w: Awaited<ReturnType<typeof world>>, hops: number, referral: boolean) {
  const base = w.dex.snapshot()
  const at = async (ton: bigint) => {
    await w.dex.restore(base)
    const r = await attempt(w, hops, referral, ton)
    await w.dex.restore(base)
    return r
  }
  let lo = toNano('0.05')
  let hi = toNano('0.6')
  while (hi - lo > STEP) {
    const mid = ((lo + hi) / 2n / STEP) * STEP
    if ((await at(mid)).outcome === 'out') hi = mid
    else lo = mid
  }
  const below = await at(hi - STEP)
  const far = await at(toNano('0.005'))
  return { floor: hi, below, far }
}

const fmt = (n: bigint) => (Number(n) / 1e9).toFixed(4)
const kinds: PoolKind[] = [
  'constant_product',
  'stableswap',
  'weighted_const_product',
  'weighted_stableswap',
]
const only = process.argv.slice(2)
for (const kind of kinds.filter((k) => only.length === 0 || only.includes(k))) {
  const w = await world(kind)
  const cases: [string, number, boolean][] = [
    ['swap', 1, false],
    ['swap + referral', 1, true],
  ]
  if (kind === 'constant_product') cases.push(['cross-swap 2 hops', 2, false])
  if (kind === 'constant_product') cases.push(['cross-swap 3 hops', 3, false])
  for (const [name, hops, referral] of cases) {
    const { floor: f, below, far } = await floor(w, hops, referral)
    console.log(
      `${kind.padEnd(22)} ${name.padEnd(18)} floor ${fmt(f)}  below: ${below.outcome}` +
        ` (${below.failures} failed)  at 0.005: ${far.outcome} (${far.failures} failed, ${far.txs} txs)`,
    )
  }
}
