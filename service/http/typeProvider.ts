import type { Static, TSchema } from '@sinclair/typebox'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'

/**
 * Fastify's type provider for TypeBox schemas: a route's `params`, `querystring` and `body`
 * schemas type its `request` and its `response` schemas type what the handler returns, so the
 * schema Fastify validates and serializes with is also the handler's type, declared once.
 * (The same few lines `@fastify/type-provider-typebox` ships.)
 *
 * @example
 * ```ts
 * const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
 * app.get('/x/:id', { schema: { params: Type.Object({ id: Type.String() }) } },
 *   async (request) => request.params.id) // string, no cast
 * ```
 */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown
}

/**
 * The service's Fastify instance with TypeBox types:
 * `const app: TypedInstance = fastify.withTypeProvider()`.
 *
 * @example
 * ```ts
 * const app: TypedInstance = fastify.withTypeProvider()
 * ```
 */
export type TypedInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>
