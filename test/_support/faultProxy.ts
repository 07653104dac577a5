import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the proxy does with one JSON-RPC request (by method and its arrival number). */
export type Fault =
  | { type: 'pass' }
  /** toncenter's own rate-limit answer. */
  | { type: 'ratelimit' }
  | { type: 'bad-gateway' }
  /** Never answers (the client's timeout must end the request). */
  | { type: 'hang' }
  /** Passes it on and changes the JSON answer. */
  | { type: 'rewrite'; rewrite: (result: unknown) => unknown }
  /** A path this upstream does not serve (toncenter's answer to an unknown path). */
  | { type: 'not-found' }

/** A running {@link startFaultProxy}. */
export type FaultProxy = {
  readonly url: string
  /** Every request that reached the proxy: its JSON-RPC method (or path) and arrival time. */
  readonly requests: readonly { readonly method: string; readonly at: number }[]
  /** How many requests got each kind of fault. */
  readonly injected: Record<Fault['type'], number>
  /** Most requests that arrived within any one second. */
  maxPerSecond(): number
  close(): Promise<void>
}

/**
 * A real HTTP proxy in front of a TON HTTP API (and whatever else the upstream serves) that
 * injects faults: `decide` picks one per JSON-RPC request; other requests pass unchanged.
 *
 * @example
 * ```ts
 * const proxy = await startFaultProxy(upstream.url, ({ n }) => (n % 10 === 3 ? { type: 'ratelimit' } : { type: 'pass' }))
 * ```
 */
export async function startFaultProxy(
  target: string,
  decide: (request: { method: string; n: number; params: Record<string, unknown> }) => Fault,
  /** The same for the other requests (`GET /api/v3/transactions`, …): a `rewrite` gets the
   * whole JSON answer. Default: pass. */
  decideOther?: (request: { method: string; n: number }) => Fault,
): Promise<FaultProxy> {
  const upstream = new URL(target)
  const requests: { method: string; at: number }[] = []
  const injected = { pass: 0, ratelimit: 0, 'bad-gateway': 0, hang: 0, rewrite: 0, 'not-found': 0 }
  const hanging = new Set<IncomingMessage>()
  const forward = (
    incoming: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const out = httpRequest(
        {
          hostname: upstream.hostname,
          port: upstream.port,
          path: incoming.url,
          method: incoming.method,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (c: Buffer) => chunks.push(c))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 502,
              headers: {
                'content-type': String(response.headers['content-type'] ?? 'application/json'),
              },
              body: Buffer.concat(chunks),
            }),
          )
          response.on('error', reject)
        },
      )
      out.on('error', reject)
      out.end(body)
    })
  const server: Server = createServer((incoming, reply) => {
    const chunks: Buffer[] = []
    incoming.on('data', (c: Buffer) => chunks.push(c))
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks)
      let method = `${incoming.method} ${incoming.url?.split('?')[0]}`
      let params: Record<string, unknown> = {}
      if (incoming.method === 'POST' && incoming.url?.endsWith('/jsonRPC')) {
        const parsed = JSON.parse(body.toString()) as {
          method: string
          params?: Record<string, unknown>
        }
        method = parsed.method
        params = parsed.params ?? {}
      }
      requests.push({ method, at: performance.now() })
      const rpc = incoming.url?.endsWith('/jsonRPC') === true
      const fault = rpc
        ? decide({ method, n: requests.length, params })
        : (decideOther?.({ method, n: requests.length }) ?? ({ type: 'pass' } as const))
      injected[fault.type] += 1
      if (fault.type === 'hang') {
        hanging.add(incoming)
        incoming.on('close', () => hanging.delete(incoming))
        return
      }
      if (fault.type === 'ratelimit') {
        reply.writeHead(429, { 'content-type': 'application/json' })
        reply.end(JSON.stringify({ ok: false, result: 'Ratelimit exceed', code: 429 }))
        return
      }
      if (fault.type === 'not-found') {
        reply.writeHead(404, { 'content-type': 'application/json' })
        reply.end(JSON.stringify({ detail: 'Not Found' }))
        return
      }
      if (fault.type === 'bad-gateway') {
        reply.writeHead(502, { 'content-type': 'text/html' })
        reply.end('<html><body><h1>502 Bad Gateway</h1></body></html>')
        return
      }
      try {
        const answer = await forward(incoming, body)
        let out = answer.body
        if (fault.type === 'rewrite' && answer.status === 200) {
          const json = JSON.parse(out.toString()) as { result: unknown }
          out = Buffer.from(
            JSON.stringify(
              rpc ? { ...json, result: fault.rewrite(json.result) } : fault.rewrite(json),
            ),
          )
        }
        reply.writeHead(answer.status, answer.headers)
        reply.end(out)
      } catch {
        reply.writeHead(502)
        reply.end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    injected,
    maxPerSecond() {
      let most = 0
      let from = 0
      for (let i = 0; i < requests.length; i++) {
        const at = (requests[i] as { at: number }).at
        while ((requests[from] as { at: number }).at <= at - 1000) from++
        most = Math.max(most, i - from + 1)
      }
      return most
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
