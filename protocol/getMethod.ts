import { type Address, beginCell, type TupleItem, type TupleReader } from '@ton/core'

/**
 * One get-method of a contract family, as a fact: its name, how its arguments go on the stack,
 * and how its answer is read. The families' descriptors live beside their messages
 * (`protocol/jetton/getMethods.ts`, `protocol/dex/getMethods.ts`, `protocol/farm/`, …); each
 * environment runs them with its own adapter (the emulator's `DexWorld.call`, the remote TON
 * API's `runGetterAt`, {@link callGetMethod} over any `(address, name, args) → stack` runner),
 * so no caller writes a get-method name or reads a stack by hand.
 *
 * @example
 * ```ts
 * const supply: GetMethod<[], bigint> = { name: 'get_jetton_data', args: () => [], read: (r) => r.readBigNumber() }
 * supply.read(new TupleReader([{ type: 'int', value: 1414213562373n }])) // 1414213562373n
 * ```
 */
export type GetMethod<Args extends readonly unknown[], Answer> = {
  /** The method's name, as the contract's `method_id` is computed from it (`get_pool_data`). */
  readonly name: string
  /** The argument stack, first argument first. */
  readonly args: (...args: Args) => TupleItem[]
  /** Reads the answer off the result stack (throws when the stack is not of that shape). */
  readonly read: (reader: TupleReader) => Answer
}

/**
 * A get-method runner of one environment: runs `name` on `address` with `args` and answers the
 * stack, or `undefined` when the method exits non-zero or the account is not there. `Where` is
 * how the environment names an account (an `Address`, or the user-friendly text a remote API
 * takes).
 *
 * @example
 * ```ts
 * const run: GetMethodRunner = async (address, name, args) =>
 *   (await blockchain.runGetMethod(address, name, args)).stackReader
 * ```
 */
export type GetMethodRunner<Where = Address> = (
  address: Where,
  name: string,
  args: TupleItem[],
) => Promise<TupleReader | undefined>

/**
 * Runs a get-method descriptor with a runner: its typed answer, or `undefined` when the runner
 * has none (non-zero exit, no such account).
 *
 * @example
 * ```ts
 * await callGetMethod(run, wallet, JETTON_WALLET_DATA) // { balance: 1000000000n, owner: Address, master: Address }
 * ```
 */
export async function callGetMethod<Where, Args extends readonly unknown[], Answer>(
  run: GetMethodRunner<Where>,
  address: Where,
  method: GetMethod<Args, Answer>,
  ...args: Args
): Promise<Answer | undefined> {
  const reader = await run(address, method.name, method.args(...args))
  return reader === undefined ? undefined : method.read(reader)
}

/**
 * An address as a get-method argument: a slice holding `MsgAddress` (how every TEP-74 and STON.fi
 * getter takes an address).
 *
 * @example
 * ```ts
 * addressArg(Address.parse('EQCS4UEa5UaJLzOyyKieqQOQ2P9M-7kXpkO5HnP3Bv250cN3')).type // 'slice'
 * ```
 */
export function addressArg(address: Address): TupleItem {
  return { type: 'slice', cell: beginCell().storeAddress(address).endCell() }
}

/** A getter without arguments. */
export function noArgs(): TupleItem[] {
  return []
}
