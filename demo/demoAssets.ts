import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import type { AssetRow } from '../store/rows/referenceRows.js'
import { DEMO_JETTON_WALLET_CODE, demoAddress } from './demoAddresses.js'

/** Symbols of the demo assets. */
export type DemoSymbol =
  | 'TON'
  | 'USDL'
  | 'XTON'
  | 'AQUA'
  | 'BOLT'
  | 'CORAL'
  | 'DUNE'
  | 'EMBER'
  | 'GLYPH'

type AssetSpec = {
  symbol: DemoSymbol
  name: string
  decimals: number
  /** USD price of one whole token, decimal string. */
  priceUsd: string
  priority: number
  popularity: number
  tags: string[]
  flags?: Partial<Pick<AssetRow, 'deprecated' | 'blacklisted' | 'community' | 'taxable'>>
}

const ESSENTIAL = ['asset:essential', 'asset:default_symbol', 'default_symbol']
const SPECS: readonly AssetSpec[] = [
  {
    symbol: 'TON',
    name: 'Toncoin',
    decimals: 9,
    priceUsd: '3.2',
    priority: 96,
    popularity: Number.MAX_VALUE,
    tags: [...ESSENTIAL, 'asset:popular', 'asset:liquidity:very_high', 'high_liquidity'],
  },
  {
    symbol: 'USDL',
    name: 'Lab Dollar',
    decimals: 6,
    priceUsd: '1',
    priority: 100,
    popularity: 9_800.5,
    tags: [...ESSENTIAL, 'asset:popular', 'asset:liquidity:very_high', 'high_liquidity'],
  },
  {
    symbol: 'XTON',
    name: 'Staked Lab TON',
    decimals: 9,
    priceUsd: '3.36',
    priority: 60,
    popularity: 2_150.25,
    tags: [
      'asset:popular',
      'asset:default_symbol',
      'default_symbol',
      'asset:liquidity:high',
      'high_liquidity',
    ],
  },
  {
    symbol: 'AQUA',
    name: 'Aqua',
    decimals: 9,
    priceUsd: '0.042',
    priority: 50,
    popularity: 1_720.75,
    tags: [
      'asset:popular',
      'asset:default_symbol',
      'default_symbol',
      'asset:liquidity:high',
      'high_liquidity',
    ],
  },
  {
    symbol: 'BOLT',
    name: 'Bolt',
    decimals: 9,
    priceUsd: '1.85',
    priority: 40,
    popularity: 640.5,
    tags: ['asset:default_symbol', 'default_symbol', 'asset:liquidity:medium'],
  },
  {
    symbol: 'CORAL',
    name: 'Coral Reef',
    decimals: 6,
    priceUsd: '0.0031',
    priority: 20,
    popularity: 210.125,
    tags: ['asset:default_symbol', 'default_symbol', 'asset:liquidity:medium'],
    flags: { community: true },
  },
  {
    symbol: 'DUNE',
    name: 'Dune',
    decimals: 9,
    priceUsd: '12.4',
    priority: 30,
    popularity: 455,
    tags: ['asset:default_symbol', 'default_symbol', 'asset:liquidity:medium'],
  },
  {
    symbol: 'EMBER',
    name: 'Ember',
    decimals: 8,
    priceUsd: '0.27',
    priority: 15,
    popularity: 88.5,
    tags: ['asset:liquidity:low', 'low_liquidity', 'asset:taxable'],
    flags: { taxable: true, community: true },
  },
  {
    symbol: 'GLYPH',
    name: 'Glyph (deprecated)',
    decimals: 9,
    priceUsd: '0.0009',
    priority: 0,
    popularity: 1.5,
    tags: [
      'asset:deprecated',
      'asset:blacklisted',
      'asset:suspicious',
      'asset:liquidity:no',
      'no_liquidity',
    ],
    flags: { deprecated: true, blacklisted: true, community: true },
  },
]

/**
 * Address of a demo asset: the zero address for TON, a made-up jetton master otherwise.
 *
 * @example
 * ```ts
 * demoAssetAddress('TON') // 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
 * demoAssetAddress('USDL') // 'EQDqUkOi6zoCfSq7Yw8OTEVS88OOl3_IBp3-WUQxdwVZjNK5'
 * ```
 */
export function demoAssetAddress(symbol: DemoSymbol): string {
  return symbol === 'TON' ? NATIVE_ADDRESS : demoAddress(`jetton master ${symbol}`)
}

/**
 * Decimals and USD price of a demo asset, for building reserves.
 *
 * @example
 * ```ts
 * demoAssetSpec('USDL') // { decimals: 6, priceUsd: '1' }
 * ```
 */
export function demoAssetSpec(symbol: DemoSymbol): { decimals: number; priceUsd: string } {
  const spec = SPECS.find((s) => s.symbol === symbol) as AssetSpec
  return { decimals: spec.decimals, priceUsd: spec.priceUsd }
}

/**
 * The demo market's assets: the native coin, a USD stablecoin and seven made-up jettons whose
 * wallet code is the made-up {@link DEMO_JETTON_WALLET_CODE}.
 *
 * @example
 * ```ts
 * demoAssets().map((a) => a.symbol) // ['TON', 'USDL', 'XTON', 'AQUA', 'BOLT', 'CORAL', 'DUNE', 'EMBER', 'GLYPH']
 * ```
 */
export function demoAssets(): AssetRow[] {
  return SPECS.map((spec) => {
    const native = spec.symbol === 'TON'
    const address = demoAssetAddress(spec.symbol)
    return {
      address,
      symbol: spec.symbol,
      displayName: spec.name,
      imageUrl: `https://demo.ton-dex-lab.invalid/img/${spec.symbol.toLowerCase()}.png`,
      decimals: spec.decimals,
      kind: native ? 'Ton' : 'Jetton',
      priority: spec.priority,
      pairPriority: spec.priority,
      deprecated: spec.flags?.deprecated ?? false,
      community: spec.flags?.community ?? false,
      blacklisted: spec.flags?.blacklisted ?? false,
      defaultSymbol: spec.tags.includes('asset:default_symbol'),
      taxable: spec.flags?.taxable ?? false,
      tags: spec.tags,
      dexPriceUsd: spec.priceUsd,
      thirdPartyPriceUsd: spec.symbol === 'GLYPH' ? null : spec.priceUsd,
      popularityIndex: spec.popularity,
      customPayloadApiUri: null,
      extensions: [],
      scale: null,
      jettonWalletCode: native ? null : DEMO_JETTON_WALLET_CODE,
    }
  })
}
