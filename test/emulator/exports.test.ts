import { describe, expect, it } from 'vitest'
import * as emulator from '../../emulator/index.js'

describe('ton-dex-lab/emulator public surface', () => {
  it('exports exactly these values (review changes on purpose)', () => {
    expect(Object.keys(emulator).sort()).toMatchInlineSnapshot(`
      [
        "DEFAULT_LOCAL_DEX_NOW",
        "DEX_V1_OP",
        "DEX_V2_OP",
        "JETTON_OP",
        "LocalBlockchain",
        "LocalDexError",
        "OP_CODES",
        "PTON_V1_OP",
        "PTON_V2_OP",
        "clearCellCache",
        "createLocalDex",
        "installBocCache",
        "installCellCache",
        "installNativeSha256",
        "sideOf",
        "uninstallBocCache",
        "uninstallCellCache",
        "uninstallNativeSha256",
      ]
    `)
  })
})
