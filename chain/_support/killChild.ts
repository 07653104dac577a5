/**
 * Child process of the kill test: opens the live chain journaled in the directory argv[2]
 * (deploying the test wallets on a fresh journal), then sends v4r2 transfers to bob five at a
 * time, printing `answered <seqno>` as each `sendExternal` resolves, until it is killed.
 */
import { Address } from '@ton/core'
import { LiveChain } from '../LiveChain.js'
import { FileJournal } from './fileJournal.js'
import { deployTestWallets, transferBoc } from './testWallets.js'

const bob = Address.parse(`0:${'b0'.repeat(32)}`)
const chain = await LiveChain.open({ journal: new FileJournal(process.argv[2]!), snapshotEvery: 7 })
const { v4 } = await deployTestWallets(chain)
process.stdout.write('ready\n')
for (let seqno = 0; seqno < 10_000; seqno += 5) {
  await Promise.all(
    [0, 1, 2, 3, 4].map(async (i) => {
      await chain.sendExternal(transferBoc(v4, seqno + i, bob, 1_000_000n))
      process.stdout.write(`answered ${seqno + i}\n`)
    }),
  )
}
