/**
 * What a test of the control API on a fork uses, whatever the upstream is (another ton-dex-lab,
 * or recorded mainnet data served by a TON API): JSON calls to a node, a get-method's stack and
 * an account's state through its TON HTTP API, and the message a router sent a pool, taken from
 * a transaction's BoC, to send again as that router through `POST /local/messages`.
 */
import { type Address, Cell, loadTransaction } from '@ton/core'

/** A `POST /local/messages` body. */
export type ImpersonatedMessage = {
  readonly from: string
  readonly to: string
  readonly value: string
  readonly body: string
  readonly bounce: boolean
}

/** What a transaction a control request caused did, without what differs between two chains. */
export type Outcome = {
  readonly account: string
  readonly exit_code: number | null
  readonly action_result_code: number | null
  readonly aborted: boolean
  readonly success: boolean
}

/** JSON calls to a node at `base`. */
export function nodeClient(base: string) {
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the answer's fields
  type Json = Record<string, any>
  const post = async (path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    })
    return { status: response.status, json: (await response.json()) as Json }
  }
  const get = async (path: string): Promise<Json> => (await fetch(`${base}${path}`)).json() as never
  return {
    post,
    get,
    /** `runGetMethod`'s exit code and stack (toncenter v2's JSON). */
    async getMethod(address: string, method: string): Promise<{ exit: number; stack: unknown }> {
      const { json } = await post('/api/v2/runGetMethod', { address, method, stack: [] })
      if (json.ok !== true) throw new Error(`runGetMethod ${method}: ${JSON.stringify(json)}`)
      return { exit: json.result.exit_code, stack: json.result.stack }
    },
    /** `getAddressInformation`: balance, state, code, data and last transaction. */
    async account(address: string): Promise<Json> {
      const json = await get(`/api/v2/getAddressInformation?address=${address}`)
      if (json.ok !== true) throw new Error(`getAddressInformation: ${JSON.stringify(json)}`)
      const { balance, state, code, data, last_transaction_id, frozen_hash } = json.result
      return { balance, state, code, data, last_transaction_id, frozen_hash }
    },
  }
}

/**
 * The newest message `router` sent `pool` among `transactions` (the pool's, as BoCs) whose body
 * starts with `op` (any op without it), as a `POST /local/messages` body; `undefined` when there
 * is none.
 */
export function routerToPoolMessage(
  transactions: Iterable<{ readonly boc: Uint8Array }>,
  router: Address,
  pool: Address,
  op?: number,
): ImpersonatedMessage | undefined {
  let newest: { lt: bigint; message: ImpersonatedMessage } | undefined
  for (const { boc } of transactions) {
    const tx = loadTransaction(Cell.fromBoc(Buffer.from(boc))[0]!.beginParse())
    const info = tx.inMessage?.info
    if (info?.type !== 'internal' || !info.src.equals(router) || !info.dest.equals(pool)) continue
    if (newest !== undefined && newest.lt > tx.lt) continue
    const body = tx.inMessage?.body ?? new Cell()
    if (op !== undefined) {
      const slice = body.beginParse()
      if (slice.remainingBits < 32 || slice.loadUint(32) !== op) continue
    }
    newest = {
      lt: tx.lt,
      message: {
        from: router.toRawString(),
        to: pool.toRawString(),
        value: info.value.coins.toString(),
        body: body.toBoc().toString('base64'),
        bounce: info.bounce,
      },
    }
  }
  return newest?.message
}

/** Each transaction's account and phases (what must match on two chains in the same state). */
export function outcomes(transactions: readonly Outcome[]): Outcome[] {
  return transactions.map(({ account, exit_code, action_result_code, aborted, success }) => ({
    ...{ account, exit_code, action_result_code, aborted, success },
  }))
}
