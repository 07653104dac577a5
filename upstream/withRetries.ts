import { isRetryable } from './errors.js'

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
  const attempts = options.attempts ?? 8
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
