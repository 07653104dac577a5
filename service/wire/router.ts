import { type Static, Type } from '@sinclair/typebox'
import { ROUTER_TYPES } from '../../protocol/dex/poolKinds.js'
import type { RouterRow } from '../../store/rows/referenceRows.js'
import { AddressString } from './common.js'

/** Router object of the wire (`docs/wire.md` §4.4). */
export const RouterSchema = Type.Object({
  address: AddressString,
  major_version: Type.Integer({ examples: [2] }),
  minor_version: Type.Integer({ examples: [2] }),
  pton_master_address: AddressString,
  pton_wallet_address: AddressString,
  pton_version: Type.String({ examples: ['2.1'] }),
  router_type: Type.String({ enum: [...ROUTER_TYPES] }),
  pool_creation_enabled: Type.Boolean(),
})

/** A router as the wire sends it. */
export type WireRouter = Static<typeof RouterSchema>

/**
 * A stored router in the wire's snake_case shape.
 *
 * @example
 * ```ts
 * toWireRouter(router) // { address: 'EQ…', major_version: 2, minor_version: 2, router_type: 'ConstantProduct', … }
 * ```
 */
export function toWireRouter(row: RouterRow): WireRouter {
  return {
    address: row.address,
    major_version: row.majorVersion,
    minor_version: row.minorVersion,
    pton_master_address: row.ptonMasterAddress,
    pton_wallet_address: row.ptonWalletAddress,
    pton_version: row.ptonVersion,
    router_type: row.routerType,
    pool_creation_enabled: row.poolCreationEnabled,
  }
}
