import { type Static, type TSchema, type TUnsafe, Type } from '@sinclair/typebox'

/**
 * Schema building blocks shared by the wire objects.
 * @module
 */

/**
 * A JSON value that is `T` or `null`, as `type: [T, 'null']`: the response serializer
 * compiles it to a plain branch (an `anyOf` would be validated branch by branch at run time),
 * and the OpenAPI generator turns it into 3.0's `nullable: true`.
 *
 * @example
 * ```ts
 * Nullable(Type.String()) // { type: ['string', 'null'] }
 * ```
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, ...rest } = schema as unknown as { type: string } & Record<string, unknown>
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] })
}

/** A TON address in the canonical user-friendly form. */
export const AddressString = Type.String({
  description: 'TON address, bounceable user-friendly form',
  examples: ['EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'],
})

/** An amount in raw integer units, as a decimal string. */
export const AmountString = Type.String({
  description: 'Raw integer units, decimal string',
  pattern: '^-?[0-9]+$',
  examples: ['1000000000'],
})

/** The body of every error answer. */
export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String({
        description: 'Stable machine-readable code',
        examples: ['POOL_NOT_FOUND'],
      }),
      message: Type.String(),
      field: Type.Optional(Type.String({ description: 'Wire name of the parameter at fault' })),
    }),
  },
  { description: 'Every failure answers this shape' },
)

/** Error answers every route may give, for the OpenAPI document. */
export const ERROR_RESPONSES = {
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
} as const
