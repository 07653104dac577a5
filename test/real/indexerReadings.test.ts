import { describe, expect, it } from 'vitest'
import { type IdxSwapReading, readIdxSwap } from '../_support/idxSwapReading.js'
import { type IdxCase, loadIdxStonfiTraces } from '../_support/mainnetData.js'

/**
 * toncenter/ton-indexer's own STON.fi test cases (`stonfi-swaps.yaml`, 6 DEX v1 cases, and
 * `stonfi-v2-swaps.yaml`, 3 DEX v2 cases; the traces and readings in
 * `test/data/mainnet/idx-stonfi-traces.json.gz`, sources in `test/data/mainnet/README.md`),
 * read with the project's decoding (`protocol/`'s `decodeBody`, the indexer's `actionPayload`
 * for each pool step, `resultName` for the pool's exit code; `test/_support/idxSwapReading.ts`)
 * and compared with the `jetton_swap` reading ton-indexer's tests expect: sender, offered asset
 * and amount, received asset and amount, receiver, the router wallets, DEX version and, where the YAML lists them,
 * each pool step's amounts and assets (`peer_swaps`).
 */

type Transfer = {
  amount: string
  asset: string | null
  destination: string
  source_jetton_wallet: string | null
  destination_jetton_wallet: string | null
}
type PeerSwap = {
  amount_in: string
  asset_in: string | null
  amount_out: string
  asset_out: string | null
}
/** The `jetton_swap` reading of a YAML case, as ton-indexer's test expects it. */
type ExpectedSwap = {
  dex: string
  sender: string
  incoming: Transfer
  outgoing: Transfer
  /** `undefined` when the case does not list them (an empty list is checked as empty). */
  peerSwaps: readonly PeerSwap[] | undefined
}

function expectedSwap(c: IdxCase): ExpectedSwap {
  const action = c.expectedActions.find((a) => a.type === 'jetton_swap')
  if (action === undefined) throw new Error(`${c.name}: no jetton_swap expected`)
  const values = action.values as Record<string, unknown>
  const data = values.jetton_swap_data as {
    dex: string
    sender: string
    dex_incoming_transfer: Transfer
    dex_outgoing_transfer: Transfer
    peer_swaps?: PeerSwap[]
  }
  // The YAML writes the steps either inside `jetton_swap_data` or as dotted keys beside it.
  const dotted = Object.keys(values)
    .filter((k) => k.startsWith('jetton_swap_data.peer_swaps['))
    .sort()
    .map((k) => values[k] as PeerSwap)
  const listed = values['jetton_swap_data.peer_swaps'] as PeerSwap[] | undefined
  return {
    dex: data.dex,
    sender: data.sender,
    incoming: data.dex_incoming_transfer,
    outgoing: data.dex_outgoing_transfer,
    peerSwaps: dotted.length > 0 ? dotted : (listed ?? data.peer_swaps),
  }
}

/**
 * pTON v2.1's minter (`EQBnGWMC…`, the `pton_master_address` of STON.fi's v2.1 routers): the
 * recording's `JettonWallet` interface names it as a DEX v2 router's TON-side wallet's jetton,
 * where ton-indexer's reading writes TON as `null`. (pTON v1's minter ton-indexer keeps.)
 */
const PTON_V2_1_MINTER = '0:671963027F7F85659AB55B821671688601CDCF1EE674FC7FBBB1A776A18D34A3'

/**
 * The fields where our reading and ton-indexer's differ (`diff` empty: matched), and the
 * places where they agree only through the naming above (`notes`).
 */
function differences(
  ours: IdxSwapReading,
  want: ExpectedSwap,
): { diff: string[]; notes: string[] } {
  const out: string[] = []
  const notes: string[] = []
  const check = (field: string, got: unknown, expected: unknown) => {
    if (got !== expected) out.push(`${field}: ours ${String(got)}, ton-indexer ${String(expected)}`)
  }
  const checkAsset = (field: string, got: string | null | undefined, expected: string | null) => {
    if (expected === null && got === PTON_V2_1_MINTER) notes.push(`${field}: pTON v2.1 = TON`)
    else check(field, got, expected)
  }
  check('dex version', ours.version, want.dex === 'stonfi_v2' ? 'v2' : 'v1')
  check('sender', ours.sender, want.sender)
  checkAsset('offered asset', ours.offerAsset, want.incoming.asset)
  check('offered amount', ours.offerAmount.toString(), want.incoming.amount)
  checkAsset('received asset', ours.payoutAsset, want.outgoing.asset)
  check('received amount', ours.payoutAmount.toString(), want.outgoing.amount)
  check('receiver', ours.receiver, want.outgoing.destination)
  check('offer router wallet', ours.offerRouterWallet, want.incoming.destination_jetton_wallet)
  // ton-indexer names no wallet for a payout in TON (null); where it names one, it is ours.
  if (want.outgoing.source_jetton_wallet !== null) {
    check('payout router wallet', ours.payoutRouterWallet, want.outgoing.source_jetton_wallet)
  }
  if (want.peerSwaps !== undefined && want.peerSwaps.length > 0) {
    check('steps', ours.hops.length, want.peerSwaps.length)
    ours.hops.forEach((h, i) => {
      const p = want.peerSwaps?.[i]
      if (p === undefined) return
      // A step's asset is its router wallet's jetton as the recording names it; pTON v2's
      // wallet it does not name: TON, which ton-indexer writes null.
      check(`step ${i} amount in`, h.amountIn.toString(), p.amount_in)
      checkAsset(
        `step ${i} asset in`,
        i === 0 ? ours.offerAsset : ours.hops[i - 1]?.outAsset,
        p.asset_in,
      )
      check(`step ${i} amount out`, h.amountOut.toString(), p.amount_out)
      checkAsset(`step ${i} asset out`, h.outAsset, p.asset_out)
    })
  }
  return { diff: out, notes }
}

const { cases, traces } = loadIdxStonfiTraces()

type Outcome = { name: string; matched: boolean; reason: string; notes: readonly string[] }

function outcome(c: IdxCase, want: ExpectedSwap = expectedSwap(c)): Outcome {
  const trace = traces.get(c.traceId)
  if (trace === undefined)
    return { name: c.name, matched: false, reason: 'trace missing', notes: [] }
  const answer = readIdxSwap(trace)
  if (!answer.ok) return { name: c.name, matched: false, reason: answer.reason, notes: [] }
  const { diff, notes } = differences(answer.reading, want)
  return { name: c.name, matched: diff.length === 0, reason: diff.join('; '), notes }
}

describe("ton-indexer's STON.fi readings against the exchange's decoding", () => {
  it('all 9 cases: sender, assets and amounts in and out, receiver, version, steps', () => {
    const outcomes = cases.map((c) => outcome(c))
    // Every case is either matched or named with its reason: none skipped.
    expect(outcomes).toHaveLength(9)
    for (const o of outcomes) expect(o.reason, o.name).toBe('')
    expect(outcomes.filter((o) => o.matched)).toHaveLength(9)
    // The one naming difference: the TON leg between the two steps of "Jetton -> Ton -> Jetton".
    expect(outcomes.flatMap((o) => o.notes.map((n) => `${o.name}: ${n}`))).toEqual([
      'Stonfi Jetton -> Ton -> Jetton: step 0 asset out: pTON v2.1 = TON',
      'Stonfi Jetton -> Ton -> Jetton: step 1 asset in: pTON v2.1 = TON',
    ])
  })

  it('what the project reads in each pool step: min_out, referral, exit code name', () => {
    const steps = cases.map((c) => {
      const trace = traces.get(c.traceId)
      if (trace === undefined) return 'trace missing'
      const a = readIdxSwap(trace)
      if (!a.ok) return a.reason
      return a.reading.hops.map((h) => ({
        type: h.action.type,
        version: h.action.version,
        result: h.result,
        minOut: h.action.txPayload.min_ask_amount,
        referral: h.referral !== null,
      }))
    })
    const v1 = (result: string, minOut: string, referral = false) => [
      { type: 'swap', version: 'v1', result, minOut, referral },
    ]
    const v2 = (minOut: string, referral = false) => ({
      type: 'swap',
      version: 'v2',
      result: 'swap_ok',
      minOut,
      referral,
    })
    expect(steps).toEqual([
      v1('swap_ok', '28231977894', true),
      v1('swap_ok', '325375873874'),
      v1('swap_ok', '388371551'),
      v1('swap_ok', '1'),
      // "Ton -> Jetton failed": the pool refunded the whole offer.
      v1('swap_refund_no_liq', '5835584234560'),
      v1('swap_ok', '1'),
      [v2('1')],
      [v2('37461333', true), v2('33686076730', true)],
      [v2('6628439985'), v2('18709680')],
    ])
  })

  it('an expected amount changed by one is not matched, and says which field', () => {
    for (const c of cases) {
      const want = expectedSwap(c)
      const plusOne = (a: string) => (BigInt(a) + 1n).toString()
      const offer = outcome(c, {
        ...want,
        incoming: { ...want.incoming, amount: plusOne(want.incoming.amount) },
      })
      expect(offer.matched, c.name).toBe(false)
      expect(offer.reason).toMatch(/^offered amount: /)
      const paid = outcome(c, {
        ...want,
        outgoing: { ...want.outgoing, amount: plusOne(want.outgoing.amount) },
      })
      expect(paid.matched, c.name).toBe(false)
      expect(paid.reason).toMatch(/^received amount: /)
    }
  })
})
