/**
 * Vitest setup: the suite runs with `@ton/core`'s faster mode on (`fastCells` of
 * `createLocalDex`), as the benchmarks and the local exchange do, to keep CI time in budget.
 * The speed-ups are property-tested against the originals (`emulator/cellCache.test.ts`,
 * `emulator/nativeSha256.test.ts`, `emulator/bocCache.test.ts`), so no result depends on it.
 */
import { installBocCache } from '../../emulator/bocCache.js'
import { installCellCache } from '../../emulator/cellCache.js'
import { installNativeSha256 } from '../../emulator/nativeSha256.js'

installNativeSha256()
installCellCache()
installBocCache()
