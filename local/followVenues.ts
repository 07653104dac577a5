import { Address } from '@ton/core'
import { canonicalAddressText } from '../protocol/addressText.js'
import { ESCROW_FACTORY_DATA, FEE_VAULT_ADDRESS } from '../protocol/venue/getMethods.js'
import type { TonApiClient } from '../upstream/tonApiClient.js'
import { toToncenterStack } from '../upstream/tonApiStack.js'
import { withRetries } from '../upstream/withRetries.js'
import { LocalExchangeError } from './LocalExchangeError.js'

/**
 * The referral venues' minters a `serve --follow` node follows, by kind (canonical addresses).
 *
 * @example
 * ```ts
 * const venues: FollowedVenues = { escrowMinters: ['EQ…escrow'], feeVaultMinters: ['EQ…venueA'] }
 * ```
 */
export type FollowedVenues = {
  readonly escrowMinters: readonly string[]
  readonly feeVaultMinters: readonly string[]
}

/**
 * The venue minters `serve --follow` follows (`docs/referral-venues.md`, "Following"): those
 * `--venues` names, each one's kind read from the upstream's chain — an escrow factory answers
 * `getEscrowData`, a fee-vault minter `get_vault_address(owner, jetton wallet)` —; without
 * `--venues`, those the upstream's `GET /local/status` lists in `venue_minters` (a ton-dex-lab
 * local exchange says its own), else none.
 *
 * @example
 * ```ts
 * await followedVenues(client, ['EQ…venueA']) // { escrowMinters: [], feeVaultMinters: ['EQ…venueA'] }
 * await followedVenues(client, undefined) // what the upstream's /local/status lists
 * ```
 * @throws {LocalExchangeError} `FOLLOW_NOT_A_VENUE` when a named address answers neither getter.
 */
export async function followedVenues(
  client: TonApiClient,
  named: readonly string[] | undefined,
): Promise<FollowedVenues> {
  const escrowMinters: string[] = []
  const feeVaultMinters: string[] = []
  if (named === undefined) {
    for (const minter of await upstreamVenueMinters(client)) {
      if (minter.kind === 'escrow') escrowMinters.push(minter.address)
      else feeVaultMinters.push(minter.address)
    }
    return { escrowMinters, feeVaultMinters }
  }
  for (const address of named) {
    const kind = await venueKind(client, address)
    if (kind === undefined) {
      throw new LocalExchangeError({
        code: 'FOLLOW_NOT_A_VENUE',
        message: `--venues: ${address} is neither an escrow minter (getEscrowData) nor a fee-vault minter (get_vault_address) on ${client.origin}.`,
      })
    }
    ;(kind === 'escrow' ? escrowMinters : feeVaultMinters).push(address)
  }
  return { escrowMinters, feeVaultMinters }
}

/** Which venue minter `address` is, by the getter it answers at the head; none: `undefined`. */
async function venueKind(
  client: TonApiClient,
  address: string,
): Promise<'escrow' | 'fee_vault' | undefined> {
  const exits = async (method: string, stack: readonly unknown[]) => {
    const answer = await withRetries(
      () =>
        client.call<{ exit_code: number }>('runGetMethod', { address, method, stack: [...stack] }),
      { onRetry: () => client.noteRetry() },
    )
    return answer.exit_code
  }
  if ((await exits(ESCROW_FACTORY_DATA.name, [])) === 0) return 'escrow'
  // Any two addresses do as get_vault_address's arguments: the minter's own.
  const self = Address.parse(address)
  const args = toToncenterStack(FEE_VAULT_ADDRESS.args(self, self))
  if ((await exits(FEE_VAULT_ADDRESS.name, args)) === 0) return 'fee_vault'
  return undefined
}

/** `venue_minters` of the upstream's `/local/status` (a ton-dex-lab), else none. */
async function upstreamVenueMinters(
  client: TonApiClient,
): Promise<readonly { address: string; kind: 'escrow' | 'fee_vault' }[]> {
  let status: { venue_minters?: unknown }
  try {
    status = await withRetries(() => client.get<{ venue_minters?: unknown }>('/local/status'), {
      onRetry: () => client.noteRetry(),
    })
  } catch {
    // Not a ton-dex-lab (404, refused, not JSON) or not answering: it names no venues.
    return []
  }
  const listed = Array.isArray(status.venue_minters) ? status.venue_minters : []
  return listed.flatMap((item: unknown) => {
    const { address, kind } = (item ?? {}) as { address?: unknown; kind?: unknown }
    const canonical = typeof address === 'string' ? canonicalAddressText(address) : undefined
    return canonical !== undefined && (kind === 'escrow' || kind === 'fee_vault')
      ? [{ address: canonical, kind }]
      : []
  })
}
