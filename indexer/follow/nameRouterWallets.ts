import { Address, type TupleItem, type TupleReader } from '@ton/core'
import { addressText } from '../../protocol/addressText.js'
import {
  JETTON_WALLET_ADDRESS,
  JETTON_WALLET_DATA,
  PTON_VERSION,
} from '../../protocol/jetton/getMethods.js'
import { PTON_V1_MINTER_ADDRESS } from '../../protocol/jetton/ptonMinters.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'

/**
 * Runs a get-method on an account's state at the adopted block: its stack, or `undefined` for
 * a non-zero exit code or an account without code there; `failure` then says why, in words.
 *
 * @example
 * ```ts
 * const runner: ExplainedGetMethod = { run: (a, m, args) => run(a, m, args), failure: (a, m) => reasons.get(`${a} ${m}`) }
 * ```
 */
export type ExplainedGetMethod = {
  readonly run: (
    address: string,
    method: string,
    args?: readonly TupleItem[],
  ) => Promise<TupleReader | undefined>
  /** Why the last run of `method` on `address` gave nothing (`undefined`: not known). */
  readonly failure: (address: string, method: string) => string | undefined
}

/**
 * Something a node adopting a market could not name, reported by name (`/local/status`'s
 * `unnamed`, and the start's log) instead of being left out silently.
 *
 * @example
 * ```ts
 * const u: Unnamed = { address: 'EQCSLWJ9…', kind: 'router-wallet',
 *   why: 'get_wallet_data exited 9 (a library it needs is missing: a9338ecd…)' }
 * ```
 */
export type Unnamed = {
  readonly address: string
  readonly kind: 'pool' | 'router-wallet' | 'asset'
  readonly why: string
}

/**
 * A router jetton wallet's asset as {@link nameRouterWallet} found it.
 *
 * @example
 * ```ts
 * const named: NamedWallet = { wallet: 'EQCSLWJ9…', asset: 'EQCxE6mU…', master: 'EQCxE6mU…', crossChecked: true }
 * ```
 */
export type NamedWallet = {
  readonly wallet: string
  /** The jetton master, or the native address when the master is a pTON minter. */
  readonly asset: string
  /** The master the wallet names. */
  readonly master: string
  /** Whether the master's own `get_wallet_address(router)` gave this wallet back. */
  readonly crossChecked: boolean
}

/**
 * Names a router's jetton wallet's asset from the chain's state (TEP-74, the USD₮ stablecoin
 * layout and pTON wallets alike): the wallet's own `get_wallet_data` gives
 * `(balance, owner, master, code)`; the owner must be the router, and the asset is the master
 * — native TON when the master is a pTON minter (the pTON v1 minter, one of `ptonMasters`, or a
 * minter whose `get_version` answers pTON v2's shape with major 2). When the master's state can
 * be had, its `get_wallet_address(router)` must give the wallet back (a contract that only
 * claims a master is rejected). Nothing parses the wallet's data directly: the getter is the
 * contract's own answer, whatever its layout. A wallet that cannot be named is answered as an
 * {@link Unnamed} with the reason.
 *
 * @example
 * ```ts
 * await nameRouterWallet(runner, { wallet: 'EQCSLWJ9…', router: 'EQCS4UEa…', ptonMasters: new Set() })
 * // { wallet: 'EQCSLWJ9…', asset: 'EQCxE6mU…', master: 'EQCxE6mU…', crossChecked: true }
 * ```
 */
export async function nameRouterWallet(
  runner: ExplainedGetMethod,
  p: {
    readonly wallet: string
    readonly router: string
    readonly ptonMasters: ReadonlySet<string>
  },
): Promise<NamedWallet | Unnamed> {
  const unnamed = (why: string): Unnamed => ({ address: p.wallet, kind: 'router-wallet', why })
  const reader = await runner.run(p.wallet, JETTON_WALLET_DATA.name)
  if (reader === undefined) {
    const why = runner.failure(p.wallet, JETTON_WALLET_DATA.name) ?? 'no answer'
    return unnamed(`its get_wallet_data gives nothing: ${why}`)
  }
  let owner: string
  let master: string
  try {
    const data = JETTON_WALLET_DATA.read(reader)
    owner = addressText(data.owner)
    master = addressText(data.master)
  } catch (error) {
    return unnamed(
      `its get_wallet_data is not (balance, owner, master, code): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (owner !== addressText(Address.parse(p.router))) {
    return unnamed(`its get_wallet_data names the owner ${owner}, not the router ${p.router}`)
  }
  // The master's own derivation, when its state can be had: a look-alike is rejected.
  const derived = await runner.run(
    master,
    JETTON_WALLET_ADDRESS.name,
    JETTON_WALLET_ADDRESS.args(Address.parse(p.router)),
  )
  let crossChecked = false
  if (derived !== undefined) {
    let back: string | undefined
    try {
      back = addressText(JETTON_WALLET_ADDRESS.read(derived))
    } catch {
      back = undefined
    }
    if (back !== undefined && back !== addressText(Address.parse(p.wallet))) {
      return unnamed(
        `its get_wallet_data names the master ${master}, whose get_wallet_address(router) is ${back}: not this wallet`,
      )
    }
    crossChecked = back !== undefined
  }
  const asset = (await isPtonMinter(runner, master, p.ptonMasters)) ? NATIVE_ADDRESS : master
  return { wallet: p.wallet, asset, master, crossChecked }
}

/** Whether `master` is a pTON minter (its wallets stand for native TON). */
async function isPtonMinter(
  runner: ExplainedGetMethod,
  master: string,
  ptonMasters: ReadonlySet<string>,
): Promise<boolean> {
  if (master === PTON_V1_MINTER_ADDRESS || ptonMasters.has(master)) return true
  const version = await runner.run(master, PTON_VERSION.name)
  return version !== undefined && PTON_VERSION.read(version)?.major === 2
}
