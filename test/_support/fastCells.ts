/**
 * Vitest setup: the suite runs with `@ton/core`'s faster mode on (`fastCells` of
 * `createLocalDex`), as the benchmarks and the local exchange do, to keep CI time in budget.
 * Both speed-ups are property-tested against the originals (`emulator/cellCache.test.ts`,
 * `emulator/nativeSha256.test.ts`), so no result depends on it.
 */
import { installCellCache } from '../../emulator/cellCache.js'
import { installNativeSha256 } from '../../emulator/nativeSha256.js'

installNativeSha256()
installCellCache()
