/**
 * What each DEX v2 flow costs the user in TON on the emulator (the balance change of the
 * sending wallet, the SDK's default TON attached), and the TON the pool, the LP wallet and the
 * user's jetton wallet keep. `docs/emulator.md` ("Local vs mainnet") sets them beside the real
 * contracts' figures.
 *
 *   node --import tsx bench/tonPerFlow.ts [kind]
 */
import { type Address, toNano } from '@ton/core'
import type { PoolKind } from '../core/index.js'
import { createLocalDex, type LocalDex, type Treasury } from '../emulator/index.js'

const E9 = 10n ** 9n
const E18 = 10n ** 18n
const kind = (process.argv[2] ?? 'constant_product') as PoolKind

const dex = await createLocalDex({ now: 1_700_000_000, seed: `ton-${kind}`, fastCells: true })
const alice = await dex.wallet('alice')
const bob = await dex.wallet('bob')
const ton = await dex.deployPton('v2')
const router = await dex.deployRouter('v2', { pton: ton, kind })
const a = await dex.deployJetton('AAA')
const b = await dex.deployJetton('BBB')
const c = await dex.deployJetton('CCC')
for (const jetton of [a, b, c]) await dex.mint(jetton, alice.address, 10n ** 15n)
const pool = await dex.pool(router, a, b)

async function tonOf(d: LocalDex, address: Address): Promise<bigint> {
  return (await d.blockchain.getContract(address)).balance
}
const fmt = (n: bigint) => (Number(n) / 1e9).toFixed(4).padStart(8)
async function step(name: string, who: Treasury, run: () => Promise<unknown>, offeredTon = 0n) {
  const before = await tonOf(dex, who.address)
  await run()
  const after = await tonOf(dex, who.address)
  console.log(`${name.padEnd(34)} ${fmt(after - before + offeredTon)}`)
}

if (kind === 'stableswap') await dex.setPoolParams(pool, { amp: 100n })
if (kind === 'weighted_const_product') await dex.setPoolParams(pool, { w0: (7n * E18) / 10n })
if (kind === 'weighted_stableswap') await dex.setPoolParams(pool, { amp: 10n * E18, w0: E18 / 2n })
console.log(`${kind}: user TON change per step (TON offered excluded)`)
await step('provide A + B, new pool (2 msgs)', alice, () =>
  dex.createPool(router, {
    from: alice,
    assetA: a,
    amountA: 1000n * E9,
    assetB: b,
    amountB: 2000n * E9,
  }),
)
const lpWallet = await dex.blockchain.runGetMethod(pool.address, 'get_wallet_address', [
  {
    type: 'slice',
    cell: (await import('@ton/core')).beginCell().storeAddress(alice.address).endCell(),
  },
])
const lpWalletAddress = lpWallet.stackReader.readAddress()
const poolKept = await tonOf(dex, pool.address)
const lpKept1 = await tonOf(dex, lpWalletAddress)
await step('second balanced provision (2 msgs)', alice, () =>
  dex.provide(router, {
    from: alice,
    assetA: a,
    amountA: 100n * E9,
    assetB: b,
    amountB: 200n * E9,
  }),
)
const lpKept2 = await tonOf(dex, lpWalletAddress)
await step('swap A→B', alice, () =>
  dex.swap(router, { from: alice, offer: a, ask: b, amount: 10n * E9 }),
)
await step('swap with referral (25 bps)', alice, () =>
  dex.swap(router, {
    from: alice,
    offer: a,
    ask: b,
    amount: 10n * E9,
    referral: bob.address,
    referralBps: 25n,
  }),
)
await step('min_out too high (refund)', alice, () =>
  dex.swap(router, { from: alice, offer: a, ask: b, amount: 10n * E9, minOut: 1000n * E9 }),
)
await step('no pool (A→C refund)', alice, () =>
  dex.swap(router, { from: alice, offer: a, ask: c, amount: E9 }),
)
const lp = await dex.lpBalance(pool, alice.address)
await step('burn ⅓ LP', alice, () => dex.burn(pool, { from: alice, lp: lp / 3n }))
await step('vault withdrawal (bob)', bob, () =>
  dex.withdrawReferralFees(router, { owner: bob.address, asset: b, from: bob }),
)
const aliceB = await dex.blockchain.runGetMethod(b.minter, 'get_wallet_address', [
  {
    type: 'slice',
    cell: (await import('@ton/core')).beginCell().storeAddress(bob.address).endCell(),
  },
])
const bobWallet = aliceB.stackReader.readAddress()
const noPool = await dex.pool(router, a, c)
console.log(`pool keeps after its first provision   ${fmt(poolKept)}`)
console.log(`empty A/C pool the no-pool swap deployed ${fmt(await tonOf(dex, noPool.address))}`)
console.log(`LP wallet keeps after 1 / 2 mints        ${fmt(lpKept1)} /${fmt(lpKept2)}`)
console.log(`bob's new B wallet keeps (one receive)   ${fmt(await tonOf(dex, bobWallet))}`)
void toNano
