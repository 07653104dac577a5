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

/** The v4r2 and v5r1 test wallets (always the same keys), not deployed. */
export function testWallets(): { readonly v4: TestWallet; readonly v5: TestWallet } {
  const v4Keys = testKeyPair('live-chain-v4')
  const v5Keys = testKeyPair('live-chain-v5')
  return {
    v4: {
      contract: WalletContractV4.create({ workchain: 0, publicKey: v4Keys.publicKey }),
      keyPair: v4Keys,
    },
    v5: {
      contract: WalletContractV5R1.create({ workchain: 0, publicKey: v5Keys.publicKey }),
      keyPair: v5Keys,
    },
  }
}

/** The {@link testWallets}, deployed and funded with 100 TON each (blocks 1 to 3 of a new chain). */
export async function deployTestWallets(
  chain: LiveChain,
): Promise<{ readonly v4: TestWallet; readonly v5: TestWallet }> {
  const wallets = testWallets()
  await chain.execute(async (blockchain) => {
    const treasury = await blockchain.treasury('live-chain-funder')
    for (const { contract } of [wallets.v4, wallets.v5]) {
      await treasury.send({
        to: contract.address,
        value: toNano('100'),
        init: contract.init,
        bounce: false,
      })
    }
  })
  return wallets
}

/** A signed external message moving `value` nanotons from `wallet` to `to`, as a BoC. */
export function transferBoc(
  wallet: TestWallet,
  seqno: number,
  to: Parameters<typeof internal>[0]['to'],
  value: bigint,
  validUntil?: number,
): Buffer {
  return beginCell()
    .store(storeMessage(transferMessage(wallet, seqno, to, value, validUntil)))
    .endCell()
    .toBoc()
}

/** The external message of {@link transferBoc}. */
export function transferMessage(
  wallet: TestWallet,
  seqno: number,
  to: Parameters<typeof internal>[0]['to'],
  value: bigint,
  validUntil?: number,
): ReturnType<typeof external> {
  const args = {
    seqno,
    ...(validUntil === undefined ? {} : { timeout: validUntil }),
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
