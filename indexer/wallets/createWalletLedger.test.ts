import { beginCell, type Cell, contractAddress } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { OP_CODES } from '../../protocol/opCodes.js'
import { fuzz } from '../../test/_support/fuzz.js'
import {
  addr,
  bounceOf,
  feed,
  internalTransferBody,
  JettonModel,
  message,
  received,
  walletInit,
} from '../../test/_support/ledgerChain.js'
import { createWalletLedger } from './createWalletLedger.js'

const MASTER = addr(1)
const [ALICE, BOB, CAROL, EVE] = [addr(2), addr(3), addr(4), addr(5)]
const walletRow = (ledger: ReturnType<typeof createWalletLedger>, owner = ALICE) =>
  ledger.rows().jettonWallets.find((w) => w.ownerAddress === owner.toString())

describe('jetton wallets', () => {
  test('follows mints, transfers and burns with owner and master from the state-init', () => {
    const jetton = new JettonModel(MASTER)
    const ledger = createWalletLedger()
    feed(ledger, jetton.mint(ALICE, 1_000_000n))
    feed(ledger, jetton.transfer(ALICE, BOB, 250_000n))
    feed(ledger, jetton.burn(BOB, 50_000n))
    expect(ledger.rows().jettonWallets).toEqual([
      {
        address: jetton.wallet(ALICE).toString(),
        ownerAddress: ALICE.toString(),
        masterAddress: MASTER.toString(),
        balance: 750_000n,
      },
      {
        address: jetton.wallet(BOB).toString(),
        ownerAddress: BOB.toString(),
        masterAddress: MASTER.toString(),
        balance: 200_000n,
      },
    ])
  })

  test('adopts a wallet it meets after it existed: counted from zero, then its prior state added', () => {
    const jetton = new JettonModel(MASTER)
    const ledger = createWalletLedger()
    // Deployed and funded before the ledger looked: a mint it sees finds the wallet active.
    const [seen] = jetton.mint(ALICE, 1_000n)
    const fed = seen as NonNullable<typeof seen>
    feed(ledger, [{ ...fed, tx: { ...fed.tx, oldStatus: 'active' } }])
    expect(walletRow(ledger)?.balance).toBe(1_000n)
    const adoptions = ledger.takeAdoptions()
    expect(adoptions).toEqual([{ kind: 'jetton-wallet', address: jetton.wallet(ALICE).toString() }])
    expect(ledger.takeAdoptions()).toEqual([])
    ledger.takeChanges()
    ledger.adopt({
      ...{ kind: 'jetton-wallet', address: jetton.wallet(ALICE).toString(), balance: 4_000n },
      ...{ ownerAddress: ALICE.toString(), masterAddress: MASTER.toString() },
    })
    expect(walletRow(ledger)?.balance).toBe(5_000n)
    // The correction is a change of the next batch; an absent prior changes nothing.
    expect(ledger.takeChanges().jettonWallets.map((w) => w.balance)).toEqual([5_000n])
    ledger.adopt({ kind: 'jetton-wallet', address: jetton.wallet(ALICE).toString(), absent: true })
    expect(walletRow(ledger)?.balance).toBe(5_000n)
    // A wallet deployed while the ledger looks is not adopted.
    feed(ledger, jetton.mint(BOB, 10n))
    expect(ledger.takeAdoptions()).toEqual([])
  })

  test('restores a bounced internal_transfer and a bounced burn notification', () => {
    const jetton = new JettonModel(MASTER)
    const ledger = createWalletLedger()
    feed(ledger, jetton.mint(ALICE, 1_000n))
    const bounced = jetton.transfer(ALICE, BOB, 400n, true)
    feed(ledger, bounced.slice(0, 1))
    expect(walletRow(ledger)?.balance).toBe(600n) // debited when sent
    feed(ledger, bounced.slice(1))
    expect(walletRow(ledger)?.balance).toBe(1_000n) // and given back by the bounce
    expect(walletRow(ledger, BOB)).toBeUndefined() // the aborted receiver is not followed
    feed(ledger, jetton.burn(ALICE, 300n, true))
    expect(walletRow(ledger)?.balance).toBe(1_000n)
  })

  test('ignores aborted transactions: over-balance transfers and strangers', () => {
    const jetton = new JettonModel(MASTER)
    const ledger = createWalletLedger()
    feed(ledger, jetton.mint(ALICE, 1_000n))
    feed(ledger, jetton.transfer(ALICE, BOB, 1_001n))
    feed(ledger, jetton.burn(ALICE, 5_000n))
    feed(ledger, jetton.stranger(EVE, ALICE, 10n))
    // An internal_transfer straight from a stranger: the wallet aborts (707).
    const forged = message(EVE, jetton.wallet(ALICE), internalTransferBody(10n ** 9n, EVE), {
      init: walletInit(ALICE, MASTER),
    })
    feed(ledger, [received(forged, { aborted: true })])
    expect(walletRow(ledger)?.balance).toBe(1_000n)
  })

  test('does not follow contracts whose state-init is not a TEP-74 wallet', () => {
    const ledger = createWalletLedger()
    // A proxy-TON wallet stores `balance owner minter` with no code reference.
    const code = beginCell().storeUint(1, 8).endCell()
    const data = beginCell().storeCoins(0n).storeAddress(ALICE).storeAddress(MASTER).endCell()
    const pton = contractAddress(0, { code, data })
    feed(ledger, [
      received(message(MASTER, pton, internalTransferBody(5n, null), { init: { code, data } })),
    ])
    // No state-init and an unknown sender: nothing to go by.
    feed(ledger, [received(message(EVE, addr(9), internalTransferBody(5n, EVE)))])
    // A bounce to an account the ledger does not follow.
    const stray = message(addr(9), EVE, internalTransferBody(5n, EVE))
    feed(ledger, [received(bounceOf(stray))])
    expect(ledger.rows().jettonWallets).toEqual([])
  })

  test('does not let a stranger seed a forged jetton wallet', () => {
    const jetton = new JettonModel(MASTER)
    const ledger = createWalletLedger()
    // A wallet state-init that is not the destination's (a plain wallet accepts anything).
    const misplaced = message(EVE, ALICE, internalTransferBody(10n ** 12n, EVE), {
      init: walletInit(ALICE, MASTER),
    })
    // The real wallet's own state-init, but sent by a stranger instead of the master.
    const stranger = message(EVE, jetton.wallet(ALICE), internalTransferBody(10n ** 12n, EVE), {
      init: walletInit(ALICE, MASTER),
    })
    // Even from the master: TON ignores a state-init that does not hash to the destination.
    const fromMaster = message(MASTER, BOB, internalTransferBody(5n, null), {
      init: walletInit(BOB, MASTER),
    })
    feed(ledger, [received(misplaced), received(stranger), received(fromMaster)])
    expect(ledger.rows().jettonWallets).toEqual([])
    feed(ledger, jetton.mint(BOB, 10n))
    expect(ledger.rows().jettonWallets.map((w) => w.balance)).toEqual([10n])
  })

  test('learns owner and master of a wallet first met without a state-init', () => {
    const jetton = new JettonModel(MASTER)
    const ledger = createWalletLedger()
    feed(ledger, jetton.mint(ALICE, 1_000n))
    const bare = addr(77)
    const step = message(jetton.wallet(ALICE), bare, internalTransferBody(100n, ALICE))
    feed(ledger, [received(step)])
    expect(ledger.rows().jettonWallets.find((w) => w.address === bare.toString())).toEqual({
      address: bare.toString(),
      ownerAddress: null,
      masterAddress: MASTER.toString(),
      balance: 100n,
    })
    const body = beginCell()
      .storeUint(OP_CODES.jettonBurn, 32)
      .storeUint(0, 64)
      .storeCoins(40n)
      .storeAddress(CAROL)
      .storeMaybeRef(null)
      .endCell()
    feed(ledger, [received(message(CAROL, bare, body))])
    expect(ledger.rows().jettonWallets.find((w) => w.address === bare.toString())).toMatchObject({
      ownerAddress: CAROL.toString(),
      balance: 60n,
    })
  })

  test('resumes from stored rows and reports only what changed', () => {
    const jetton = new JettonModel(MASTER)
    const first = createWalletLedger()
    feed(first, jetton.mint(ALICE, 1_000n))
    feed(first, jetton.mint(BOB, 1_000n))
    const stored = first.takeChanges()
    expect(stored.jettonWallets).toHaveLength(2)
    expect(first.takeChanges().jettonWallets).toEqual([])
    const resumed = createWalletLedger(stored)
    feed(resumed, jetton.transfer(ALICE, CAROL, 100n))
    const changes = resumed.takeChanges().jettonWallets
    expect(changes.map((w) => [w.ownerAddress, w.balance])).toEqual([
      [ALICE.toString(), 900n],
      [CAROL.toString(), 100n],
    ])
  })

  test('property: every balance matches the contracts, and their sum is minted − burned', () => {
    const owners = [ALICE, BOB, CAROL, EVE]
    const who = fc.integer({ min: 0, max: owners.length - 1 })
    const action = fc.oneof(
      fc.record({ kind: fc.constant('mint' as const), to: who, amount: fc.bigInt(1n, 10n ** 15n) }),
      fc.record({
        kind: fc.constant('transfer' as const),
        ...{ from: who, to: who, amount: fc.bigInt(0n, 10n ** 15n), fails: fc.boolean() },
      }),
      fc.record({
        kind: fc.constant('burn' as const),
        ...{ from: who, amount: fc.bigInt(0n, 10n ** 15n), fails: fc.boolean() },
      }),
      fc.record({ kind: fc.constant('stranger' as const), from: who, amount: fc.bigInt(0n, 10n) }),
    )
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const jetton = new JettonModel(MASTER)
        const ledger = createWalletLedger()
        const at = (i: number) => owners[i] as (typeof owners)[number]
        for (const a of actions) {
          if (a.kind === 'mint') feed(ledger, jetton.mint(at(a.to), a.amount))
          else if (a.kind === 'transfer')
            feed(ledger, jetton.transfer(at(a.from), at(a.to), a.amount, a.fails))
          else if (a.kind === 'burn') feed(ledger, jetton.burn(at(a.from), a.amount, a.fails))
          else feed(ledger, jetton.stranger(EVE, at(a.from), a.amount))
        }
        const rows = ledger.rows().jettonWallets
        for (const w of rows) expect(w.balance).toBe(jetton.balances.get(w.address) ?? 0n)
        expect(rows.reduce((sum, w) => sum + w.balance, 0n)).toBe(jetton.minted - jetton.burned)
        expect(rows.every((w) => w.balance >= 0n && w.masterAddress === MASTER.toString())).toBe(
          true,
        )
      }),
      fuzz({ numRuns: 100 }),
    )
  })
})

const POOL = addr(20)
const ROUTER = addr(21)
const coins = (op: number, ...fields: (bigint | ReturnType<typeof addr> | null)[]): Cell => {
  const b = beginCell().storeUint(op, 32).storeUint(0, 64)
  for (const f of fields) typeof f === 'bigint' ? b.storeCoins(f) : b.storeAddress(f)
  return b.endCell()
}
const lpInit = (user = ALICE) => {
  const code = beginCell().storeUint(0x1b, 8).endCell()
  const data = beginCell()
    .storeAddress(user)
    .storeAddress(POOL)
    .storeCoins(0)
    .storeCoins(0)
    .endCell()
  return { code, data }
}
const LP_ACCOUNT = contractAddress(0, lpInit())
const addLiquidity = (a0: bigint, a1: bigint, from = POOL) =>
  message(from, LP_ACCOUNT, coins(OP_CODES.v1AddLiquidity, a0, a1, 0n), { init: lpInit() })
const cbAdd = (a0: bigint, a1: bigint) =>
  message(LP_ACCOUNT, POOL, coins(OP_CODES.v1CbAddLiquidity, a0, a1, ALICE, 1n))
const lpRow = (ledger: ReturnType<typeof createWalletLedger>) => ledger.rows().lpAccounts[0]

describe('LP accounts', () => {
  test('accumulate add_liquidity until cb_add_liquidity takes it to the pool', () => {
    const ledger = createWalletLedger()
    feed(ledger, [received(addLiquidity(1_500n, 0n))])
    feed(ledger, [received(addLiquidity(0n, 2_000n), { out: [cbAdd(1_500n, 2_000n)] })])
    expect(lpRow(ledger)).toEqual({
      address: LP_ACCOUNT.toString(),
      ...{ userAddress: ALICE.toString(), poolAddress: POOL.toString() },
      ...{ amount0: 0n, amount1: 0n },
    })
    feed(ledger, [received(addLiquidity(7n, 9n))])
    expect(lpRow(ledger)).toMatchObject({ amount0: 7n, amount1: 9n })
  })

  test('refund_me and direct_add_liquidity settle through what the account sends', () => {
    const ledger = createWalletLedger()
    feed(ledger, [received(addLiquidity(5_000n, 8_000n))])
    const direct = message(ALICE, LP_ACCOUNT, coins(0x4cf82803, 2_000n, 3_000n, 1n))
    feed(ledger, [received(direct, { out: [cbAdd(2_000n, 3_000n)] })])
    expect(lpRow(ledger)).toMatchObject({ amount0: 3_000n, amount1: 5_000n })
    const refund = message(ALICE, LP_ACCOUNT, coins(0x0bf3f447))
    const cbRefund = message(LP_ACCOUNT, POOL, coins(OP_CODES.v1CbRefundMe, 3_000n, 5_000n, ALICE))
    feed(ledger, [received(refund, { aborted: true, out: [] })])
    expect(lpRow(ledger)).toMatchObject({ amount0: 3_000n, amount1: 5_000n })
    feed(ledger, [received(refund, { out: [cbRefund] })])
    expect(lpRow(ledger)).toMatchObject({ amount0: 0n, amount1: 0n })
  })

  test('a self-destructed (DEX v2) account holds nothing; a forged add_liquidity is ignored', () => {
    const ledger = createWalletLedger()
    feed(ledger, [received(addLiquidity(5_000n, 8_000n, EVE))])
    expect(ledger.rows().lpAccounts).toEqual([])
    feed(ledger, [received(addLiquidity(5_000n, 8_000n))])
    const direct = message(ALICE, LP_ACCOUNT, coins(0x0ff8bfc6, 1_000n, 1_000n, 1n))
    feed(ledger, [received(direct, { out: [cbAdd(1_000n, 1_000n)], endStatus: 'non-existing' })])
    expect(lpRow(ledger)).toMatchObject({ amount0: 0n, amount1: 0n })
  })
})

describe('DEX v2 referral vaults', () => {
  const wallet = addr(30)
  const init = () => {
    const code = beginCell().storeUint(0x7a, 8).endCell()
    const data = beginCell()
      .storeAddress(BOB)
      .storeAddress(wallet)
      .storeAddress(ROUTER)
      .storeCoins(0)
      .endCell()
    return { code, data }
  }
  const vault = contractAddress(0, init())
  const deposit = (amount: bigint) =>
    message(ROUTER, vault, coins(OP_CODES.v2DepositRefFee, amount, null), { init: init() })

  test('deposits accrue and withdraw_fee pays everything out', () => {
    const ledger = createWalletLedger()
    feed(ledger, [received(deposit(125n)), received(deposit(75n))])
    expect(ledger.rows().vaults).toEqual([
      {
        ...{ address: vault.toString(), ownerAddress: BOB.toString() },
        ...{ tokenWallet: wallet.toString(), routerAddress: ROUTER.toString(), balance: 200n },
      },
    ])
    const withdraw = message(EVE, vault, coins(OP_CODES.v2WithdrawFee))
    feed(ledger, [received(withdraw, { aborted: true })])
    expect(ledger.rows().vaults[0]?.balance).toBe(200n)
    const pay = message(vault, ROUTER, coins(OP_CODES.v2VaultPayTo, 200n, wallet, BOB))
    feed(ledger, [received(withdraw, { out: [pay], endStatus: 'non-existing' })])
    expect(ledger.rows().vaults[0]?.balance).toBe(0n)
  })
})
