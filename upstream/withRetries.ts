import { isRetryable } from './errors.js'
import type { TonApiClient } from './tonApiClient.js'

/** How many times {@link withRetries} asks unless told. */
const DEFAULT_ATTEMPTS = 8

/**
 * Runs `call`, and again after a retryable failure ({@link isRetryable}) with an exponential
 * backoff (200 ms doubling), at most `attempts` times; a fatal failure, or the last retryable
 * one, is thrown. For one-off reads at start (reference data, adoption); the follower has its
 * own loop.
 *
 * @example
 * ```ts
 * const info = await withRetries(() => client.call('getMasterchainInfo', {}), { onRetry: client.noteRetry })
 * ```
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  options: { readonly attempts?: number; readonly onRetry?: (() => void) | undefined } = {},
): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      if (!isRetryable(error) || attempt >= attempts) throw error
      options.onRetry?.()
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt))
    }
  }
}

/**
 * How {@link callWithRetries} asks: at most `attempts` times, and what a failure that stays
 * becomes (the caller's own error naming the method; default the failure itself).
 *
 * @example
 * ```ts
 * const retries: CallRetries = { attempts: 5, failure: (method, error) => new Error(`${method}: ${error}`) }
 * ```
 */
export type CallRetries = {
  /** Default 8, as {@link withRetries}. */
  readonly attempts?: number | undefined
  readonly failure?: ((method: string, error: unknown, attempts: number) => unknown) | undefined
}

/**
 * One toncenter v2 call through `client`, asked again after a retryable failure
 * ({@link withRetries}: backoff 200 ms doubling), each retry counted on the client
 * (`noteRetry`: its stats and `onEvent` hook); a failure that stays is thrown as
 * `retries.failure` makes it. With `absent`, a failure it recognises ("not found") answers
 * `undefined` at once, without asking again.
 *
 * @example
 * ```ts
 * const info = await callWithRetries<{ last: { seqno: number } }>(client, 'getMasterchainInfo', {}, { attempts: 5 })
 * info.last.seqno // 53_012_345
 * ```
 */
export function callWithRetries<T>(
  client: Pick<TonApiClient, 'call' | 'noteRetry'>,
  method: string,
  params: Record<string, unknown>,
  retries: CallRetries & { readonly absent: (error: unknown) => boolean },
): Promise<T | undefined>
export function callWithRetries<T>(
  client: Pick<TonApiClient, 'call' | 'noteRetry'>,
  method: string,
  params: Record<string, unknown>,
  retries: CallRetries,
): Promise<T>
export async function callWithRetries<T>(
  client: Pick<TonApiClient, 'call' | 'noteRetry'>,
  method: string,
  params: Record<string, unknown>,
  retries: CallRetries & { readonly absent?: ((error: unknown) => boolean) | undefined },
): Promise<T | undefined> {
  const { absent } = retries
  const attempts = retries.attempts ?? DEFAULT_ATTEMPTS
  const once = async (): Promise<T | undefined> => {
    try {
      return await client.call<T>(method, params)
    } catch (error) {
      if (absent?.(error) === true) return undefined
      throw error
    }
  }
  try {
    return await withRetries(once, { attempts, onRetry: () => client.noteRetry() })
  } catch (error) {
    throw retries.failure === undefined ? error : retries.failure(method, error, attempts)
  }
}
