/**
 * The SQLite schema as an append-only list of dated migrations. Never edit or reorder a
 * migration once released: add a new one with a later name, dated the day it is written and
 * numbered within that day (`YYYY_MM_DD_NN_words`, `MIGRATION_NAME` of
 * `store/migrationNames.ts`); a rename goes into {@link MIGRATION_RENAMES}. Conventions: token amounts are TEXT
 * holding the decimal digits of a raw integer (never REAL: uint120 reserves do not fit INTEGER
 * or a double); basis points, decimals and versions are INTEGER; booleans are INTEGER 0/1;
 * lists of strings are TEXT holding a JSON array; addresses are TEXT in the canonical
 * bounceable URL-safe form.
 *
 * @example
 * ```ts
 * MIGRATIONS.map((m) => m.name) // ['2026_11_22_00_reference_data', …]
 * ```
 */
export const MIGRATIONS: readonly { readonly name: string; readonly sql: string }[] = [
  {
    name: '2026_11_22_00_reference_data',
    sql: `
      CREATE TABLE routers (
        address TEXT PRIMARY KEY,
        major_version INTEGER NOT NULL,
        minor_version INTEGER NOT NULL,
        router_type TEXT NOT NULL,
        pton_master_address TEXT NOT NULL,
        pton_wallet_address TEXT NOT NULL,
        pton_version TEXT NOT NULL,
        pool_creation_enabled INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE assets (
        address TEXT PRIMARY KEY,
        symbol TEXT NOT NULL,
        display_name TEXT,
        image_url TEXT,
        decimals INTEGER NOT NULL,
        kind TEXT NOT NULL,
        priority INTEGER NOT NULL,
        pair_priority INTEGER,
        deprecated INTEGER NOT NULL,
        community INTEGER NOT NULL,
        blacklisted INTEGER NOT NULL,
        default_symbol INTEGER NOT NULL,
        taxable INTEGER NOT NULL,
        tags TEXT NOT NULL,
        dex_price_usd TEXT,
        third_party_price_usd TEXT,
        popularity_index REAL,
        custom_payload_api_uri TEXT,
        extensions TEXT,
        scale TEXT,
        jetton_wallet_code TEXT
      ) STRICT;

      CREATE TABLE pools (
        address TEXT PRIMARY KEY,
        router_address TEXT NOT NULL REFERENCES routers (address),
        token0_address TEXT NOT NULL REFERENCES assets (address),
        token1_address TEXT NOT NULL REFERENCES assets (address),
        reserve0 TEXT NOT NULL,
        reserve1 TEXT NOT NULL,
        lp_total_supply TEXT NOT NULL,
        lp_fee INTEGER NOT NULL,
        protocol_fee INTEGER NOT NULL,
        ref_fee INTEGER NOT NULL,
        protocol_fee_address TEXT NOT NULL,
        collected_token0_protocol_fee TEXT NOT NULL,
        collected_token1_protocol_fee TEXT NOT NULL,
        deprecated INTEGER NOT NULL,
        amp TEXT,
        rate TEXT,
        w0 TEXT,
        lp_total_supply_usd TEXT,
        lp_price_usd TEXT,
        apy_1d TEXT,
        apy_7d TEXT,
        apy_30d TEXT,
        volume_24h_usd TEXT,
        popularity_index REAL
      ) STRICT;
      CREATE INDEX pools_by_pair ON pools (token0_address, token1_address);
      CREATE INDEX pools_by_reverse_pair ON pools (token1_address, token0_address);

      CREATE TABLE farms (
        minter_address TEXT PRIMARY KEY,
        pool_address TEXT NOT NULL REFERENCES pools (address),
        status TEXT NOT NULL,
        version TEXT NOT NULL,
        min_stake_duration_s TEXT NOT NULL,
        apy TEXT,
        locked_total_lp TEXT NOT NULL,
        locked_total_lp_usd TEXT,
        all_rewards_distributed INTEGER NOT NULL,
        custodian_address TEXT NOT NULL,
        owner_address TEXT,
        create_timestamp TEXT,
        meta TEXT
      ) STRICT;
      CREATE INDEX farms_by_pool ON farms (pool_address);

      CREATE TABLE farm_rewards (
        farm_address TEXT NOT NULL REFERENCES farms (minter_address),
        reward_index INTEGER NOT NULL,
        address TEXT,
        status TEXT NOT NULL,
        admin_fee TEXT NOT NULL,
        remaining_rewards TEXT NOT NULL,
        reward_rate_24h TEXT NOT NULL,
        estimated_end_timestamp TEXT,
        rewards_distributed INTEGER NOT NULL,
        PRIMARY KEY (farm_address, reward_index)
      ) STRICT;

      CREATE TABLE jetton_wallets (
        owner_address TEXT NOT NULL,
        jetton_address TEXT NOT NULL REFERENCES assets (address),
        wallet_address TEXT NOT NULL,
        PRIMARY KEY (owner_address, jetton_address)
      ) STRICT;
    `,
  },
  {
    name: '2026_11_22_01_wallet_positions',
    sql: `
      CREATE TABLE wallet_balances (
        wallet_address TEXT NOT NULL,
        asset_address TEXT NOT NULL REFERENCES assets (address),
        balance TEXT NOT NULL,
        jetton_wallet_address TEXT,
        PRIMARY KEY (wallet_address, asset_address)
      ) STRICT;

      CREATE TABLE lp_positions (
        wallet_address TEXT NOT NULL,
        pool_address TEXT NOT NULL REFERENCES pools (address),
        lp_balance TEXT NOT NULL,
        lp_wallet_address TEXT,
        lp_account_address TEXT,
        token0_balance TEXT NOT NULL,
        token1_balance TEXT NOT NULL,
        PRIMARY KEY (wallet_address, pool_address)
      ) STRICT;

      CREATE TABLE farm_nfts (
        address TEXT PRIMARY KEY,
        farm_address TEXT NOT NULL REFERENCES farms (minter_address),
        owner_address TEXT NOT NULL,
        create_timestamp TEXT NOT NULL,
        min_unstake_timestamp TEXT NOT NULL,
        nonclaimed_rewards TEXT NOT NULL,
        staked_tokens TEXT NOT NULL,
        status TEXT NOT NULL,
        unstake_timestamp TEXT
      ) STRICT;
      CREATE INDEX farm_nfts_by_owner ON farm_nfts (owner_address);

      CREATE TABLE farm_nft_rewards (
        nft_address TEXT NOT NULL REFERENCES farm_nfts (address),
        reward_address TEXT NOT NULL,
        amount TEXT NOT NULL,
        PRIMARY KEY (nft_address, reward_address)
      ) STRICT;

      CREATE TABLE stakes (
        wallet_address TEXT PRIMARY KEY,
        ston_balance TEXT NOT NULL,
        staked_ston TEXT NOT NULL,
        minted_gemston TEXT NOT NULL,
        voting_power TEXT NOT NULL
      ) STRICT;

      CREATE TABLE stake_nfts (
        address TEXT PRIMARY KEY,
        wallet_address TEXT NOT NULL REFERENCES stakes (wallet_address),
        image_url TEXT NOT NULL,
        min_unstaking_timestamp TEXT NOT NULL,
        minted_gemston TEXT NOT NULL,
        staked_tokens TEXT NOT NULL,
        staking_timestamp TEXT NOT NULL,
        status TEXT NOT NULL,
        unstake_timestamp TEXT,
        voting_power TEXT NOT NULL
      ) STRICT;
      CREATE INDEX stake_nfts_by_wallet ON stake_nfts (wallet_address);

      CREATE TABLE fee_vaults (
        vault_address TEXT PRIMARY KEY,
        owner_address TEXT NOT NULL,
        asset_address TEXT NOT NULL REFERENCES assets (address),
        router_address TEXT NOT NULL REFERENCES routers (address),
        balance TEXT NOT NULL
      ) STRICT;
      CREATE INDEX fee_vaults_by_owner ON fee_vaults (owner_address);
    `,
  },
  {
    name: '2026_11_22_02_operations_history',
    sql: `
      -- Written by the indexer. No foreign keys: history outlives a market replacement.
      CREATE TABLE operations (
        pool_tx_hash TEXT PRIMARY KEY,
        pool_address TEXT NOT NULL,
        router_address TEXT NOT NULL,
        pool_tx_lt TEXT NOT NULL,
        pool_tx_timestamp TEXT NOT NULL,
        destination_wallet_address TEXT NOT NULL,
        operation_type TEXT NOT NULL,
        success INTEGER NOT NULL,
        exit_code TEXT NOT NULL,
        asset0_address TEXT NOT NULL,
        asset0_amount TEXT NOT NULL,
        asset0_delta TEXT NOT NULL,
        asset0_reserve TEXT NOT NULL,
        asset1_address TEXT NOT NULL,
        asset1_amount TEXT NOT NULL,
        asset1_delta TEXT NOT NULL,
        asset1_reserve TEXT NOT NULL,
        lp_token_delta TEXT NOT NULL,
        lp_token_supply TEXT NOT NULL,
        fee_asset_address TEXT,
        lp_fee_amount TEXT NOT NULL,
        protocol_fee_amount TEXT NOT NULL,
        referral_fee_amount TEXT NOT NULL,
        referral_address TEXT,
        wallet_address TEXT NOT NULL,
        wallet_tx_hash TEXT NOT NULL,
        wallet_tx_lt TEXT NOT NULL,
        wallet_tx_timestamp TEXT NOT NULL
      ) STRICT;
      CREATE INDEX operations_by_time ON operations (pool_tx_timestamp);
      CREATE INDEX operations_by_wallet ON operations (wallet_address, pool_tx_timestamp);
      CREATE INDEX operations_by_pool ON operations (pool_address, pool_tx_timestamp);
      CREATE INDEX operations_by_referrer ON operations (referral_address, pool_tx_timestamp);

      CREATE TABLE cursors (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    name: '2026_11_22_03_indexer_state',
    sql: `
      -- Written by the indexer together with its cursor, in one transaction per batch.
      CREATE TABLE indexed_transactions (
        hash TEXT PRIMARY KEY,
        lt TEXT NOT NULL,
        timestamp TEXT NOT NULL,
        account TEXT NOT NULL,
        origin_hash TEXT NOT NULL,
        parent_hash TEXT,
        kind TEXT NOT NULL,
        query_id TEXT,
        source_address TEXT,
        aborted INTEGER NOT NULL,
        compute_exit_code INTEGER NOT NULL,
        result_code TEXT
      ) STRICT;
      CREATE INDEX indexed_transactions_by_origin ON indexed_transactions (origin_hash);
      CREATE INDEX indexed_transactions_by_account ON indexed_transactions (account, timestamp);
      CREATE INDEX indexed_transactions_by_source ON indexed_transactions (source_address, query_id);

      CREATE TABLE indexed_pools (
        address TEXT PRIMARY KEY,
        router_address TEXT NOT NULL,
        dex TEXT NOT NULL,
        wallet0 TEXT NOT NULL,
        wallet1 TEXT NOT NULL,
        reserve0 TEXT NOT NULL,
        reserve1 TEXT NOT NULL,
        total_supply TEXT NOT NULL,
        lp_fee TEXT NOT NULL,
        protocol_fee TEXT NOT NULL,
        ref_fee TEXT NOT NULL,
        collected0 TEXT NOT NULL,
        collected1 TEXT NOT NULL
      ) STRICT;

      CREATE TABLE fee_withdrawals (
        vault_tx_hash TEXT PRIMARY KEY,
        vault_address TEXT NOT NULL,
        owner_address TEXT NOT NULL,
        asset_address TEXT NOT NULL,
        router_address TEXT NOT NULL,
        amount TEXT NOT NULL,
        operation_wallet_address TEXT NOT NULL,
        success INTEGER NOT NULL,
        exit_code TEXT NOT NULL,
        vault_tx_lt TEXT NOT NULL,
        vault_tx_timestamp TEXT NOT NULL
      ) STRICT;
      CREATE INDEX fee_withdrawals_by_owner ON fee_withdrawals (owner_address, vault_tx_timestamp);

      CREATE TABLE message_links (
        message_hash TEXT PRIMARY KEY,
        parent_hash TEXT NOT NULL,
        origin_hash TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    name: '2026_11_22_04_indexed_transaction_action',
    sql: `
      -- The exchange action a transaction starts, as JSON TEXT in the action tree's wire shape
      -- ({type, version, tx_payload, exit_code, result}); NULL for every other transaction and
      -- for rows indexed before this migration (the tree then falls back to opcode and query id).
      ALTER TABLE indexed_transactions ADD COLUMN action TEXT;
    `,
  },
  {
    name: '2026_11_22_05_indexed_wallets',
    sql: `
      -- The indexer's wallet ledger (indexer/wallets), written with each batch and its cursor.
      CREATE TABLE indexed_jetton_wallets (
        address TEXT PRIMARY KEY,
        owner_address TEXT,
        master_address TEXT,
        balance TEXT NOT NULL
      ) STRICT;
      CREATE INDEX indexed_jetton_wallets_by_owner ON indexed_jetton_wallets (owner_address);

      CREATE TABLE indexed_lp_accounts (
        address TEXT PRIMARY KEY,
        user_address TEXT NOT NULL,
        pool_address TEXT NOT NULL,
        amount0 TEXT NOT NULL,
        amount1 TEXT NOT NULL
      ) STRICT;
      CREATE INDEX indexed_lp_accounts_by_user ON indexed_lp_accounts (user_address);

      CREATE TABLE indexed_vaults (
        address TEXT PRIMARY KEY,
        owner_address TEXT NOT NULL,
        token_wallet TEXT NOT NULL,
        router_address TEXT NOT NULL,
        balance TEXT NOT NULL
      ) STRICT;
      CREATE INDEX indexed_vaults_by_owner ON indexed_vaults (owner_address);
    `,
  },
  {
    name: '2026_11_24_00_sortable_logical_times',
    sql: `
      -- Logical times become 20-digit zero-padded TEXT (a uint64 has at most 20 digits): text
      -- order is then numeric order and indexes can serve ORDER BY ... lt directly.
      UPDATE operations SET pool_tx_lt = substr('00000000000000000000' || pool_tx_lt, -20),
        wallet_tx_lt = substr('00000000000000000000' || wallet_tx_lt, -20);
      UPDATE indexed_transactions SET lt = substr('00000000000000000000' || lt, -20);
      UPDATE fee_withdrawals SET vault_tx_lt = substr('00000000000000000000' || vault_tx_lt, -20);
      -- Ordered reads page by (timestamp, lt, rowid): every index carries lt after the timestamp.
      DROP INDEX operations_by_time;
      DROP INDEX operations_by_wallet;
      DROP INDEX operations_by_pool;
      DROP INDEX operations_by_referrer;
      CREATE INDEX operations_by_time ON operations (pool_tx_timestamp, pool_tx_lt);
      CREATE INDEX operations_by_wallet ON operations (wallet_address, pool_tx_timestamp, pool_tx_lt);
      CREATE INDEX operations_by_pool ON operations (pool_address, pool_tx_timestamp, pool_tx_lt);
      CREATE INDEX operations_by_referrer
        ON operations (referral_address, pool_tx_timestamp, pool_tx_lt);
      CREATE INDEX indexed_transactions_by_lt ON indexed_transactions (lt);
    `,
  },
  {
    name: '2026_11_24_01_indexed_pool_assets',
    sql: `
      -- The assets behind a pool's router wallets, written by the indexer with the pool. Pools
      -- indexed before take them from their first operation, else stand for their wallets (as
      -- the indexer names an asset it cannot resolve).
      ALTER TABLE indexed_pools ADD COLUMN asset0_address TEXT;
      ALTER TABLE indexed_pools ADD COLUMN asset1_address TEXT;
      UPDATE indexed_pools SET
        asset0_address = COALESCE((SELECT o.asset0_address FROM operations o
          WHERE o.pool_address = indexed_pools.address
          ORDER BY o.pool_tx_timestamp, o.pool_tx_lt LIMIT 1), wallet0),
        asset1_address = COALESCE((SELECT o.asset1_address FROM operations o
          WHERE o.pool_address = indexed_pools.address
          ORDER BY o.pool_tx_timestamp, o.pool_tx_lt LIMIT 1), wallet1);
    `,
  },
  {
    name: '2026_11_24_02_history_rollups',
    sql: `
      -- Rollups of the operations, kept true by the store in the transaction that inserts the
      -- operations (store/sqlite/rollups.ts). span is 'hour' (bucket 'YYYY-MM-DDTHH') or 'day' (bucket 'YYYY-MM-DD'); amounts
      -- are TEXT digits summed with big_add / big_sum (store/sqlite/bigIntegerSql.ts).
      -- Successful swaps per pool and bucket, split by the offered side: 'in0' when asset0
      -- went into the pool (asset0_delta > 0), 'in1' otherwise.
      CREATE TABLE swap_rollups (
        span TEXT NOT NULL,
        bucket TEXT NOT NULL,
        pool_address TEXT NOT NULL,
        asset0_address TEXT NOT NULL,
        asset1_address TEXT NOT NULL,
        swaps_in0 INTEGER NOT NULL,
        amount0_in0 TEXT NOT NULL,
        amount1_in0 TEXT NOT NULL,
        lp_fee_in0 TEXT NOT NULL,
        swaps_in1 INTEGER NOT NULL,
        amount0_in1 TEXT NOT NULL,
        amount1_in1 TEXT NOT NULL,
        lp_fee_in1 TEXT NOT NULL,
        PRIMARY KEY (span, bucket, pool_address, asset0_address, asset1_address)
      ) STRICT, WITHOUT ROWID;

      -- Referral fees accrued by successful operations, per referrer, bucket, pool and fee asset
      -- ('' when the operation names none).
      CREATE TABLE referral_rollups (
        referral_address TEXT NOT NULL,
        span TEXT NOT NULL,
        bucket TEXT NOT NULL,
        pool_address TEXT NOT NULL,
        fee_asset_address TEXT NOT NULL,
        accruals INTEGER NOT NULL,
        accrued TEXT NOT NULL,
        PRIMARY KEY (referral_address, span, bucket, pool_address, fee_asset_address)
      ) STRICT, WITHOUT ROWID;

      -- The wallets that made any operation on a day.
      CREATE TABLE wallet_days (
        day TEXT NOT NULL,
        wallet_address TEXT NOT NULL,
        PRIMARY KEY (day, wallet_address)
      ) STRICT, WITHOUT ROWID;

      -- How far the rollups have consumed operations (by rowid). The store rolls up every
      -- operation past this mark when it opens (history stored before this migration) and in
      -- every transaction that inserts operations.
      CREATE TABLE rollup_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        operations_rowid INTEGER NOT NULL
      ) STRICT;
      INSERT INTO rollup_state (id, operations_rowid) VALUES (1, 0);

      -- Distinct wallets of the raw edges of a window straight from the index; the newest
      -- successful swap of a pool from a partial index.
      CREATE INDEX operations_wallets_by_time ON operations (pool_tx_timestamp, wallet_address);
      CREATE INDEX operations_swaps_by_pool ON operations (pool_address, pool_tx_timestamp, pool_tx_lt)
        WHERE operation_type = 'Swap' AND success = 1;
    `,
  },
  {
    name: '2026_11_24_03_wallet_first_seen',
    sql: `
      -- The first operation time of every wallet, kept with the other rollups: the distinct
      -- wallets of a window that starts before any operation are those first seen by its end.
      CREATE TABLE wallet_first_seen (
        wallet_address TEXT PRIMARY KEY,
        first_timestamp TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX wallet_first_seen_by_time ON wallet_first_seen (first_timestamp);
      INSERT INTO wallet_first_seen (wallet_address, first_timestamp)
        SELECT wallet_address, MIN(pool_tx_timestamp) FROM operations
        WHERE rowid <= (SELECT operations_rowid FROM rollup_state WHERE id = 1)
        GROUP BY wallet_address;
    `,
  },
  {
    name: '2026_11_24_04_external_message_hashes',
    sql: `
      -- The hashes of each indexed transaction's external-in message: as sent and normalized
      -- (TEP-467, what TON Connect users track), for /v1/transaction/query?ext_msg_hash=.
      CREATE TABLE indexed_external_messages (
        hash TEXT NOT NULL,
        tx_hash TEXT NOT NULL,
        PRIMARY KEY (hash, tx_hash)
      ) STRICT;
    `,
  },
  {
    name: '2026_11_24_05_wallet_day_gaps',
    sql: `
      -- Distinct wallets of whole days without a union of their wallet sets: every active day
      -- of a wallet counted under the wallet's previous active day ('' for its first), so the
      -- wallets active in [d0, d1) are the days of that range whose previous day is before d0.
      -- A window then sums at most one row per (day, previous day), whatever the wallets.
      CREATE INDEX wallet_days_by_wallet ON wallet_days (wallet_address, day);
      CREATE TABLE wallet_day_gaps (
        day TEXT NOT NULL,
        previous_day TEXT NOT NULL,
        wallets INTEGER NOT NULL,
        PRIMARY KEY (day, previous_day)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO wallet_day_gaps (day, previous_day, wallets)
        SELECT day, previous_day, COUNT(*) FROM (
          SELECT day, COALESCE(LAG(day) OVER (PARTITION BY wallet_address ORDER BY day), '')
            AS previous_day
          FROM wallet_days)
        GROUP BY day, previous_day;
    `,
  },
  {
    name: '2026_11_24_06_swap_running_totals',
    sql: `
      -- Running totals of each pool's successful swaps (same columns as swap_rollups), one row
      -- per pool and hour with swaps: everything up to the end of that hour. The swaps of the
      -- whole hours [h0, h1) are the newest row before h1 minus the newest row before h0 —
      -- two rows per pool, however long the window.
      CREATE TABLE swap_pairs (
        id INTEGER PRIMARY KEY,
        pool_address TEXT NOT NULL,
        asset0_address TEXT NOT NULL,
        asset1_address TEXT NOT NULL,
        UNIQUE (pool_address, asset0_address, asset1_address)
      ) STRICT;
      CREATE TABLE swap_running_totals (
        pair_id INTEGER NOT NULL REFERENCES swap_pairs (id),
        hour TEXT NOT NULL,
        swaps_in0 INTEGER NOT NULL,
        amount0_in0 TEXT NOT NULL,
        amount1_in0 TEXT NOT NULL,
        lp_fee_in0 TEXT NOT NULL,
        swaps_in1 INTEGER NOT NULL,
        amount0_in1 TEXT NOT NULL,
        amount1_in1 TEXT NOT NULL,
        lp_fee_in1 TEXT NOT NULL,
        PRIMARY KEY (pair_id, hour)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO swap_pairs (pool_address, asset0_address, asset1_address)
        SELECT DISTINCT pool_address, asset0_address, asset1_address FROM swap_rollups
        WHERE span = 'hour' ORDER BY 1, 2, 3;
      INSERT INTO swap_running_totals
        SELECT p.id, r.bucket,
          SUM(r.swaps_in0) OVER w, big_sum(r.amount0_in0) OVER w,
          big_sum(r.amount1_in0) OVER w, big_sum(r.lp_fee_in0) OVER w,
          SUM(r.swaps_in1) OVER w, big_sum(r.amount0_in1) OVER w,
          big_sum(r.amount1_in1) OVER w, big_sum(r.lp_fee_in1) OVER w
        FROM swap_rollups r JOIN swap_pairs p ON p.pool_address = r.pool_address
          AND p.asset0_address = r.asset0_address AND p.asset1_address = r.asset1_address
        WHERE r.span = 'hour'
        WINDOW w AS (PARTITION BY p.id ORDER BY r.bucket ROWS UNBOUNDED PRECEDING);
    `,
  },
  {
    name: '2026_11_24_07_block_numbers',
    sql: `
      -- The chain block holding each indexed transaction and operation (a live chain's numbered
      -- block: one executed message chain), written by the indexer when its source names it.
      -- NULL for history indexed without blocks (an imported snapshot, rows before this
      -- migration). block_timestamp is the block's time, YYYY-MM-DDTHH:MM:SS UTC.
      ALTER TABLE indexed_transactions ADD COLUMN block_seqno INTEGER;
      ALTER TABLE indexed_transactions ADD COLUMN block_timestamp TEXT;
      ALTER TABLE operations ADD COLUMN block_seqno INTEGER;
      ALTER TABLE operations ADD COLUMN block_timestamp TEXT;
      CREATE INDEX indexed_transactions_by_block ON indexed_transactions (block_seqno)
        WHERE block_seqno IS NOT NULL;
      CREATE INDEX operations_by_block ON operations (block_seqno)
        WHERE block_seqno IS NOT NULL;
    `,
  },
  {
    name: '2026_11_24_08_indexed_pool_kinds',
    sql: `
      -- The DEX v2 pool kind (read off the pool's state-init) and its parameters, as the
      -- indexer follows them; pools indexed before were all constant product.
      ALTER TABLE indexed_pools ADD COLUMN kind TEXT NOT NULL DEFAULT 'constant_product';
      ALTER TABLE indexed_pools ADD COLUMN amp TEXT NOT NULL DEFAULT '0';
      ALTER TABLE indexed_pools ADD COLUMN w0 TEXT NOT NULL DEFAULT '0';
      ALTER TABLE indexed_pools ADD COLUMN rate TEXT NOT NULL DEFAULT '0';
    `,
  },
  {
    name: '2026_11_24_09_pool_index_covers_wallets',
    sql: `
      -- A pool's distinct wallets over a window (/v1/stats/pool with pool_address) read from the
      -- index alone: 40 000 operations of one pool in 30 days were 40 000 random row reads.
      DROP INDEX operations_by_pool;
      CREATE INDEX operations_by_pool
        ON operations (pool_address, pool_tx_timestamp, pool_tx_lt, wallet_address);
    `,
  },
  {
    name: '2026_11_26_00_indexed_pool_fee_address',
    sql: `
      -- Where a pool sends its protocol fees, read off its state-init and followed through fee
      -- changes, so the pool's REST row comes from the index alone (NULL: not known).
      ALTER TABLE indexed_pools ADD COLUMN protocol_fee_address TEXT;
    `,
  },
  {
    name: '2026_11_26_01_chain_journal',
    sql: `
      -- The live chain's journal (chain/journal/SqliteChainJournal.ts), in the file of the index
      -- it feeds: blocks (root message), their transactions, the account states of the blocks
      -- after the newest snapshot, snapshots, and the demo's base market. IF NOT EXISTS: the
      -- journal created these tables itself before they were a migration.
      CREATE TABLE IF NOT EXISTS chain_blocks (
        seqno INTEGER PRIMARY KEY,
        now INTEGER NOT NULL,
        lt TEXT NOT NULL,
        message BLOB
      );
      CREATE TABLE IF NOT EXISTS chain_transactions (
        seqno INTEGER NOT NULL,
        position INTEGER NOT NULL,
        account TEXT NOT NULL,
        lt TEXT NOT NULL,
        hash BLOB NOT NULL,
        boc BLOB NOT NULL,
        PRIMARY KEY (seqno, position)
      );
      CREATE INDEX IF NOT EXISTS chain_transactions_hash ON chain_transactions (hash);
      CREATE TABLE IF NOT EXISTS chain_accounts (
        seqno INTEGER NOT NULL,
        address TEXT NOT NULL,
        shard_account BLOB NOT NULL,
        PRIMARY KEY (seqno, address)
      );
      CREATE TABLE IF NOT EXISTS local_market_base (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        market TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS chain_snapshots (
        seqno INTEGER PRIMARY KEY,
        now INTEGER NOT NULL,
        state BLOB NOT NULL
      );
    `,
  },
  {
    name: '2026_11_26_05_farms_and_stakes',
    sql: `
      -- Farm v3 minters and STON staking minters the indexer follows (configured lists), with
      -- their stake positions, kept from their messages in the batch of the transactions
      -- (indexer/farms). Amounts and unix times are decimal TEXT; a farm's reward pools and a
      -- position's claimed-per-unit values are JSON with decimal strings (store/sqlite/farmCodecs.ts).
      CREATE TABLE indexed_farms (
        address TEXT PRIMARY KEY,
        admin_address TEXT NOT NULL,
        staking_token_wallet TEXT,
        status INTEGER NOT NULL,
        next_item_index TEXT NOT NULL,
        current_staked TEXT NOT NULL,
        min_stake_time TEXT NOT NULL,
        contract_unique_id TEXT NOT NULL,
        create_timestamp TEXT NOT NULL,
        pools TEXT NOT NULL
      ) STRICT;
      CREATE TABLE indexed_farm_positions (
        address TEXT PRIMARY KEY,
        farm_address TEXT NOT NULL,
        item_index TEXT NOT NULL,
        owner_address TEXT NOT NULL,
        status INTEGER NOT NULL,
        staked TEXT NOT NULL,
        stake_date TEXT NOT NULL,
        revoke_time TEXT NOT NULL,
        claimed_per_unit TEXT NOT NULL,
        destroyed INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX indexed_farm_positions_by_owner ON indexed_farm_positions (owner_address);
      CREATE TABLE indexed_stakings (
        address TEXT PRIMARY KEY,
        staking_token_wallet TEXT,
        secondary_token_minter TEXT,
        origin_time TEXT NOT NULL,
        next_item_index TEXT NOT NULL,
        current_staked TEXT NOT NULL,
        total_vote_power TEXT NOT NULL,
        locked INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE indexed_stake_positions (
        address TEXT PRIMARY KEY,
        minter_address TEXT NOT NULL,
        item_index TEXT NOT NULL,
        owner_address TEXT NOT NULL,
        status INTEGER NOT NULL,
        staked TEXT NOT NULL,
        vote_power TEXT NOT NULL,
        lock_date TEXT NOT NULL,
        min_unstake_date TEXT NOT NULL,
        gemston TEXT NOT NULL,
        revoke_time TEXT NOT NULL,
        destroyed INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX indexed_stake_positions_by_owner ON indexed_stake_positions (owner_address);
    `,
  },
  {
    name: '2026_11_26_10_referral_venue_vaults',
    sql: `
      -- The referral venues' minters the indexer follows (escrow factories and fee-vault
      -- minters, configured lists), their vaults' balances and every accepted vault operation,
      -- kept from their messages in the batch of the transactions (indexer/venues). Amounts,
      -- logical times and query ids are decimal TEXT (store/sqlite/venueCodecs.ts).
      CREATE TABLE indexed_venue_minters (
        address TEXT PRIMARY KEY,
        kind TEXT NOT NULL
      ) STRICT;
      CREATE TABLE indexed_venue_vaults (
        address TEXT PRIMARY KEY,
        minter_address TEXT NOT NULL,
        kind TEXT NOT NULL,
        owner_address TEXT NOT NULL,
        jetton_wallet TEXT NOT NULL,
        asset_address TEXT,
        balance TEXT NOT NULL,
        last_collect_time TEXT NOT NULL
      ) STRICT;
      CREATE INDEX indexed_venue_vaults_by_owner ON indexed_venue_vaults (owner_address);
      CREATE TABLE venue_operations (
        tx_hash TEXT PRIMARY KEY,
        tx_lt TEXT NOT NULL,
        timestamp TEXT NOT NULL,
        origin_hash TEXT NOT NULL,
        kind TEXT NOT NULL,
        venue TEXT NOT NULL,
        minter_address TEXT NOT NULL,
        vault_address TEXT NOT NULL,
        owner_address TEXT NOT NULL,
        jetton_wallet TEXT NOT NULL,
        asset_address TEXT,
        amount TEXT NOT NULL,
        sender_address TEXT,
        query_id TEXT NOT NULL
      ) STRICT;
      CREATE INDEX venue_operations_by_owner ON venue_operations (owner_address, timestamp);
      CREATE INDEX venue_operations_by_vault ON venue_operations (vault_address, timestamp);
    `,
  },
  {
    name: '2026_11_26_20_farm_jettons_and_reward_order',
    sql: `
      -- The LP jetton (= the pool) of a followed farm, told from its LP wallet's address before
      -- the first stake deploys that wallet (indexer/farms); NULL until known.
      ALTER TABLE indexed_farms ADD COLUMN staking_token_master TEXT;
      -- A stored farm NFT's rewards in the farm's pool order (as written), not by address.
      ALTER TABLE farm_nft_rewards ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    name: '2026_12_02_00_contract_layouts',
    sql: `
      -- How a jetton master's wallets and a router's pools are addressed without a chain, as
      -- the writer found by matching the contract's own get-method (Store.putContractLayouts):
      -- cells is a JSON array of base64 bags of cells (the wallet code; the pool, LP wallet
      -- and LP account codes).
      CREATE TABLE contract_layouts (
        address TEXT PRIMARY KEY,
        layout TEXT NOT NULL,
        cells TEXT NOT NULL
      ) STRICT;
    `,
  },
]

/**
 * The names migrations of {@link MIGRATIONS} had before they were renamed to sortable,
 * zero-padded names dated the day they were written (old name → current name). A database
 * migrated under an old name has its record rewritten on open instead of running the migration
 * again (`renamedMigrations`, `store/migrationNames.ts`). Append to it when renaming; never
 * remove an entry (a database may still carry the old name).
 *
 * @example
 * ```ts
 * MIGRATION_RENAMES['2026_11_22_0_reference_data'] // '2026_11_22_00_reference_data'
 * ```
 */
export const MIGRATION_RENAMES: Readonly<Record<string, string>> = {
  '2026_11_22_0_reference_data': '2026_11_22_00_reference_data',
  '2026_11_22_1_wallet_positions': '2026_11_22_01_wallet_positions',
  '2026_11_22_2_operations_history': '2026_11_22_02_operations_history',
  '2026_11_22_3_indexer_state': '2026_11_22_03_indexer_state',
  '2026_11_23_0_indexed_transaction_action': '2026_11_22_04_indexed_transaction_action',
  '2026_11_23_1_indexed_wallets': '2026_11_22_05_indexed_wallets',
  '2026_11_24_5_sortable_logical_times': '2026_11_24_00_sortable_logical_times',
  '2026_11_24_6_indexed_pool_assets': '2026_11_24_01_indexed_pool_assets',
  '2026_11_24_7_history_rollups': '2026_11_24_02_history_rollups',
  '2026_11_24_8_wallet_first_seen': '2026_11_24_03_wallet_first_seen',
  '2026_11_24_9_external_message_hashes': '2026_11_24_04_external_message_hashes',
  '2026_11_25_10_wallet_day_gaps': '2026_11_24_05_wallet_day_gaps',
  '2026_11_25_11_swap_running_totals': '2026_11_24_06_swap_running_totals',
  '2026_11_25_20_block_numbers': '2026_11_24_07_block_numbers',
  '2026_11_25_30_indexed_pool_kinds': '2026_11_24_08_indexed_pool_kinds',
  '2026_11_26_10_pool_index_covers_wallets': '2026_11_24_09_pool_index_covers_wallets',
  '2026_11_26_20_indexed_pool_fee_address': '2026_11_26_00_indexed_pool_fee_address',
}
