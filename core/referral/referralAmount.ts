import { InvalidInputError } from '../errors/InvalidInputError.js'
import { splitOutput } from '../ops/splitOutput.js'
import { assertCoins } from '../pool/PoolState.js'
import { MAX_REFERRER_FEE_BPS } from './venues.js'

/**
 * The referral fee of one swap: `ceil(B·R / 10000)` of the GROSS output B (before the protocol
 * and referral fees), rounded up, computed from the same B as the protocol fee and not after
 * it (V1 `contracts/pool/amm.func`, V2 `contracts/pool/msgs/router.fc`; `docs/contracts.md` §1.1
 * step 4, §2.1 step 3). 0 when R = 0.
 *
 * @example
 * ```ts
 * referralAmount(1_994_009_978n, 10n) // 1994010n  (1994009.978 rounded up)
 * referralAmount(1_994_009_978n, 0n) // 0n
 * ```
 * @throws {InvalidInputError} for a gross output that is not a Coins amount, or bps outside 0..100.
 */
export function referralAmount(grossOut: bigint, referralBps: bigint): bigint {
  assertCoins(grossOut, 'grossOut')
  if (typeof referralBps !== 'bigint' || referralBps < 0n || referralBps > MAX_REFERRER_FEE_BPS) {
    throw new InvalidInputError({
      field: 'referralBps',
      reason: 'must be a bigint from 0 to 100',
      value: referralBps,
    })
  }
  // The shared fee split rounds the referral part up (ceil) on its own; the protocol part
  // (0 here) does not change it.
  return splitOutput(grossOut, 0n, referralBps).referralFeeOut
}
