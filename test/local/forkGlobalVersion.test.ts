/**
 * A fork whose upstream's config is newer than the emulator says so: `serve --fork` over the
 * recorded toncenter (`test/_support/recordedToncenter.ts`, a real HTTP server) serving the
 * config of key block 46991999 (ston-fi/ton-rs@8e8f8e0 `resources/tests/config_46991999.hex`,
 * its ConfigParam 8 says version 9) — once as recorded, once with param 8 rewritten to version
 * 14 (mainnet's since 2026-06-05), capabilities kept. `@ton/sandbox` 0.41 executes version 13's
 * rules (`EMULATOR_GLOBAL_VERSION`, docs/real-chain.md §8): the fork of the version-14 config
 * warns once in its log at start and in `GET /local/status`'s `fork.config`; the recorded one
 * does not.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beginCell, type Cell, Dictionary } from '@ton/core'
import { beforeAll, describe, expect, test } from 'vitest'
import { EMULATOR_GLOBAL_VERSION } from '../../chain/globalVersion.js'
import { parseForkSeed } from '../../local/forkSeed.js'
import { startForkNode } from '../../local/startForkNode.js'
import { globalVersion } from '../_support/mainnetData.js'
import {
  POOL,
  poolBeforeSwapChain,
  recorded,
  tonUsdtAssetRows,
  v22PoolRow,
  v22RouterRow,
} from '../_support/recordedPoolSwap.js'
import { startRecordedToncenter } from '../_support/recordedToncenter.js'

/** The recorded config with ConfigParam 8 saying `version` (capabilities as recorded). */
function configAtVersion(version: number): Cell {
  const dict = Dictionary.loadDirect(
    Dictionary.Keys.Int(32),
    Dictionary.Values.Cell(),
    recorded.config,
  )
  const { capabilities } = globalVersion(recorded.config)
  dict.set(
    8,
    beginCell().storeUint(0xc4, 8).storeUint(version, 32).storeUint(capabilities, 64).endCell(),
  )
  return beginCell().storeDictDirect(dict).endCell()
}

type ConfigStatus = { global_version: number; emulator_global_version: number; warning?: string }

/** A fork of the recorded pool under `config`: its `/local/status` `fork.config` and its log. */
async function forkUnder(config: Cell): Promise<{ status: ConfigStatus; log: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-version-'))
  const chain = poolBeforeSwapChain()
  chain.setConfig(config) // set last: served at every block
  const toncenter = await startRecordedToncenter({ chain, flavour: 'cpp' })
  const log: string[] = []
  const consoleError = console.error
  console.error = (...args: unknown[]) => {
    log.push(args.map(String).join(' '))
  }
  try {
    const fork = await startForkNode({
      ...{ dbPath: join(dir, 'f.sqlite'), host: '127.0.0.1', port: 0 },
      fork: {
        url: `${toncenter.url}/api/v2/jsonRPC`,
        rps: Number.POSITIVE_INFINITY,
        seed: {
          path: 'stonfi-ton-usdt.json',
          ...parseForkSeed({
            routers: [v22RouterRow],
            assets: tonUsdtAssetRows,
            pools: [v22PoolRow(POOL)],
          }),
        },
      },
    })
    try {
      const body = (await (await fetch(`${fork.url}/local/status`)).json()) as {
        fork: { config: ConfigStatus }
      }
      return { status: body.fork.config, log: [...log] }
    } finally {
      await fork.close()
    }
  } finally {
    console.error = consoleError
    await toncenter.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

let v14: { status: ConfigStatus; log: string[] }
let v9: { status: ConfigStatus; log: string[] }

beforeAll(async () => {
  v14 = await forkUnder(configAtVersion(14))
  v9 = await forkUnder(recorded.config)
}, 300_000)

describe("a fork's config against the emulator's global version", () => {
  test('version 14 (above 13): fork.config in /local/status says so, with a warning', () => {
    expect(EMULATOR_GLOBAL_VERSION).toBe(13)
    expect(globalVersion(recorded.config).version).toBe(9)
    expect(globalVersion(configAtVersion(14)).version).toBe(14)
    expect(v14.status).toMatchObject({ global_version: 14, emulator_global_version: 13 })
    expect(v14.status.warning).toMatch(/global version 14.*may differ from mainnet/)
  })

  test('version 14: one warning line in the log at start', () => {
    const lines = v14.log.filter((line) => /global version 14/.test(line))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toBe(`fork: ${v14.status.warning}`)
  })

  test('version 9 (the recorded config): the versions, no warning, no such line', () => {
    expect(v9.status).toEqual({ global_version: 9, emulator_global_version: 13 })
    expect(v9.log.filter((line) => /global version/.test(line))).toEqual([])
  })
})
