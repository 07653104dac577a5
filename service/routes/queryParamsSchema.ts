import { Type } from '@sinclair/typebox'
import { DEFAULT_QUERY_LIMIT, MAX_QUERY_LIMIT } from '../query/queryRequest.js'

const Strings = (description: string) => Type.Optional(Type.Array(Type.String(), { description }))

/**
 * Parameters shared by the query endpoints, valid in the query string and in a JSON body
 * alike; plural and singular list names are synonyms (`docs/wire.md` §6.9, §6.11).
 */
export const QueryParamsSchema = Type.Object({
  condition: Type.Optional(
    Type.String({
      description:
        'Tag atoms with ! & | and parentheses, e.g. "!asset:blacklisted & (asset:popular | asset:essential)"; literals true/false',
    }),
  ),
  search_terms: Strings('Free-text terms (symbol or name substring) or full addresses'),
  search_term: Strings('Synonym of search_terms (query-string style)'),
  unconditional_assets: Strings('Assets always included (pools: pools holding them)'),
  unconditional_asset: Strings('Synonym of unconditional_assets (query-string style)'),
  wallet_address: Type.Optional(Type.String({ description: 'Adds balances and wallet atoms' })),
  sort_by: Strings('"<field>:asc" or "<field>:desc", e.g. "popularity_index:desc"'),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: `Rows returned; default ${DEFAULT_QUERY_LIMIT}, larger values are lowered to ${MAX_QUERY_LIMIT}`,
    }),
  ),
})
