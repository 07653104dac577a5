import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Address, beginCell, Cell } from '@ton/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { JETTON_SUPPLY, JETTON_WALLET_ADDRESS } from '../protocol/jetton/getMethods.js'
import { createTonApiClient } from './tonApiClient.js'
import { runGetterAt, toToncenterStack } from './tonApiStack.js'

const owner = new Address(0, Buffer.alloc(32, 0x22))
const wallet = new Address(0, Buffer.alloc(32, 0x33))
const received: { method: string; stack: [string, string][]; seqno: number }[] = []

/** A real HTTP server answering toncenter's `runGetMethod` as a jetton master would. */
let server: Server
let origin: string
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { params } = JSON.parse(body) as { params: (typeof received)[number] }
      received.push(params)
      const stack =
        params.method === 'get_wallet_address'
          ? [
              [
                'slice',
                { bytes: beginCell().storeAddress(wallet).endCell().toBoc().toString('base64') },
              ],
            ]
          : [['num', '0x14945b27005']]
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ ok: true, result: { exit_code: 0, stack } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

test('runGetterAt sends the descriptor’s name and arguments at the block and reads the answer', async () => {
  const client = createTonApiClient({ url: origin, rps: Number.POSITIVE_INFINITY })
  const master = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
  const answer = await runGetterAt(client, master, JETTON_WALLET_ADDRESS, 3020, owner)
  expect(answer?.equals(wallet)).toBe(true)
  const [sent] = received
  expect(sent?.method).toBe('get_wallet_address')
  expect(sent?.seqno).toBe(3020)
  const [type, boc] = sent?.stack[0] ?? []
  expect(type).toBe('tvm.Slice')
  expect(
    Cell.fromBase64(boc ?? '')
      .beginParse()
      .loadAddress()
      .equals(owner),
  ).toBe(true)
  expect(await runGetterAt(client, master, JETTON_SUPPLY, 3020)).toBe(1414213562373n)
  expect(received[1]?.stack).toEqual([])
})

test('toToncenterStack: integers as decimal num, slices and cells as BoC', () => {
  const cell = beginCell().storeUint(5, 8).endCell()
  expect(toToncenterStack([{ type: 'int', value: 42n }])).toEqual([['num', '42']])
  expect(toToncenterStack([{ type: 'cell', cell }])).toEqual([
    ['tvm.Cell', cell.toBoc().toString('base64')],
  ])
  expect(() => toToncenterStack([{ type: 'null' }])).toThrow(TypeError)
})
