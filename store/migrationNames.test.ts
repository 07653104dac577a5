import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { MIGRATION_NAME, renamedMigrations } from './migrationNames.js'
import { POSTGRES_MIGRATION_RENAMES, POSTGRES_MIGRATIONS } from './postgres/migrations.js'
import { migrate } from './sqlite/migrate.js'
import { MIGRATION_RENAMES, MIGRATIONS } from './sqlite/migrations.js'

const lists = [
  ['SQLite', MIGRATIONS, MIGRATION_RENAMES],
  ['PostgreSQL', POSTGRES_MIGRATIONS, POSTGRES_MIGRATION_RENAMES],
] as const

describe.each(lists)('%s migrations', (_name, migrations, renames) => {
  const names = migrations.map((m) => m.name)

  test('sortable names: dated, a two-digit sequence, words', () => {
    for (const name of names) expect(name).toMatch(MIGRATION_NAME)
  })

  test('listed in name order, each name once: the order they apply in', () => {
    expect(names).toEqual([...names].sort())
    expect(new Set(names).size).toBe(names.length)
  })

  test('every rename leads to a current migration and keeps the order', () => {
    for (const [old, current] of Object.entries(renames)) {
      expect(names).toContain(current)
      expect(names).not.toContain(old)
    }
    // Under their old names (date, then sequence as a number) they applied in the same order.
    const numericOrder = (a: string, b: string) => {
      const [x, y] = [a, b].map((n) => n.split('_').slice(0, 4).map(Number))
      const i = (x ?? []).findIndex((part, k) => part !== y?.[k])
      return i < 0 ? 0 : (x?.[i] ?? 0) - (y?.[i] ?? 0)
    }
    const olds = Object.keys(renames).sort(numericOrder)
    const renamedNames = names.filter((n) => Object.values(renames).includes(n))
    expect(olds.map((old) => renames[old])).toEqual(renamedNames)
  })
})

describe('renamed migrations', () => {
  const oldName = new Map(Object.entries(MIGRATION_RENAMES).map(([old, current]) => [current, old]))
  const underOldNames = MIGRATIONS.map((m) => ({ ...m, name: oldName.get(m.name) ?? m.name }))

  test('a database migrated under the old names runs nothing again, and records the new ones', () => {
    const db = new Database(':memory:')
    expect(migrate(db, underOldNames, {})).toHaveLength(MIGRATIONS.length)
    expect(migrate(db)).toEqual([])
    const recorded = (
      db.prepare('SELECT name FROM schema_migrations ORDER BY name').all() as {
        name: string
      }[]
    ).map((row) => row.name)
    expect(recorded).toEqual(MIGRATIONS.map((m) => m.name))
    db.close()
  })

  test('a database part-way under the old names applies only what it lacks', () => {
    const db = new Database(':memory:')
    migrate(db, underOldNames.slice(0, 8), {})
    expect(migrate(db)).toEqual(MIGRATIONS.slice(8).map((m) => m.name))
    db.close()
  })

  test('renamedMigrations pairs only the names that were renamed', () => {
    expect(renamedMigrations(['a', 'b'], { b: 'c' })).toEqual([['b', 'c']])
    expect(renamedMigrations(['toString'], {})).toEqual([])
  })
})
