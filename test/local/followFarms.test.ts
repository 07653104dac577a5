/**
 * `serve --follow` on a local exchange U follows its farms and STON staking: R takes the farm
 * minters from U's `/v1/farms` and the staking minter from U's `/local/status`, indexes their
 * history and a farm stake U executes afterwards (through `@ston-fi/sdk`), and answers the farm
 * and staking endpoints as U does.
 */
import { DEX, FARM } from '@ston-fi/sdk'
import { Address } from '@ton/core'
import { JettonMaster } from '@ton/ton'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RunningFollowNode } from '../../local/startFollowNode.js'
import { dapp } from './_support/dapp.js'
import { type FollowHarness, followHarness } from './_support/followHarness.js'

let harness: FollowHarness
let follower: RunningFollowNode
beforeAll(async () => {
  harness = await followHarness('follow-farms', 2)
  follower = await harness.follow()
  await follower.follower.indexed(harness.upstream.chain?.head.seqno ?? 0)
}, 300_000)
afterAll(async () => {
  await harness?.close()
})

const body = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`)
  expect(response.status, `${base}${path}`).toBe(200)
  return response.json() as Promise<Record<string, unknown>>
}
type WireFarm = { minter_address: string; pool_address: string; rewards: unknown[] }

describe('serve --follow: farms and staking', () => {
  test("takes the farm minters from U's /v1/farms and the staking minter from its /local/status", async () => {
    const u = harness.upstream.url
    const { farm_list: farms } = (await body(u, '/v1/farms')) as { farm_list: WireFarm[] }
    const status = (await body(u, '/local/status')) as {
      farm_minters: string[]
      staking_minters: string[]
    }
    expect(farms.length).toBe(2)
    expect(status.staking_minters).toHaveLength(1)
    expect([...status.farm_minters].sort()).toEqual(farms.map((f) => f.minter_address).sort())
    expect([...follower.farmMinters].sort()).toEqual(farms.map((f) => f.minter_address).sort())
    expect(follower.stakingMinters).toEqual(status.staking_minters)
    const own = (await body(follower.url, '/local/status')) as { staking_minters: string[] }
    expect(own.staking_minters).toEqual(status.staking_minters)
  })

  test('answers the farm and staking endpoints of the demo history as U does', async () => {
    const u = harness.upstream.url
    const r = follower.url
    expect(await body(r, '/v1/farms')).toEqual(await body(u, '/v1/farms'))
    expect(await body(r, '/v1/stats/staking')).toEqual(await body(u, '/v1/stats/staking'))
    const positions = await harness.upstream.store.listIndexedFarmPositions()
    const stakes = await harness.upstream.store.listIndexedStakePositions()
    expect(positions.length).toBeGreaterThan(0)
    expect(stakes.length).toBeGreaterThan(0)
    for (const owner of new Set(positions.map((p) => p.ownerAddress))) {
      const path = `/v1/wallets/${owner}/farms`
      expect(await body(r, path), path).toEqual(await body(u, path))
    }
    for (const owner of new Set(stakes.map((p) => p.ownerAddress))) {
      const path = `/v1/wallets/${owner}/stakes`
      expect(await body(r, path), path).toEqual(await body(u, path))
    }
  })

  test('indexes a farm stake U executes, equal to U', async () => {
    const u = harness.upstream
    const app = dapp(u.url)
    const wallet = u.wallets[2]
    if (wallet === undefined) throw new Error('no test wallet')
    const me = wallet.address.toString()
    const { farm_list: farms } = (await body(u.url, '/v1/farms')) as { farm_list: WireFarm[] }
    const farm = farms.find((f) => f.rewards.length === 2) as WireFarm
    const { pool } = (await body(u.url, `/v1/pools/${farm.pool_address}`)) as {
      pool: { router_address: string; token0_address: string; token1_address: string }
    }
    for (const token of [pool.token0_address, pool.token1_address]) {
      const response = await fetch(`${u.url}/local/faucet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: me, asset: token, amount: '1000000000000' }),
      })
      expect(response.status).toBe(200)
    }
    const router = app.client.open(DEX.v2_2.Router.CPI.create(Address.parse(pool.router_address)))
    for (const [send, other] of [
      [pool.token0_address, pool.token1_address],
      [pool.token1_address, pool.token0_address],
    ] as const) {
      await app.send(
        wallet,
        await router.getProvideLiquidityJettonTxParams({
          userWalletAddress: wallet.address,
          sendTokenAddress: send,
          otherTokenAddress: other,
          sendAmount: 100_000_000_000n,
          minLpOut: 1n,
        }),
      )
    }
    const lpWallet = await app.client
      .open(JettonMaster.create(Address.parse(farm.pool_address)))
      .getWalletAddress(Address.parse(me))
    const lp = (await app.client.runMethod(lpWallet, 'get_wallet_data')).stack.readBigNumber()
    expect(lp).toBeGreaterThan(0n)
    const minter = app.client.open(FARM.v3.NftMinter.create(Address.parse(farm.minter_address)))
    await app.send(
      wallet,
      await minter.getStakeTxParams({
        userWalletAddress: wallet.address,
        jettonAddress: farm.pool_address,
        jettonAmount: lp,
      }),
    )
    await u.indexed(u.chain?.head.seqno ?? 0)
    await follower.follower.indexed(u.chain?.head.seqno ?? 0)
    const path = `/v1/wallets/${me}/farms/${farm.minter_address}`
    const seen = (await body(follower.url, path)) as {
      farm: { locked_total_lp: string; nft_infos: { staked_tokens: string; status: string }[] }
    }
    expect(seen.farm.nft_infos).toEqual([
      expect.objectContaining({ staked_tokens: lp.toString(), status: 'active' }),
    ])
    expect(seen).toEqual(await body(u.url, path))
    expect(await body(follower.url, '/v1/farms')).toEqual(await body(u.url, '/v1/farms'))
  })
})
