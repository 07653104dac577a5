import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { thrown } from '../../test/_support/thrown.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { quoteRequestArbitrary } from '../testing/quoteRequestArbitrary.js'
import { InvalidAddressError } from './errors/InvalidAddressError.js'
import { ReferrerFeeOutOfRangeError } from './errors/ReferrerFeeOutOfRangeError.js'
import { UnsupportedBlockchainError } from './errors/UnsupportedBlockchainError.js'
import { parseQuoteRequest, type QuoteRequest } from './QuoteRequest.js'

const USDT = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
const USDT_RAW = '0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe'
const REFERRER = 'EQCXSs2xZ2dhk9TAxzGzXra2EbG_S2SqyN8Tfi6fJ82EYiVj'
const base: QuoteRequest = { offerAsset: 'native', askAsset: USDT, amountIn: 1_000_000_000n }
const referred: QuoteRequest = {
  ...base,
  referrerAddress: { blockchain: 607, address: REFERRER },
  referrerFeeBps: 25,
}

describe('parseQuoteRequest', () => {
  test('default: canonical assets, referrer parsed, fee as bigint, flexible false', () => {
    const valid = parseQuoteRequest(referred)
    expect(valid.offerAsset).toBe('native')
    expect(valid.askAsset).toBe(USDT_RAW)
    expect(valid.amountIn).toBe(1_000_000_000n)
    expect(valid.referrer?.toString()).toBe(REFERRER)
    expect(valid.referrerFeeBps).toBe(25n)
    expect(valid.flexibleReferrerFee).toBe(false)
  })

  test('behavior: no referral parameters mean fee 0 and no referrer', () => {
    expect(parseQuoteRequest(base)).toMatchObject({ referrer: undefined, referrerFeeBps: 0n })
  })

  test('behavior: flexibleReferrerFee is read from settlementParams; {} keeps the default', () => {
    const flexible = { ...referred, settlementParams: { flexibleReferrerFee: true } }
    expect(parseQuoteRequest(flexible).flexibleReferrerFee).toBe(true)
    expect(parseQuoteRequest({ ...referred, settlementParams: {} }).flexibleReferrerFee).toBe(false)
  })

  test('behavior: bigint fees, the raw address form and the 0 and 100 bounds are accepted', () => {
    const raw = { ...referred, askAsset: USDT_RAW, referrerFeeBps: 100n }
    expect(parseQuoteRequest(raw).referrerFeeBps).toBe(100n)
    expect(parseQuoteRequest({ ...referred, referrerFeeBps: 0 }).referrerFeeBps).toBe(0n)
  })

  test('behavior: a blockchain other than 607 is UNSUPPORTED_BLOCKCHAIN', () => {
    for (const blockchain of [1, 0, 608, '607' as unknown as number]) {
      const error = thrown(() =>
        parseQuoteRequest({ ...referred, referrerAddress: { blockchain, address: REFERRER } }),
      )
      expect(error).toBeInstanceOf(UnsupportedBlockchainError)
      expect(error).toMatchObject({
        code: 'UNSUPPORTED_BLOCKCHAIN',
        field: 'referrerAddress.blockchain',
      })
    }
  })

  test('behavior: an address that does not parse is INVALID_ADDRESS naming the field', () => {
    const bad = REFERRER.replace('E', 'F') // breaks the checksum
    const cases: [QuoteRequest, string][] = [
      [
        { ...referred, referrerAddress: { blockchain: 607, address: bad } },
        'referrerAddress.address',
      ],
      [
        { ...referred, referrerAddress: { blockchain: 607, address: 42 as unknown as string } },
        'referrerAddress.address',
      ],
      [{ ...referred, offerAsset: 'TON' }, 'offerAsset'],
      [{ ...referred, askAsset: '0:1234' }, 'askAsset'],
    ]
    for (const [request, field] of cases) {
      const error = thrown(() => parseQuoteRequest(request))
      expect(error).toBeInstanceOf(InvalidAddressError)
      expect(error).toMatchObject({ code: 'INVALID_ADDRESS', field })
    }
  })

  test('behavior: a fee outside 0..100 is REFERRER_FEE_OUT_OF_RANGE', () => {
    for (const fee of [101, -1, 10_000n]) {
      const error = thrown(() => parseQuoteRequest({ ...referred, referrerFeeBps: fee }))
      expect(error).toBeInstanceOf(ReferrerFeeOutOfRangeError)
      expect(error).toMatchObject({
        field: 'referrerFeeBps',
        value: BigInt(fee),
        min: 0n,
        max: 100n,
      })
    }
    expect(() =>
      parseQuoteRequest({ ...referred, referrerFeeBps: 150 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ReferrerFeeOutOfRangeError: Invalid referrerFeeBps: must be from 0 to 100 basis points.

      value: 150]
    `)
  })

  test('behavior: other malformed fields are INVALID_INPUT naming the field', () => {
    const cases: [QuoteRequest, string][] = [
      [{ ...referred, referrerFeeBps: 2.5 }, 'referrerFeeBps'],
      [{ ...referred, referrerFeeBps: '25' as unknown as number }, 'referrerFeeBps'],
      [
        { ...referred, settlementParams: { flexibleReferrerFee: 'yes' as unknown as boolean } },
        'settlementParams.flexibleReferrerFee',
      ],
      [{ ...referred, settlementParams: 1 as unknown as object }, 'settlementParams'],
      [{ ...base, referrerFeeBps: 25 }, 'referrerAddress'],
      [
        { ...referred, referrerAddress: 'x' as unknown as { blockchain: number; address: string } },
        'referrerAddress',
      ],
      [{ ...referred, askAsset: 'native' }, 'askAsset'],
      [{ ...referred, amountIn: 0n }, 'amountIn'],
      [{ ...referred, amountIn: 1 as unknown as bigint }, 'amountIn'],
      [{ ...referred, amountIn: 1n << 120n }, 'amountIn'],
    ]
    for (const [request, field] of cases) {
      const error = thrown(() => parseQuoteRequest(request))
      expect(error).toBeInstanceOf(InvalidInputError)
      expect(error).toMatchObject({ code: 'INVALID_INPUT', field })
    }
    // The same asset in two spellings is still the same asset.
    expect(
      thrown(() => parseQuoteRequest({ ...base, offerAsset: USDT, askAsset: USDT_RAW })),
    ).toMatchObject({
      field: 'askAsset',
    })
    expect(thrown(() => parseQuoteRequest(null as unknown as QuoteRequest))).toMatchObject({
      field: 'request',
    })
  })

  test('property: every request of the kit parses, and parsing keeps its values', () => {
    fc.assert(
      fc.property(quoteRequestArbitrary(), (request) => {
        const valid = parseQuoteRequest(request)
        expect(valid.amountIn).toBe(request.amountIn)
        expect(valid.referrerFeeBps).toBe(BigInt(request.referrerFeeBps ?? 0))
        expect(valid.flexibleReferrerFee).toBe(
          request.settlementParams?.flexibleReferrerFee === true,
        )
        expect(valid.referrer === undefined).toBe(request.referrerAddress === undefined)
      }),
      fuzz({ numRuns: 300 }),
    )
  })
})
