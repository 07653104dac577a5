/**
 * The native coin's "zero" address (`0:000…0`, bounceable), which STON.fi's API and the
 * exchange's messages use to name TON itself — an asset address, a router's pTON side, and
 * a pool's "no protocol fee address" on the wire.
 *
 * @example
 * ```ts
 * Address.parse(NATIVE_ADDRESS).toRawString() // '0:0000000000000000000000000000000000000000000000000000000000000000'
 * ```
 */
export const NATIVE_ADDRESS = 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
