import type { Store } from '../../store/Store.js'

/**
 * `store` with every method call timed: `observe(method, seconds, failed)` once the call's
 * promise settles (or, for a method that answers at once — an async iterable of pages —, when
 * it returns). Everything else passes through; the methods run on the store itself, so its
 * private state is untouched.
 *
 * @example
 * ```ts
 * const timed = instrumentStore(store, (operation, seconds) => metrics.observeStore(operation, seconds, false))
 * await timed.listPools() // observed as 'listPools'
 * // applyIndexBatch, once committed, also tells onIndexBatch its transactions (e.g. 2 048)
 * ```
 */
export function instrumentStore<S extends Store>(
  store: S,
  observe: (operation: string, seconds: number, failed: boolean) => void,
  /** Told the transactions of each index batch once it is committed. */
  onIndexBatch?: (transactions: number) => void,
): S {
  const wrapped = new Map<PropertyKey, unknown>()
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function' || typeof property !== 'string') return value
      const known = wrapped.get(property)
      if (known !== undefined) return known
      const method = value as (...args: unknown[]) => unknown
      const timed = (...args: unknown[]): unknown => {
        const started = performance.now()
        const done = (failed: boolean) =>
          observe(property, (performance.now() - started) / 1000, failed)
        let result: unknown
        try {
          result = method.apply(target, args)
        } catch (error) {
          done(true)
          throw error
        }
        if (result instanceof Promise) {
          return result.then(
            (answer) => {
              done(false)
              if (property === 'applyIndexBatch' && onIndexBatch !== undefined) {
                const batch = args[0] as { transactions?: readonly unknown[] } | undefined
                onIndexBatch(batch?.transactions?.length ?? 0)
              }
              return answer
            },
            (error: unknown) => {
              done(true)
              throw error
            },
          )
        }
        done(false)
        return result
      }
      wrapped.set(property, timed)
      return timed
    },
  })
}
