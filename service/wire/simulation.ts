import { type Static, Type } from '@sinclair/typebox'
import { AddressString, AmountString, Nullable } from './common.js'
import { RouterSchema } from './router.js'

const Fraction = (description: string, example: string) =>
  Type.String({ description, examples: [example] })

/** Body of `/v1/swap/simulate` and `/v1/reverse_swap/simulate` (`docs/wire.md` §6.1). */
export const SwapSimulationSchema = Type.Object({
  offer_address: AddressString,
  ask_address: AddressString,
  offer_jetton_wallet: Nullable(
    Type.String({ description: "Router's wallet of the offer asset (null when not derivable)" }),
  ),
  ask_jetton_wallet: Nullable(
    Type.String({ description: "Router's wallet of the ask asset (null when not derivable)" }),
  ),
  router_address: AddressString,
  router: RouterSchema,
  pool_address: AddressString,
  offer_units: AmountString,
  ask_units: AmountString,
  slippage_tolerance: Fraction('Echo of the request', '0.01'),
  min_ask_units: AmountString,
  recommended_slippage_tolerance: Fraction('Offline: the requested tolerance', '0.01'),
  recommended_min_ask_units: AmountString,
  swap_rate: Fraction('Ask per offer in whole tokens, 9 digits, rounded down', '3.989673849'),
  price_impact: Fraction('Fraction, 9 digits, rounded down', '0.000332708'),
  fee_address: AddressString,
  fee_units: AmountString,
  fee_percent: Fraction('fee_units / (ask_units + fee_units), 9 digits, rounded down', '0.003'),
  gas_params: Type.Object({
    gas_budget: Type.Optional(Type.String()),
    forward_gas: Type.String({ examples: ['185000000'] }),
    estimated_gas_consumption: Type.String({ examples: ['45000000'] }),
  }),
})

/** A swap simulation as the wire sends it. */
export type WireSwapSimulation = Static<typeof SwapSimulationSchema>

/** Body of `/v1/liquidity_provision/simulate` (`docs/wire.md` §6.3). */
export const ProvisionSimulationSchema = Type.Object({
  provision_type: Type.String({ enum: ['Initial', 'Balanced', 'Arbitrary'] }),
  router_address: AddressString,
  router: RouterSchema,
  pool_address: AddressString,
  token_a: AddressString,
  token_b: AddressString,
  token_a_units: AmountString,
  token_b_units: AmountString,
  lp_account_address: Nullable(Type.String()),
  lp_account_token_a_balance: AmountString,
  lp_account_token_b_balance: AmountString,
  estimated_lp_units: AmountString,
  min_lp_units: AmountString,
  min_token_a_units: AmountString,
  min_token_b_units: AmountString,
  estimated_token_a_rate: Fraction(
    'Token B per token A in whole tokens after the provision',
    '3.2',
  ),
  estimated_token_b_rate: Fraction(
    'Token A per token B in whole tokens after the provision',
    '0.3125',
  ),
  estimated_token_a_units: AmountString,
  estimated_token_b_units: AmountString,
  lp_total_supply: AmountString,
  price_impact: Fraction('Relative move of the pool price, 9 digits, rounded down', '0'),
})

/** A liquidity-provision simulation as the wire sends it. */
export type WireProvisionSimulation = Static<typeof ProvisionSimulationSchema>
