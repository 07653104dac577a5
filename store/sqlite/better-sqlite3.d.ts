/**
 * The part of `better-sqlite3`'s API this store uses (the package ships no types and
 * `@types/better-sqlite3` is not a dependency). Mirrors the driver's documented API
 * (`WiseLibs/better-sqlite3` `docs/api.md`); kept internal: no public signature of ton-dex-lab mentions these types.
 */
declare module 'better-sqlite3' {
  namespace Database {
    type BindValue = string | number | bigint | Buffer | null
    type BindParameters = readonly BindValue[] | Readonly<Record<string, BindValue>>

    interface RunResult {
      changes: number
      lastInsertRowid: number | bigint
    }

    interface Statement {
      run(...params: BindValue[]): RunResult
      run(params: Readonly<Record<string, BindValue>>): RunResult
      /** An array binds its values to the anonymous (`?`) parameters in order. */
      run(params: readonly BindValue[]): RunResult
      get(...params: BindValue[]): unknown
      get(params: Readonly<Record<string, BindValue>>): unknown
      all(...params: BindValue[]): unknown[]
      all(params: Readonly<Record<string, BindValue>>): unknown[]
      /** Rows as arrays of column values instead of objects. */
      raw(toggle?: boolean): this
      /** Rows as their first column's value. */
      pluck(toggle?: boolean): this
    }

    interface FunctionOptions {
      deterministic?: boolean
      varargs?: boolean
      directOnly?: boolean
    }

    interface AggregateOptions<T> extends FunctionOptions {
      start: T | (() => T)
      step: (total: T, ...values: never[]) => T
      /** Undoes `step` for a row leaving a window frame: makes the aggregate a window function. */
      inverse?: (total: T, ...values: never[]) => T
      result?: (total: T) => unknown
    }

    interface Options {
      readonly?: boolean
      fileMustExist?: boolean
      timeout?: number
    }

    interface Database {
      readonly open: boolean
      readonly inTransaction: boolean
      readonly memory: boolean
      prepare(source: string): Statement
      exec(source: string): this
      pragma(source: string, options?: { simple?: boolean }): unknown
      transaction<F extends (...args: never[]) => unknown>(fn: F): F
      /** Registers a scalar SQL function implemented in JavaScript. */
      function(name: string, options: FunctionOptions, fn: (...args: never[]) => unknown): this
      /** Registers an aggregate SQL function implemented in JavaScript. */
      aggregate<T>(name: string, options: AggregateOptions<T>): this
      close(): this
    }
  }

  interface DatabaseConstructor {
    new (filename?: string, options?: Database.Options): Database.Database
  }

  const Database: DatabaseConstructor
  export = Database
}
