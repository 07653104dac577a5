/**
 * The REST answers two ton-dex-lab instances must share when one indexes the other's chain:
 * every route whose answer is made of chain-derived data, for the demo's wallets, providers
 * and referrers. Answers are compared byte for byte.
 */
export async function restDifferences(
  upstream: string,
  follower: string,
  options: { readonly except?: readonly string[] } = {},
): Promise<string[]> {
  const get = async (base: string, path: string) => {
    const response = await fetch(base + path)
    return { status: response.status, body: await response.text() }
  }
  const json = async (path: string) => JSON.parse((await get(upstream, path)).body) as unknown
  const range = 'since=2020-01-01T00:00:00&until=2030-01-01T00:00:00'
  const paths = [
    '/v1/routers',
    '/v1/assets',
    '/v1/pools',
    `/v1/stats/dex?${range}`,
    `/v1/stats/pool?${range}`,
    '/export/dexscreener/v1/latest-block',
    '/export/dexscreener/v1/events?fromBlock=0&toBlock=1000000',
  ]
  const pools = (await json('/v1/pools')) as { pool_list: { address: string }[] }
  for (const p of pools.pool_list) paths.push(`/v1/pools/${p.address}`)
  const { operations } = (await json(`/v1/stats/operations?${range}`)) as {
    operations: { operation: { wallet_address: string; referral_address: string | null } }[]
  }
  const wallets = new Set<string>()
  const referrers = new Set<string>()
  for (const { operation } of operations) {
    wallets.add(operation.wallet_address)
    if (operation.referral_address !== null) referrers.add(operation.referral_address)
  }
  for (const w of wallets) {
    paths.push(`/v1/wallets/${w}/operations?${range}`, `/v1/wallets/${w}/assets`)
    paths.push(`/v1/wallets/${w}/pools`)
  }
  for (const r of referrers) {
    paths.push(`/v1/wallets/${r}/fee_vaults`, `/v1/stats/fees?referrer_address=${r}&${range}`)
  }
  const differences: string[] = []
  for (const path of paths.filter((p) => !options.except?.includes(p))) {
    const [a, b] = await Promise.all([get(upstream, path), get(follower, path)])
    if (a.status !== b.status || a.body !== b.body) {
      let at = 0
      while (at < a.body.length && a.body[at] === b.body[at]) at++
      const around = (body: string) => body.slice(Math.max(0, at - 150), at + 150)
      differences.push(
        `${path} (status ${a.status} / ${b.status}, from character ${at})\n  upstream …${around(a.body)}\n  follower …${around(b.body)}`,
      )
    }
  }
  if (paths.length < 20) differences.push(`only ${paths.length} routes compared`)
  return differences
}
