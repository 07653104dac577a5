import { createHash } from 'node:crypto'
import { type KeyPair, mnemonicToPrivateKey, mnemonicValidate, mnemonicWordList } from '@ton/crypto'
import { type Address, WalletContractV4 } from '@ton/ton'

/** The fixed seed every test wallet derives from: the same wallets on every machine, forever. */
export const TEST_WALLET_SEED = 'ton-dex-lab local test wallets'

/**
 * Names of the local exchange's test wallets, in order.
 *
 * @example
 * ```ts
 * TEST_WALLET_NAMES[0] // 'alpha'
 * ```
 */
export const TEST_WALLET_NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo'] as const

/** One deterministic test wallet: its 24 words, keys and v4r2 contract. LOCAL USE ONLY. */
export type TestWallet = {
  readonly name: string
  /** 24 words of the TON mnemonic standard; public knowledge, never use them on a real network. */
  readonly mnemonic: readonly string[]
  /** The wallet v4r2 contract (workchain 0, the default subwallet id). */
  readonly contract: WalletContractV4
  readonly address: Address
  /** The key pair (`mnemonicToPrivateKey`: 100 000 PBKDF2 rounds, so derived on demand). */
  keyPair(): Promise<KeyPair>
}

/**
 * The public keys the mnemonics derive (`mnemonicToPrivateKey`), so a start needs no key
 * derivation for the addresses; a test derives them again.
 */
const PUBLIC_KEYS: Readonly<Record<string, string>> = {
  alpha: '0af1aba04a7306b42a07f188c4f0c22aa50265d527dd8b1fc93687014985a9c2',
  bravo: '70d8c22baa5f6fe72e2e12a4b941d121948384fa51d869931913bca8230480a3',
  charlie: 'f6d750cd5b9534e2c6a4c256ff3cad8f82e00a2f98563e7f5535de66039cd063',
  delta: '38dac18929a4b9f6ff9f5e064f2a567f7dd93ec947200e55f93c8f32416c9220',
  echo: 'e64759c4147dc752863adecf5260bc746354ac976d5f0e4ac30dd6d403244eb5',
}

/**
 * The 24-word mnemonic of test wallet `name`: the first candidate `n = 0, 1, …` whose words
 * `wordlist[u16(sha256(seed | name | n | i)) mod 2048]` (i = 0..23) form a valid TON mnemonic
 * (`mnemonicValidate`, which accepts about one word sequence in 256). Deterministic, and a real
 * mnemonic that any TON wallet imports — but public, so for local use only.
 *
 * @example
 * ```ts
 * (await testWalletMnemonic('alpha')).length // 24
 * ```
 */
export async function testWalletMnemonic(name: string): Promise<string[]> {
  return (await searchMnemonic(name, FIRST_VALID[name] ?? 0)).words
}

/**
 * The first valid candidate of each wallet, found by {@link searchMnemonic} from 0 (a test
 * repeats the whole search): starting there saves ~250 validations per wallet at every start.
 */
const FIRST_VALID: Readonly<Record<string, number>> = {
  alpha: 264,
  bravo: 496,
  charlie: 503,
  delta: 296,
  echo: 462,
}

/**
 * Searches the candidates of `name` from `from` on; answers the first valid one.
 *
 * @example
 * ```ts
 * (await searchMnemonic('alpha', 0)).candidate // the first n whose words validate
 * ```
 */
export async function searchMnemonic(
  name: string,
  from: number,
): Promise<{ readonly candidate: number; readonly words: string[] }> {
  for (let n = from; ; n++) {
    const words = Array.from({ length: 24 }, (_, i) => {
      const digest = createHash('sha256').update(`${TEST_WALLET_SEED}|${name}|${n}|${i}`).digest()
      return mnemonicWordList[digest.readUInt16BE(0) % mnemonicWordList.length] as string
    })
    if (await mnemonicValidate(words)) return { candidate: n, words }
  }
}

/**
 * The local exchange's five test wallets (`alpha` … `echo`), v4r2, derived from
 * {@link TEST_WALLET_SEED}. `npm start` funds them with TON and every demo jetton and lists
 * them at `GET /local/wallets`. LOCAL USE ONLY: their mnemonics are published here.
 *
 * @example
 * ```ts
 * const [alpha] = await testWallets()
 * alpha.address.toString({ bounceable: false }) // 'UQBHPGRAkOj9Rz1CdPT8y_vD-oPMLTJrXxS_n5cG3BIAva2K'
 * const { secretKey } = await alpha.keyPair() // to sign with @ton/ton's WalletContractV4
 * ```
 */
export async function testWallets(): Promise<readonly TestWallet[]> {
  const wallets: TestWallet[] = []
  for (const name of TEST_WALLET_NAMES) {
    const mnemonic = await testWalletMnemonic(name)
    let keys: Promise<KeyPair> | undefined
    const keyPair = () => {
      keys ??= mnemonicToPrivateKey(mnemonic)
      return keys
    }
    const pinned = PUBLIC_KEYS[name]
    const publicKey =
      pinned === undefined ? (await keyPair()).publicKey : Buffer.from(pinned, 'hex')
    const contract = WalletContractV4.create({ workchain: 0, publicKey })
    wallets.push({ name, mnemonic, contract, address: contract.address, keyPair })
  }
  return wallets
}
