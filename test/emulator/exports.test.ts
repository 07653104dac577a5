import { describe, expect, it } from 'vitest'
import * as emulator from '../../emulator/index.js'

describe('ton-dex-lab/emulator public surface', () => {
  it('exports exactly these values (review changes on purpose)', () => {
    expect(Object.keys(emulator).sort()).toMatchInlineSnapshot(`
      [
        "DEFAULT_LOCAL_DEX_NOW",
        "LocalBlockchain",
        "LocalDexError",
        "clearCellCache",
        "createLocalDex",
        "installCellCache",
        "installNativeSha256",
        "uninstallCellCache",
        "uninstallNativeSha256",
      ]
    `)
  })
})
