import Fastify, { type FastifyBaseLogger, LogController } from 'fastify'
import type { ServiceServerOptions } from '../../service/createService.js'
import { redactText } from '../../upstream/redact.js'

/**
 * The levels `--log-level` (`LOG_LEVEL`) takes, quietest last: pino's.
 *
 * @example
 * ```ts
 * LOG_LEVELS.includes('info') // true
 * ```
 */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const

/**
 * A level of {@link LOG_LEVELS}.
 *
 * @example
 * ```ts
 * const level: LogLevel = 'info'
 * ```
 */
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * The default level: `warn` — `npm start`'s console shows its banner and progress only; a
 * failing upstream, a stopped indexer or a 5xx still print one JSON line each. `info` adds a
 * line per request (with its id and response time) and per upstream retry.
 *
 * @example
 * ```ts
 * DEFAULT_LOG_LEVEL // 'warn'
 * ```
 */
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn'

/**
 * Whether `text` names a level of {@link LOG_LEVELS}.
 *
 * @example
 * ```ts
 * isLogLevel('debug') // true
 * isLogLevel('loud') // false
 * ```
 */
export function isLogLevel(text: string): text is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(text)
}

/** Options of {@link createNodeLogger}. */
export type NodeLoggerOptions = {
  /** Default {@link DEFAULT_LOG_LEVEL}. */
  readonly level?: LogLevel | undefined
  /**
   * Values hidden in every line, wherever they appear (the `--api-key`, the database's
   * password); URL passwords and `api_key=` query values are hidden without being named.
   */
  readonly secrets?: readonly string[] | undefined
  /** Where the JSON lines go (default the process's stdout). */
  readonly destination?: { write(line: string): unknown } | undefined
}

/** A node's logger and the Fastify options that make every server of the node use it. */
export type NodeLogger = {
  /** pino, as Fastify builds it: `logger.warn({ method }, 'retrying')`. */
  readonly logger: FastifyBaseLogger
  /**
   * For `Fastify({...})` and `createService({ server })`: the shared logger, request ids from
   * the `x-request-id` header (a load balancer's, when a plain token of at most 64
   * characters) or else `r<n>` unique in the process, logged as `request_id`.
   */
  readonly server: ServiceServerOptions & { readonly loggerInstance: FastifyBaseLogger }
}

let requests = 0

/**
 * Creates a node's structured logger: JSON lines through Fastify's pino at `level`, each line
 * passed through `redactText` (secrets, URL passwords, API keys in URLs) before it is written,
 * and the server options that give every request an id (`request_id` in each of its lines).
 *
 * @example
 * ```ts
 * const { logger, server } = createNodeLogger({ level: 'info', secrets: ['a1b2c3d4'] })
 * logger.warn({ method: 'getBlockHeader' }, 'key a1b2c3d4 refused') // {"level":40,…,"msg":"key *** refused"}
 * const app = await createService({ store, server })
 * ```
 */
export function createNodeLogger(options: NodeLoggerOptions = {}): NodeLogger {
  const secrets = options.secrets ?? []
  const destination = options.destination ?? process.stdout
  const stream = {
    write(line: string) {
      destination.write(redactText(line, secrets))
    },
  }
  // Fastify's own pino (its dependency), built once and shared by the node's servers.
  const logger = Fastify({
    logger: { level: options.level ?? DEFAULT_LOG_LEVEL, stream },
  }).log
  return {
    logger,
    server: {
      loggerInstance: logger,
      // The load balancer's id when it is a plain token (at most 64 of [A-Za-z0-9._:-], so a
      // header cannot bloat or forge log lines), else one of ours.
      requestIdHeader: false,
      logController: new LogController({ requestIdLogLabel: 'request_id' }),
      genReqId: (request) => {
        const given = request.headers['x-request-id']
        if (typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given)) return given
        requests += 1
        return `r${requests.toString(36)}`
      },
    },
  }
}
