import { describe, expect, it } from 'vitest'
import * as indexer from '../../indexer/index.js'
import * as protocol from '../../protocol/index.js'

describe('ton-dex-lab/indexer public surface', () => {
  it('exports exactly these values (review changes on purpose)', () => {
    expect(Object.keys(indexer).sort()).toMatchInlineSnapshot(`
      [
        "WalletLedgerMismatchError",
        "addressText",
        "createIndexer",
        "createWalletLedger",
        "emulatorSource",
        "isoSeconds",
        "messageKey",
        "poolOperation",
        "readPoolInit",
        "walletPositions",
      ]
    `)
  })

  it('re-exports nothing of ton-dex-lab/protocol: decoders and vocabularies have one home', () => {
    const shared = Object.keys(indexer).filter((name) => name in protocol)
    expect(shared).toEqual([])
  })
})
