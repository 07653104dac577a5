import { Address, Cell, loadStateInit, type StateInit } from '@ton/core'
import { type BlockchainTransaction, internal } from '@ton/sandbox'
import type { FastifyInstance } from 'fastify'
import type { ChainBlock, LiveChain } from '../../chain/LiveChain.js'
import { canonicalAddressText } from '../../protocol/addressText.js'
import { LocalExchangeError } from '../LocalExchangeError.js'
import type { LocalSnapshots } from './LocalSnapshots.js'

/**
 * What the control endpoints act on: the live chain, the snapshots, and a wait for the index
 * (an answer comes once the REST API shows what it did).
 *
 * @example
 * ```ts
 * const control: LocalControl = { chain, snapshots, indexed: (seqno) => indexer.indexed(seqno) }
 * ```
 */
export type LocalControl = {
  readonly chain: LiveChain
  readonly snapshots: LocalSnapshots
  indexed(seqno: number): Promise<void>
  /**
   * Whether the demo history is still being written (a fast first start): its parts stamp
   * past times, so time travel and snapshots wait until it is complete.
   */
  building(): boolean
}

/**
 * One transaction a control request caused, as `POST /local/messages` answers it.
 *
 * @example
 * ```ts
 * const tx: ControlTransaction = { hash: 'ab…', account: '0:83…', lt: '9000001', now: 1_764_000_000,
 *   exit_code: 0, action_result_code: 0, aborted: false, success: true }
 * ```
 */
export type ControlTransaction = {
  /** Transaction hash, hex. */
  readonly hash: string
  /** The account, raw (`0:<hex>`). */
  readonly account: string
  readonly lt: string
  readonly now: number
  /** The compute phase's exit code; `null` when it was skipped (no code, no gas). */
  readonly exit_code: number | null
  /** The action phase's result code; `null` when there was none. */
  readonly action_result_code: number | null
  readonly aborted: boolean
  /** Not aborted, and compute and action phases succeeded. */
  readonly success: boolean
}

/** Most blocks one `POST /local/mine` makes. */
export const MINE_MAX_BLOCKS = 10_000

const tags = ['local']
const object = (properties: Record<string, unknown>, required: readonly string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
})
const nanotons = { type: 'string', pattern: '^[0-9]{1,40}$', description: 'nanotons, decimal' }
const addressText = { type: 'string', description: 'a TON address, raw or user-friendly' }

/**
 * Registers the local exchange's control endpoints (LOCAL USE ONLY, `docs/local-exchange.md`):
 * `POST /local/time` (`{ increase }` or `{ set }`: the next block's time, never backwards),
 * `POST /local/mine` (`{ blocks }`: blocks without transactions), `POST /local/snapshots` and
 * `POST /local/snapshots/{id}/revert`, `POST /local/messages` (an internal message from any
 * address, answering the transactions it caused) and `POST /local/accounts/{address}/balance`.
 * Errors go through the `/local/*` error handler (`{"error": {"code", "message", "field"?}}`).
 *
 * @example
 * ```ts
 * registerControlRoutes(app, () => control)
 * (await app.inject({ method: 'POST', url: '/local/mine', payload: { blocks: 2 } })).json()
 * // { blocks: [13, 14], head: { seqno: 14, time: 1_764_000_000 } }
 * ```
 */
export function registerControlRoutes(app: FastifyInstance, control: () => LocalControl): void {
  app.post(
    '/local/time',
    {
      schema: {
        tags,
        summary: "Move the next block's time (local use only)",
        body: object({
          increase: { type: 'integer', minimum: 0, maximum: 3_153_600_000 },
          set: { type: 'integer', minimum: 0, maximum: 2 ** 32 - 1 },
        }),
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as { increase?: number; set?: number }
      if ((body.increase === undefined) === (body.set === undefined)) {
        throw new LocalExchangeError({
          code: 'LOCAL_INVALID_BODY',
          message:
            'The body must hold exactly one of "increase" (seconds) and "set" (unix seconds).',
        })
      }
      const { chain } = notBuilding(control(), 'move the time')
      const time = chain.setTime(
        body.set === undefined ? { increase: body.increase ?? 0 } : { set: body.set },
      )
      return { time, head: head(chain) }
    },
  )

  app.post(
    '/local/mine',
    {
      schema: {
        tags,
        summary: 'Make blocks without transactions (local use only; no body: one block)',
      },
    },
    async (request) => {
      const body = request.body ?? {}
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new LocalExchangeError({
          code: 'LOCAL_INVALID_BODY',
          message: 'The body must be a JSON object { "blocks": <n> } (or none: one block).',
        })
      }
      const { blocks: count = 1 } = body as { blocks?: unknown }
      if (
        typeof count !== 'number' ||
        !Number.isInteger(count) ||
        count < 1 ||
        count > MINE_MAX_BLOCKS
      ) {
        throw new LocalExchangeError({
          code: 'LOCAL_INVALID_FIELD',
          field: 'blocks',
          message: `blocks must be a whole number from 1 to ${MINE_MAX_BLOCKS}.`,
        })
      }
      const { chain, indexed } = control()
      const blocks = await chain.mine(count)
      await indexed(chain.head.seqno)
      return { blocks: blocks.map((b) => b.seqno), head: head(chain) }
    },
  )

  app.post(
    '/local/snapshots',
    { schema: { tags, summary: 'Snapshot the chain and the index (local use only)' } },
    async () => notBuilding(control(), 'take a snapshot').snapshots.take(),
  )

  app.post(
    '/local/snapshots/:id/revert',
    {
      schema: {
        tags,
        summary: 'Revert the chain and the index to a snapshot (local use only)',
        params: object({ id: { type: 'string' } }, ['id']),
      },
    },
    async (request) => {
      const { id } = request.params as { id: string }
      const { chain, snapshots } = notBuilding(control(), 'revert')
      const receipt = await snapshots.revert(id)
      return { ...receipt, head: head(chain) }
    },
  )

  app.post(
    '/local/messages',
    {
      schema: {
        tags,
        summary: 'Send an internal message from any address (local use only)',
        body: object(
          {
            from: addressText,
            to: addressText,
            value: nanotons,
            body: { type: 'string', description: 'the body cell, a base64 BoC' },
            state_init: { type: 'string', description: 'a StateInit cell, a base64 BoC' },
            bounce: { type: 'boolean', default: true },
          },
          ['from', 'to', 'value'],
        ),
      },
    },
    async (request) => {
      const body = request.body as {
        from: string
        to: string
        value: string
        body?: string
        state_init?: string
        bounce?: boolean
      }
      const from = address(body.from, 'from')
      const to = address(body.to, 'to')
      const value = BigInt(body.value)
      const cell = body.body === undefined ? undefined : boc(body.body, 'body')
      const stateInit: StateInit | undefined =
        body.state_init === undefined ? undefined : stateInitOf(body.state_init)
      const { chain, indexed } = control()
      const { blocks } = await chain.execute(async (blockchain) => {
        await blockchain.sendMessage(
          internal({
            from,
            to,
            value,
            bounce: body.bounce ?? true,
            ...(cell === undefined ? {} : { body: cell }),
            ...(stateInit === undefined ? {} : { stateInit }),
          }),
        )
      })
      await indexed(chain.head.seqno)
      return receipt(blocks)
    },
  )

  app.post(
    '/local/accounts/:address/balance',
    {
      schema: {
        tags,
        summary: "Set an account's TON balance (local use only)",
        params: object({ address: addressText }, ['address']),
        body: object({ balance: nanotons }, ['balance']),
      },
    },
    async (request) => {
      const account = address((request.params as { address: string }).address, 'address')
      const balance = BigInt((request.body as { balance: string }).balance)
      const { chain, indexed } = control()
      const block = await chain.setBalance(account, balance)
      await indexed(block.seqno)
      return {
        address: account.toString(),
        balance: balance.toString(),
        block: block.seqno,
      }
    },
  )
}

function notBuilding(control: LocalControl, what: string): LocalControl {
  if (control.building()) {
    throw new LocalExchangeError({
      code: 'LOCAL_HISTORY_BUILDING',
      message: `Cannot ${what} while the demo history is still written (GET /local/status says "building"); try again when it is "ready".`,
    })
  }
  return control
}

function head(chain: LiveChain): { seqno: number; time: number } {
  return { seqno: chain.head.seqno, time: chain.time }
}

function address(text: string, field: string): Address {
  const canonical = canonicalAddressText(text)
  if (canonical === undefined) {
    throw new LocalExchangeError({
      code: 'LOCAL_INVALID_ADDRESS',
      field,
      message: `${field} must be a TON address, raw (0:<64 hex>) or user-friendly (EQ…/UQ…).`,
    })
  }
  return Address.parse(canonical)
}

function boc(text: string, field: string): Cell {
  try {
    const roots = Cell.fromBoc(Buffer.from(text, 'base64'))
    if (roots.length === 1) return roots[0]!
  } catch {
    // answered below
  }
  throw new LocalExchangeError({
    code: 'LOCAL_INVALID_BOC',
    field,
    message: `${field} must be a base64 bag of cells holding one cell.`,
  })
}

function stateInitOf(text: string): StateInit {
  const cell = boc(text, 'state_init')
  try {
    return loadStateInit(cell.beginParse())
  } catch {
    throw new LocalExchangeError({
      code: 'LOCAL_INVALID_BOC',
      field: 'state_init',
      message: 'state_init must hold a StateInit cell.',
    })
  }
}

/** The answer of `POST /local/messages`: the blocks and every transaction they hold. */
function receipt(blocks: readonly ChainBlock[]): {
  blocks: number[]
  transactions: ControlTransaction[]
} {
  return {
    blocks: blocks.map((b) => b.seqno),
    transactions: blocks.flatMap((b) => b.transactions.map((tx) => controlTransaction(tx))),
  }
}

function controlTransaction(tx: BlockchainTransaction): ControlTransaction {
  const description = tx.description
  const generic = description.type === 'generic' ? description : undefined
  const compute = generic?.computePhase
  const action = generic?.actionPhase
  const exitCode = compute?.type === 'vm' ? compute.exitCode : null
  const aborted = generic?.aborted ?? false
  return {
    hash: tx.hash().toString('hex'),
    account: `0:${tx.address.toString(16).padStart(64, '0')}`,
    lt: tx.lt.toString(),
    now: tx.now,
    exit_code: exitCode,
    action_result_code: action?.resultCode ?? null,
    aborted,
    success: !aborted && (compute?.type !== 'vm' || compute.success) && (action?.success ?? true),
  }
}
