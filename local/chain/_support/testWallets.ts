import { createHash } from 'node:crypto'
import { beginCell, type Cell, external, internal, SendMode, storeMessage, toNano } from '@ton/core'
import { type KeyPair, keyPairFromSeed } from '@ton/crypto'
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton'
import type { LiveChain } from '../LiveChain.js'

/** A standard wallet of the tests with its keys. */
export type TestWallet = {
  readonly contract: WalletContractV4 | WalletContractV5R1
  readonly keyPair: KeyPair
}

/** A deterministic key pair named by a seed phrase (test-only: no mnemonic, no KDF). */
export function testKeyPair(name: string): KeyPair {
  return keyPairFromSeed(createHash('sha256').update(name).digest())
}

/** A v4r2 and a v5r1 wallet as `@ton/ton` builds them, deployed and funded with 100 TON each. */
export async function deployTestWallets(
  chain: LiveChain,
): Promise<{ readonly v4: TestWallet; readonly v5: TestWallet }> {
  const v4Keys = testKeyPair('live-chain-v4')
  const v5Keys = testKeyPair('live-chain-v5')
  const v4 = WalletContractV4.create({ workchain: 0, publicKey: v4Keys.publicKey })
  const v5 = WalletContractV5R1.create({ workchain: 0, publicKey: v5Keys.publicKey })
  await chain.execute(async (blockchain) => {
    const treasury = await blockchain.treasury('live-chain-funder')
    for (const wallet of [v4, v5]) {
      await treasury.send({
        to: wallet.address,
        value: toNano('100'),
        init: wallet.init,
        bounce: false,
      })
    }
  })
  return { v4: { contract: v4, keyPair: v4Keys }, v5: { contract: v5, keyPair: v5Keys } }
}

/** A signed external message moving `value` nanotons from `wallet` to `to`, as a BoC. */
export function transferBoc(
  wallet: TestWallet,
  seqno: number,
  to: Parameters<typeof internal>[0]['to'],
  value: bigint,
): Buffer {
  return beginCell()
    .store(storeMessage(transferMessage(wallet, seqno, to, value)))
    .endCell()
    .toBoc()
}

/** The external message of {@link transferBoc}. */
export function transferMessage(
  wallet: TestWallet,
  seqno: number,
  to: Parameters<typeof internal>[0]['to'],
  value: bigint,
): ReturnType<typeof external> {
  const args = {
    seqno,
    secretKey: wallet.keyPair.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [internal({ to, value, bounce: false })],
  }
  const body: Cell =
    wallet.contract instanceof WalletContractV4
      ? wallet.contract.createTransfer(args)
      : wallet.contract.createTransfer(args)
  return external({ to: wallet.contract.address, body })
}
