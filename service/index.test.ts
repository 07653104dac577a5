import { expect, test } from 'vitest'
import * as service from './index.js'

test('the public surface of ton-dex-lab/service', () => {
  expect(Object.keys(service).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_QUERY_LIMIT",
      "InvalidParameterError",
      "MAX_QUERY_LIMIT",
      "NATIVE_ADDRESS",
      "NotFoundError",
      "SnapshotError",
      "StoreError",
      "UnprocessableError",
      "createService",
      "createSqliteStore",
      "deriveJettonWalletAddress",
      "evaluateCondition",
      "importSnapshot",
      "importSnapshotFile",
      "parseAddress",
      "parseCondition",
      "parseSnapshot",
      "toErrorResponse",
    ]
  `)
})
