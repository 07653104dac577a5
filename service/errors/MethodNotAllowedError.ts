import { BaseError } from '../../core/errors/BaseError.js'

/**
 * A known path was called with a method it does not serve: the service answers 405
 * `METHOD_NOT_ALLOWED` with an `Allow` header listing the methods it does serve.
 *
 * @example
 * ```ts
 * throw new MethodNotAllowedError({ method: 'DELETE', path: '/v1/pools', allowed: ['GET', 'HEAD'] })
 * // → 405, Allow: GET, HEAD, {"error":{"code":"METHOD_NOT_ALLOWED","message":"DELETE is not allowed on /v1/pools; use GET, HEAD."}}
 * ```
 */
export class MethodNotAllowedError extends BaseError {
  override readonly name = 'MethodNotAllowedError'
  readonly code = 'METHOD_NOT_ALLOWED'
  /** The methods the path serves, for the `Allow` header. */
  readonly allowed: readonly string[]

  constructor({
    method,
    path,
    allowed,
  }: {
    method: string
    path: string
    allowed: readonly string[]
  }) {
    super(`${method} is not allowed on ${path}; use ${allowed.join(', ')}.`)
    this.allowed = allowed
  }
}
