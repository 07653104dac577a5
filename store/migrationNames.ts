/**
 * How a migration is named: the day it was written (`YYYY_MM_DD`), its two-digit sequence
 * within that day and a few words, so that name order is the order they were written and
 * apply in (`2026_11_24_09_…` < `2026_11_24_10_…`).
 *
 * @example
 * ```ts
 * MIGRATION_NAME.test('2026_11_24_05_wallet_day_gaps') // true
 * MIGRATION_NAME.test('2026_11_24_5_sortable_logical_times') // false: not sortable
 * ```
 */
export const MIGRATION_NAME = /^\d{4}_\d{2}_\d{2}_\d{2}_[a-z0-9]+(?:_[a-z0-9]+)*$/

/**
 * The renames a database's record of applied migrations needs: for each applied name that a
 * later build renamed (`renames` maps the old name to the new one), the pair `[old, new]`.
 * The migration runners rewrite those rows before comparing, so a database migrated under
 * the old names does not run the same migrations again under the new ones.
 *
 * @example
 * ```ts
 * renamedMigrations(['2026_11_22_0_reference_data'], { '2026_11_22_0_reference_data': '2026_11_22_00_reference_data' })
 * // [['2026_11_22_0_reference_data', '2026_11_22_00_reference_data']]
 * ```
 */
export function renamedMigrations(
  applied: Iterable<string>,
  renames: Readonly<Record<string, string>>,
): [string, string][] {
  const pairs: [string, string][] = []
  for (const name of applied) {
    const renamed = Object.hasOwn(renames, name) ? renames[name] : undefined
    if (renamed !== undefined) pairs.push([name, renamed])
  }
  return pairs
}
