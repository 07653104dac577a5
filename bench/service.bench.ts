/**
 * `npm run bench:service`: HTTP throughput of `POST /v1/swap/simulate` (TON → USDL on the demo
 * market: parameter parsing, store reads, core math, serialisation) against a bare Fastify
 * JSON route answering the same request with the same body, measured in the same run with the
 * same bounded autocannon load (loopback only, 50 connections, `BENCH_DURATION` seconds,
 * `BENCH_ROUNDS` alternating rounds, best of each). Each server runs in its own child process
 * so that the load generator does not share its event loop; each child also reports the CPU
 * time it spent per request, a figure less sensitive than req/s to other load on the machine.
 * Writes `bench/results/service.json`.
 *
 * Target: ratio >= 0.6 and p99 < 5 ms at 50 connections.
 *
 * Last measured (2 shared vCPUs, Node 20, other benchmarks running), two full runs: baseline
 * 12106 / 11923 req/s (p99 10 / 8 ms), swap/simulate 7651 / 7364 req/s (p99 13 / 13 ms), ratio
 * 0.63 / 0.62; server CPU 84.6 / 88.1 µs per request against 47.3 / 47.0 for the baseline. On
 * this machine even the bare route misses p99 < 5 ms at 50 connections.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import { writeResult } from './_support/measure.js'

const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP_S = 3
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TON = NATIVE_ADDRESS

type Mode = 'bare' | 'service'

/** The part of autocannon's result this bench reads. */
type CannonResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  non2xx: number
  errors: number
  timeouts: number
}
type Cannon = (options: {
  url: string
  method: 'POST'
  connections: number
  duration: number
  pipelining: number
}) => Promise<CannonResult>

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] as Mode)
} else {
  await main()
}

/**
 * Child mode: start one server on 127.0.0.1 (free port), print `PORT <n> <path>`, and answer
 * the parent's `reset` / `report` messages with the CPU time used. The local exchange listens
 * on its front server (its REST `app` does not listen itself), so its port is read from its
 * `url`, and the parent divides by the requests autocannon completed.
 */
async function serve(mode: Mode): Promise<void> {
  const { startLocalExchange: startService } = await import('../local/startLocalExchange.js')
  const { demoMarket } = await import('../demo/demoMarket.js')
  const usdl = demoMarket().assets.find((a) => a.symbol === 'USDL')?.address as string
  const path = `/v1/swap/simulate?offer_address=${TON}&ask_address=${usdl}&units=5000000000&slippage_tolerance=0.005`
  const service = await startService({
    dbPath: ':memory:',
    host: '127.0.0.1',
    port: 0,
    demo: 'reference', // the hand-written market has the TON/USDL pool this bench quotes
  })
  let port = Number(new URL(service.url).port)
  if (mode === 'bare') {
    // The baseline answers the very same request with the very same body, computed once.
    const body = (await service.app.inject({ method: 'POST', url: path })).json()
    await service.close()
    const { default: Fastify } = await import('fastify')
    const bare = Fastify()
    bare.post('/v1/swap/simulate', async () => body)
    await bare.listen({ host: '127.0.0.1', port: 0 })
    const address = bare.server.address()
    port = typeof address === 'object' && address !== null ? address.port : 0
  }
  let cpu = process.cpuUsage()
  process.on('message', (message) => {
    if (message === 'reset') {
      cpu = process.cpuUsage()
    } else if (message === 'report') {
      const used = process.cpuUsage(cpu)
      process.send?.({ cpuMicros: used.user + used.system })
    }
  })
  console.log(`PORT ${port} ${path}`)
}

/** Parent mode: run both servers alternately, load each with autocannon, report. */
async function main(): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Cannon
  const runs: Record<Mode, Run[]> = { bare: [], service: [] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['bare', 'service'] as const) {
      const { child, url } = await startChild(mode)
      try {
        await autocannon({
          url,
          method: 'POST',
          connections: CONNECTIONS,
          duration: WARMUP_S,
          pipelining: 1,
        })
        child.send('reset')
        const result = await autocannon({
          url,
          method: 'POST',
          connections: CONNECTIONS,
          duration: DURATION_S,
          pipelining: 1,
        })
        const usage = await report(child)
        if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
          throw new Error(
            `${mode}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
          )
        }
        runs[mode].push({
          result,
          cpuMicrosPerRequest: usage.cpuMicros / Math.max(1, result.requests.total),
        })
      } finally {
        await stopChild(child)
      }
    }
  }
  const best = (mode: Mode) =>
    runs[mode].reduce((a, b) => (b.result.requests.average > a.result.requests.average ? b : a))
  const bare = best('bare')
  const service = best('service')
  const ratio = service.result.requests.average / bare.result.requests.average
  const cpuRatio = bare.cpuMicrosPerRequest / service.cpuMicrosPerRequest
  const line = (name: string, run: Run) =>
    `${name.padEnd(34)} ${run.result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${run.result.latency.p50} ms   p99 ${run.result.latency.p99} ms   server CPU ${run.cpuMicrosPerRequest.toFixed(1)} µs/req`
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, best of ${ROUNDS} alternating rounds, loopback`,
  )
  console.log(line('bare Fastify JSON route (baseline)', bare))
  console.log(line('POST /v1/swap/simulate', service))
  console.log(
    `ratio ${ratio.toFixed(2)}x baseline in req/s (target >= 0.6x), ${cpuRatio.toFixed(2)}x in server CPU per request; p99 ${service.result.latency.p99} ms (target < 5 ms)`,
  )
  const summary = (run: Run) => ({
    requestsPerSecond: Math.round(run.result.requests.average),
    p50Ms: run.result.latency.p50,
    p99Ms: run.result.latency.p99,
    serverCpuMicrosPerRequest: Number(run.cpuMicrosPerRequest.toFixed(1)),
  })
  const path = writeResult('service.json', {
    date: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    rounds: ROUNDS,
    baseline: { name: 'bare Fastify JSON route, same request and body', ...summary(bare) },
    swapSimulate: summary(service),
    ratio: Number(ratio.toFixed(3)),
    cpuRatio: Number(cpuRatio.toFixed(3)),
  })
  console.log(`written ${path}`)
}

type Run = { result: CannonResult; cpuMicrosPerRequest: number }

function report(child: ChildProcess): Promise<{ cpuMicros: number }> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as { cpuMicros: number }))
    child.send('report')
  })
}

function startChild(mode: Mode): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', mode],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /PORT (\d+) (\S+)/.exec(out)
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}${match[2]}` })
    })
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)))
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit')
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
