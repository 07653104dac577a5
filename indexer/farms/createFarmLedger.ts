import type { Address, Cell, Message, Transaction } from '@ton/core'
import { accrueFarmPool, claimFarmPool, NANOREWARDS_PER_UNIT } from '../../core/farm/farmAccrual.js'
import { FARM_MINTER_STATUS, FARM_POOL_STATUS } from '../../core/farm/farmStatus.js'
import { addressText } from '../../protocol/addressText.js'
import { jettonWalletAddressOf } from '../../protocol/contractLayouts.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { opOf } from '../../protocol/decode/decodeBody.js'
import {
  decodeFarmItemBody,
  decodeFarmMinterBody,
  decodeFarmPayload,
  decodeStakeItemBody,
  decodeStakeMinterBody,
  decodeStakePayload,
} from '../../protocol/decode/farmDecoders.js'
import { readFarmV3MinterStorage } from '../../protocol/farm/storage.js'
import { readNftItemInitIndex } from '../../protocol/nft/storage.js'
import { OP_CODES } from '../../protocol/opCodes.js'
import { readStakeMinterStorage } from '../../protocol/stake/storage.js'
import { isoSeconds } from '../../protocol/timeText.js'
import type {
  IndexedFarmPoolRow,
  IndexedFarmPositionRow,
  IndexedFarmRow,
  IndexedStakePositionRow,
  IndexedStakingRow,
} from '../../store/rows/indexerRows.js'
import { readJettonWalletInit } from '../wallets/readAccountInit.js'

type Mutable<T> = { -readonly [K in keyof T]: T[K] }
type FarmState = Mutable<Omit<IndexedFarmRow, 'pools'>> & { pools: Mutable<IndexedFarmPoolRow>[] }

/** The rows a {@link FarmLedger} changed since the last {@link FarmLedger.takeChanges}. */
export type FarmLedgerChanges = {
  readonly farms: IndexedFarmRow[]
  readonly farmPositions: IndexedFarmPositionRow[]
  readonly stakings: IndexedStakingRow[]
  readonly stakePositions: IndexedStakePositionRow[]
}

/**
 * The indexer's farm and staking read model, kept from transactions: the storage of every
 * followed farm v3 minter and staking minter and of their stake positions (items), replayed
 * from their messages with the contracts' rules (`docs/farms.md`, `docs/staking.md`, the
 * accrual of `core/farm`). Only the configured minters are followed (anyone can deploy a
 * contract that speaks the op codes); their items are the addresses they deploy.
 *
 * @example
 * ```ts
 * const ledger = createFarmLedger({ farmMinters: new Set([minter]), stakingMinters: new Set() })
 * ledger.apply(tx, minter, false, body)
 * ledger.takeChanges().farms[0]?.currentStaked // 1000000000n
 * ```
 */
export type FarmLedger = {
  /** Applies one transaction of `account` (its inbound body decoded, or `undefined`). */
  apply(tx: Transaction, account: string, aborted: boolean, body: DecodedBody | undefined): void
  takeChanges(): FarmLedgerChanges
}

/** Options of {@link createFarmLedger}: the configured minters and the stored read model. */
export type FarmLedgerOptions = {
  readonly farmMinters: ReadonlySet<string>
  readonly stakingMinters: ReadonlySet<string>
  readonly farms?: readonly IndexedFarmRow[] | undefined
  readonly farmPositions?: readonly IndexedFarmPositionRow[] | undefined
  readonly stakings?: readonly IndexedStakingRow[] | undefined
  readonly stakePositions?: readonly IndexedStakePositionRow[] | undefined
}

/**
 * Creates the farm and staking ledger over the stored rows (see {@link FarmLedger}).
 *
 * @example
 * ```ts
 * const ledger = createFarmLedger({ farmMinters: new Set([farm]), stakingMinters: new Set([staking]),
 *   farms: await store.listIndexedFarms(), farmPositions: await store.listIndexedFarmPositions() })
 * ```
 */
export function createFarmLedger(options: FarmLedgerOptions): FarmLedger {
  const farms = new Map<string, FarmState>()
  for (const f of options.farms ?? [])
    farms.set(f.address, { ...f, pools: f.pools.map((p) => ({ ...p })) })
  const farmPositions = new Map<string, Mutable<IndexedFarmPositionRow>>()
  /** Item address → its farm, for items deployed but not yet initialized. */
  const farmItems = new Map<string, string>()
  for (const p of options.farmPositions ?? []) {
    farmPositions.set(p.address, { ...p })
    farmItems.set(p.address, p.farmAddress)
  }
  const stakings = new Map<string, Mutable<IndexedStakingRow>>()
  for (const s of options.stakings ?? []) stakings.set(s.address, { ...s })
  const stakePositions = new Map<string, Mutable<IndexedStakePositionRow>>()
  const stakeItems = new Map<string, string>()
  for (const p of options.stakePositions ?? []) {
    stakePositions.set(p.address, { ...p })
    stakeItems.set(p.address, p.minterAddress)
  }
  /**
   * Jetton master → the wallet code of a wallet of it the indexer saw deployed (TEP-74
   * state-init): with it a minter's LP and reward wallets name their jettons before they are
   * deployed themselves (a farm is listed by its pool from its `init` on).
   */
  const walletCodes = new Map<string, Cell>()
  /** The master whose wallet of `owner` is `wallet`, among the codes seen; `null` if none. */
  const masterOfWallet = (wallet: string | null, owner: string): string | null => {
    if (wallet === null) return null
    for (const [master, code] of walletCodes) {
      if (jettonWalletAddress(code, owner, master) === wallet) return master
    }
    return null
  }
  /** Names the jettons of the farms' wallets a newly seen wallet code (of `master`) explains. */
  const learnWalletCode = (tx: Transaction) => {
    const init = tx.inMessage?.init
    if (!init || tx.oldStatus === 'active') return
    const wallet = readJettonWalletInit(init)
    if (wallet === undefined || !init.code) return
    const master = addressText(wallet.master)
    if (walletCodes.has(master)) return
    walletCodes.set(master, init.code)
    for (const farm of farms.values()) {
      let named = false
      if (farm.stakingTokenMaster === null && farm.stakingTokenWallet !== null) {
        if (jettonWalletAddress(init.code, farm.address, master) === farm.stakingTokenWallet) {
          farm.stakingTokenMaster = master
          named = true
        }
      }
      for (const pool of farm.pools) {
        if (pool.rewardTokenMaster !== null) continue
        if (jettonWalletAddress(init.code, farm.address, master) === pool.rewardTokenWallet) {
          pool.rewardTokenMaster = master
          named = true
        }
      }
      if (named) changed.farms.add(farm.address)
    }
  }
  const changed = {
    farms: new Set<string>(),
    farmPositions: new Set<string>(),
    stakings: new Set<string>(),
    stakePositions: new Set<string>(),
  }

  const accrueAll = (farm: FarmState, now: bigint) => {
    const operational = farm.status === FARM_MINTER_STATUS.operational
    farm.pools = farm.pools.map((pool) => ({
      ...pool,
      ...accrueFarmPool(pool, {
        now,
        staked: farm.currentStaked,
        nanorewardsPer24h: pool.nanorewardsPer24h,
        adminFee: pool.adminFee,
        active: operational && pool.status === FARM_POOL_STATUS.active,
      }),
    }))
  }
  const payPool = (
    farm: FarmState,
    index: number,
    staked: bigint,
    claimedPerUnit: ReadonlyMap<number, bigint>,
  ) => {
    const pool = farm.pools[index]
    if (pool === undefined) return
    const claim = claimFarmPool(pool, { staked, claimedPerUnit: claimedPerUnit.get(index) ?? 0n })
    farm.pools[index] = { ...pool, claimed: claim.pool.claimed }
  }

  const applyFarmMinter = (tx: Transaction, account: string, body: DecodedBody | undefined) => {
    const farm = farms.get(account)
    const inMessage = tx.inMessage
    if (farm === undefined || inMessage?.info.type !== 'internal') return
    const now = BigInt(tx.now)
    const sender = addressText(inMessage.info.src)
    if (body?.type === 'jetton.transfer_notification') {
      const payload = decodeFarmPayload(body.forwardPayload)
      const deploy = outBodies(tx).find(
        (o) => decodeFarmItemBody(o.body)?.type === 'farm.item_init',
      )
      if (payload?.type === 'farm.stake' && sender === farm.stakingTokenWallet && deploy) {
        accrueAll(farm, now)
        farmItems.set(deploy.dest, account)
        farm.nextItemIndex += 1n
        farm.currentStaked += body.amount
      } else if (
        payload?.type === 'farm.deposit_rewards' &&
        !hasJettonTransfer(tx) &&
        farm.pools[payload.poolIndex]?.rewardTokenWallet === sender
      ) {
        accrueAll(farm, now)
        const pool = farm.pools[payload.poolIndex] as Mutable<IndexedFarmPoolRow>
        pool.deposited += body.amount * NANOREWARDS_PER_UNIT
      } else return
      changed.farms.add(account)
      return
    }
    const msg = decodeFarmMinterBody(inMessage.body)
    if (msg === undefined) return
    switch (msg.type) {
      case 'farm.minter_init':
        farm.status = FARM_MINTER_STATUS.operational
        farm.stakingTokenWallet = textOf(msg.stakingTokenWallet)
        farm.stakingTokenMaster = masterOfWallet(farm.stakingTokenWallet, farm.address)
        break
      case 'farm.update_claim': {
        accrueAll(farm, now)
        const indexes = msg.claimAll ? farm.pools.map((p) => p.index) : [msg.poolIndex]
        for (const i of indexes) payPool(farm, i, msg.staked, msg.claimedPerUnit)
        break
      }
      case 'farm.internal_unstake':
        accrueAll(farm, now)
        for (const p of farm.pools) payPool(farm, p.index, msg.staked, msg.claimedPerUnit)
        farm.currentStaked -= msg.staked
        break
      case 'farm.create_pool':
        accrueAll(farm, now)
        farm.pools.push({
          index: farm.pools.length,
          rewardTokenWallet: textOf(msg.rewardTokenWallet) ?? '',
          rewardTokenMaster: masterOfWallet(textOf(msg.rewardTokenWallet), farm.address),
          status: FARM_POOL_STATUS.active,
          nanorewardsPer24h: msg.nanorewardsPer24h,
          adminFee: msg.adminFee,
          unrestrictedDepositRewards: msg.unrestrictedDepositRewards,
          deposited: 0n,
          accruedPerUnit: 0n,
          accrued: 0n,
          claimed: 0n,
          claimedFee: 0n,
          accruedFee: 0n,
          lastUpdateTime: now,
        })
        break
      case 'farm.change_rate':
      case 'farm.change_pool_status': {
        accrueAll(farm, now)
        const pool = farm.pools[msg.poolIndex]
        if (pool === undefined) return
        if (msg.type === 'farm.change_rate') pool.nanorewardsPer24h = msg.nanorewardsPer24h
        else pool.status = msg.status
        break
      }
      case 'farm.change_status':
        accrueAll(farm, now)
        farm.status = msg.status
        break
      case 'farm.update_stake_time':
        farm.minStakeTime = msg.minStakeTime
        break
      case 'farm.withdraw_rewards': {
        accrueAll(farm, now)
        const pool = farm.pools[msg.poolIndex]
        if (pool === undefined) return
        pool.deposited -= msg.amount * NANOREWARDS_PER_UNIT
        break
      }
      case 'farm.update_accrued_values':
        accrueAll(farm, now)
        break
    }
    changed.farms.add(account)
  }

  const applyFarmItem = (tx: Transaction, account: string, farmAddress: string) => {
    const inMessage = tx.inMessage
    if (inMessage?.info.type !== 'internal') return
    const position = farmPositions.get(account)
    if (inMessage.info.bounced) {
      if (position !== undefined && (position.status === 3 || position.status === 4)) {
        position.status = 1
        changed.farmPositions.add(account)
      }
      return
    }
    const msg = decodeFarmItemBody(inMessage.body)
    if (msg === undefined) return
    if (msg.type === 'farm.item_init') {
      if (position !== undefined) return
      farmItems.set(account, farmAddress)
      farmPositions.set(account, {
        address: account,
        farmAddress,
        index: indexOf(tx),
        ownerAddress: textOf(msg.owner) ?? '',
        status: 1,
        staked: msg.staked,
        stakeDate: msg.stakeDate,
        revokeTime: 0n,
        claimedPerUnit: perUnitList(msg.claimedPerUnit),
        destroyed: false,
      })
      changed.farmPositions.add(account)
      return
    }
    if (position === undefined) return
    switch (msg.type) {
      case 'farm.claim_rewards':
        position.status = 3
        break
      case 'farm.unstake':
        position.status = 4
        break
      case 'farm.update_claim_final':
        position.status = msg.status
        position.claimedPerUnit = perUnitList(msg.claimedPerUnit)
        if (msg.status === 2) position.revokeTime = BigInt(tx.now)
        break
      case 'farm.destroy':
        position.destroyed = true
        break
    }
    changed.farmPositions.add(account)
  }

  const applyStakingMinter = (tx: Transaction, account: string, body: DecodedBody | undefined) => {
    const staking = stakings.get(account)
    const inMessage = tx.inMessage
    if (staking === undefined || inMessage?.info.type !== 'internal') return
    if (body?.type === 'jetton.transfer_notification') {
      const sender = addressText(inMessage.info.src)
      if (sender !== staking.stakingTokenWallet || !decodeStakePayload(body.forwardPayload)) return
      for (const out of outBodies(tx)) {
        const init = decodeStakeItemBody(out.body)
        if (init?.type !== 'stake.item_init') continue
        stakeItems.set(out.dest, account)
        staking.nextItemIndex += 1n
        staking.currentStaked += init.staked
        staking.totalVotePower += init.votePower
        changed.stakings.add(account)
      }
      return
    }
    const msg = decodeStakeMinterBody(inMessage.body)
    if (msg === undefined) return
    if (msg.type === 'stake.minter_init') {
      staking.stakingTokenWallet = textOf(msg.stakingTokenWallet)
      staking.secondaryTokenMinter = textOf(msg.secondaryTokenMinter)
      staking.originTime = BigInt(tx.now)
    } else if (msg.type === 'stake.internal_unstake') {
      staking.currentStaked -= msg.staked
      staking.totalVotePower -= msg.votePower
    } else {
      const final = outBodies(tx)
        .map((o) => decodeStakeItemBody(o.body))
        .find((b) => b?.type === 'stake.internal_restake_final')
      if (final?.type !== 'stake.internal_restake_final') return
      staking.totalVotePower = staking.totalVotePower - msg.votePower + final.votePower
    }
    changed.stakings.add(account)
  }

  const applyStakeItem = (tx: Transaction, account: string, minterAddress: string) => {
    const inMessage = tx.inMessage
    if (inMessage?.info.type !== 'internal') return
    const position = stakePositions.get(account)
    if (inMessage.info.bounced) {
      if (position?.status === 3) {
        position.status = 1
        changed.stakePositions.add(account)
      }
      return
    }
    const msg = decodeStakeItemBody(inMessage.body)
    if (msg === undefined) return
    if (msg.type === 'stake.item_init') {
      if (position !== undefined) return
      stakeItems.set(account, minterAddress)
      stakePositions.set(account, {
        address: account,
        minterAddress,
        index: indexOf(tx),
        ownerAddress: textOf(msg.owner) ?? '',
        status: 1,
        staked: msg.staked,
        votePower: msg.votePower,
        lockDate: msg.lockDate,
        minUnstakeDate: msg.minUnstakeDate,
        gemston: msg.gemston,
        revokeTime: 0n,
        destroyed: false,
      })
      changed.stakePositions.add(account)
      return
    }
    if (position === undefined) return
    switch (msg.type) {
      case 'stake.unstake':
      case 'stake.restake':
        position.status = 3
        break
      case 'stake.internal_unstake_final':
        position.status = 2
        position.revokeTime = BigInt(tx.now)
        position.votePower = 0n
        break
      case 'stake.internal_restake_final':
        position.status = 1
        position.votePower = msg.votePower
        position.minUnstakeDate = msg.minUnstakeDate
        position.gemston = msg.gemston
        break
      case 'stake.destroy':
        position.destroyed = true
        break
      default:
        return
    }
    changed.stakePositions.add(account)
  }

  return {
    apply(tx, account, aborted, body) {
      if (!aborted) learnWalletCode(tx)
      if (options.farmMinters.has(account)) {
        if (!farms.has(account)) {
          const data = deployedData(tx)
          if (data === undefined) return
          const init = readFarmV3MinterStorage(data)
          farms.set(account, {
            address: account,
            adminAddress: addressText(init.admin),
            stakingTokenWallet: textOf(init.stakingTokenWallet),
            stakingTokenMaster: masterOfWallet(textOf(init.stakingTokenWallet), account),
            status: init.status,
            nextItemIndex: init.nextItemIndex,
            currentStaked: init.currentStaked,
            minStakeTime: init.minStakeTime,
            contractUniqueId: init.contractUniqueId,
            createTimestamp: isoSeconds(tx.now),
            pools: [...init.pools].map(([index, p]) => ({
              index,
              rewardTokenWallet: addressText(p.parameters.rewardTokenWallet),
              rewardTokenMaster: masterOfWallet(
                addressText(p.parameters.rewardTokenWallet),
                account,
              ),
              status: p.parameters.status,
              nanorewardsPer24h: p.parameters.nanorewardsPer24h,
              adminFee: p.parameters.adminFee,
              unrestrictedDepositRewards: p.parameters.unrestrictedDepositRewards,
              ...p.accrued,
            })),
          })
          changed.farms.add(account)
        }
        if (!aborted) applyFarmMinter(tx, account, body)
        return
      }
      if (options.stakingMinters.has(account)) {
        if (!stakings.has(account)) {
          const data = deployedData(tx)
          if (data === undefined) return
          const init = readStakeMinterStorage(data)
          stakings.set(account, {
            address: account,
            stakingTokenWallet: textOf(init.stakingTokenWallet),
            secondaryTokenMinter: textOf(init.secondaryTokenMinter),
            originTime: init.originTime,
            nextItemIndex: init.nextItemIndex,
            currentStaked: init.currentStaked,
            totalVotePower: init.totalVotePower,
            locked: init.isLocked,
          })
          changed.stakings.add(account)
        }
        if (!aborted) applyStakingMinter(tx, account, body)
        return
      }
      if (aborted) return
      // An item is known from its minter's deploying message, or (after a restart between the
      // two transactions) from the followed minter that sends it its `init`.
      const farm = farmItems.get(account)
      if (farm !== undefined) {
        applyFarmItem(tx, account, farm)
        return
      }
      const minter = stakeItems.get(account)
      if (minter !== undefined) {
        applyStakeItem(tx, account, minter)
        return
      }
      const info = tx.inMessage?.info
      if (info?.type !== 'internal' || (farms.size === 0 && stakings.size === 0)) return
      const src = addressText(info.src)
      if (farms.has(src)) applyFarmItem(tx, account, src)
      else if (stakings.has(src)) applyStakeItem(tx, account, src)
    },
    takeChanges() {
      const take = <T>(keys: Set<string>, rows: Map<string, T>): T[] => {
        const out: T[] = []
        for (const key of keys) {
          const row = rows.get(key)
          if (row !== undefined) out.push(freezeCopy(row))
        }
        keys.clear()
        return out
      }
      return {
        farms: take(changed.farms, farms).map((f) => ({
          ...f,
          pools: f.pools.map((p) => ({ ...p })),
        })),
        farmPositions: take(changed.farmPositions, farmPositions),
        stakings: take(changed.stakings, stakings),
        stakePositions: take(changed.stakePositions, stakePositions),
      }
    },
  }
}

/** `owner`'s wallet of `master` for a TEP-74 wallet code (the layout `readJettonWalletInit` reads). */
function jettonWalletAddress(code: Cell, owner: string, master: string): string {
  return jettonWalletAddressOf('tep74', { walletCode: code, owner, master })
}

function freezeCopy<T>(row: T): T {
  return { ...row }
}

/** The state-init data of a deploying transaction (the account was not active before). */
function deployedData(tx: Transaction): Cell | undefined {
  if (tx.oldStatus === 'active' || tx.endStatus !== 'active') return undefined
  return tx.inMessage?.init?.data ?? undefined
}

/** The item's index from its deploying state-init data (`index:uint64 collection …`). */
function indexOf(tx: Transaction): bigint {
  const data = tx.inMessage?.init?.data
  return data ? readNftItemInitIndex(data) : 0n
}

function outBodies(tx: Transaction): { dest: string; body: Cell }[] {
  const result: { dest: string; body: Cell }[] = []
  for (const out of tx.outMessages.values() as Iterable<Message>) {
    if (out.info.type !== 'internal') continue
    result.push({ dest: addressText(out.info.dest), body: out.body })
  }
  return result
}

/** Whether the transaction sent a jetton `transfer` (a refund of what it was sent). */
function hasJettonTransfer(tx: Transaction): boolean {
  for (const out of tx.outMessages.values()) {
    if (out.info.type === 'internal' && opOf(out.body) === OP_CODES.jettonTransfer) return true
  }
  return false
}

function textOf(address: Address | null): string | null {
  return address === null ? null : addressText(address)
}

function perUnitList(map: ReadonlyMap<number, bigint>): { poolIndex: number; perUnit: bigint }[] {
  return [...map].sort(([a], [b]) => a - b).map(([poolIndex, perUnit]) => ({ poolIndex, perUnit }))
}
