import { mnemonicValidate, mnemonicWordList } from '@ton/crypto'
import { WalletContractV4 } from '@ton/ton'
import { expect, test } from 'vitest'
import {
  searchMnemonic,
  TEST_WALLET_NAMES,
  testWalletMnemonic,
  testWallets,
} from '../../chain/wallets/testWallets.js'

test('default: five v4r2 wallets with valid 24-word mnemonics, the same on every machine', async () => {
  const wallets = await testWallets()
  expect(wallets.map((w) => w.name)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo'])
  expect(wallets.map((w) => w.address.toString({ bounceable: false }))).toMatchInlineSnapshot(`
    [
      "UQBHPGRAkOj9Rz1CdPT8y_vD-oPMLTJrXxS_n5cG3BIAva2K",
      "UQCus7cB9VdQcnUJy9uhAcL0K32j_ZfhzBk0FG_o33Jlo38q",
      "UQAumRzNhh67pR_MCtmm9WJfaawNsYmNFxj7OkuESuIL2hvg",
      "UQDba_e2Jj-bOatVdEfWkarVxptapw9dinFh_tjsBL7vRwge",
      "UQBkwYDIdEdA_UtA3qXlmu4UQuwY2EMOnBEt-rELs-MeJmYz",
    ]
  `)
  for (const wallet of wallets) {
    expect(wallet.mnemonic).toHaveLength(24)
    expect(wallet.mnemonic.every((word) => mnemonicWordList.includes(word))).toBe(true)
    expect(await mnemonicValidate([...wallet.mnemonic])).toBe(true)
    // The pinned public key is what the mnemonic derives.
    const { publicKey } = await wallet.keyPair()
    const contract = WalletContractV4.create({ workchain: 0, publicKey })
    expect(contract.address.equals(wallet.address)).toBe(true)
  }
})

test('behavior: each mnemonic is the first valid candidate of its name (the pinned start is no shortcut)', async () => {
  for (const name of TEST_WALLET_NAMES) {
    expect((await searchMnemonic(name, 0)).words).toEqual(await testWalletMnemonic(name))
  }
})
