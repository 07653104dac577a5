/**
 * The PostgreSQL schema as an append-only list of dated migrations, the same tables, columns,
 * keys and indexes as the SQLite store's (`store/sqlite/migrations.ts`), in PostgreSQL's types.
 * Never edit or reorder a migration once released: add a new one with a later name (and the
 * same change to the SQLite list), named as there (`YYYY_MM_DD_NN_words`, `MIGRATION_NAME` of
 * `store/migrationNames.ts`; a rename goes into {@link POSTGRES_MIGRATION_RENAMES}). The first
 * migration is the SQLite schema as of its `2026_11_24_09_pool_index_covers_wallets`, so a PostgreSQL database never needs the SQLite
 * list's backfills.
 *
 * Conventions: raw integer amounts are `NUMERIC` (exact, any width: uint120 reserves and a year
 * of their sums; `+` and `sum` replace SQLite's `big_add` / `big_sum`); logical times are the
 * same 20-digit zero-padded TEXT as in SQLite (a uint64 exceeds `BIGINT`; text order is numeric
 * order); timestamps are `YYYY-MM-DDTHH:MM:SS` TEXT (buckets are its first 13 or 10
 * characters); every TEXT column sorts by code point (`COLLATE "C"`, SQLite's BINARY order,
 * whatever the database's locale); booleans are `BOOLEAN`; counts `BIGINT`; USD figures and
 * APYs the decimal TEXT they arrive as; lists of strings JSON TEXT.
 *
 * @example
 * ```ts
 * POSTGRES_MIGRATIONS.map((m) => m.name) // ['2026_11_26_00_schema', '2026_11_26_01_data_version', …]
 * ```
 */
export const POSTGRES_MIGRATIONS: readonly { readonly name: string; readonly sql: string }[] = [
  {
    name: '2026_11_26_00_schema',
    sql: schema(),
  },
  {
    name: '2026_11_26_01_data_version',
    sql: `
      -- version is bumped by every writing transaction (in that transaction) and read by every
      -- reader: the token the response caches of every replica key on (Store.dataVersion()).
      -- market_version is bumped by replaceMarket only: the in-memory reference data follows it.
      CREATE TABLE store_version (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version BIGINT NOT NULL,
        market_version BIGINT NOT NULL
      );
      INSERT INTO store_version (id, version, market_version) VALUES (1, 0, 0);
    `,
  },
  {
    name: '2026_11_26_02_indexed_pool_fee_address',
    sql: `
      -- Where a pool sends its protocol fees, read off its state-init and followed through fee
      -- changes, so the pool's REST row comes from the index alone (NULL: not known).
      ALTER TABLE indexed_pools ADD COLUMN protocol_fee_address TEXT COLLATE "C";
    `,
  },
  {
    name: '2026_11_26_03_chain_journal',
    sql: `
      -- The live chain's journal (chain/journal/PostgresChainJournal.ts), the SQLite store's
      -- 2026_11_26_01_chain_journal: blocks (root message), their transactions, the account
      -- states of the blocks after the newest snapshot, snapshots, the demo's base market.
      CREATE TABLE chain_blocks (
        seqno BIGINT PRIMARY KEY,
        now BIGINT NOT NULL,
        lt TEXT COLLATE "C" NOT NULL,
        message BYTEA
      );
      CREATE INDEX chain_blocks_by_lt ON chain_blocks (lt);
      CREATE TABLE chain_transactions (
        seqno BIGINT NOT NULL,
        position INTEGER NOT NULL,
        account TEXT COLLATE "C" NOT NULL,
        lt TEXT COLLATE "C" NOT NULL,
        hash BYTEA NOT NULL,
        boc BYTEA NOT NULL,
        PRIMARY KEY (seqno, position)
      );
      CREATE INDEX chain_transactions_hash ON chain_transactions (hash);
      CREATE TABLE chain_accounts (
        seqno BIGINT NOT NULL,
        address TEXT COLLATE "C" NOT NULL,
        shard_account BYTEA NOT NULL,
        PRIMARY KEY (seqno, address)
      );
      CREATE TABLE local_market_base (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        market TEXT NOT NULL
      );
      CREATE TABLE chain_snapshots (
        seqno BIGINT PRIMARY KEY,
        now BIGINT NOT NULL,
        state BYTEA NOT NULL
      );
    `,
  },
  {
    name: '2026_11_26_05_farms_and_stakes',
    sql: `
      -- The SQLite store's 2026_11_26_05_farms_and_stakes: followed farm and staking minters
      -- and their stake positions (store/sqlite/farmCodecs.ts encodes both).
      CREATE TABLE indexed_farms (
        address TEXT COLLATE "C" PRIMARY KEY,
        admin_address TEXT COLLATE "C" NOT NULL,
        staking_token_wallet TEXT COLLATE "C",
        status INTEGER NOT NULL,
        next_item_index NUMERIC NOT NULL,
        current_staked NUMERIC NOT NULL,
        min_stake_time NUMERIC NOT NULL,
        contract_unique_id NUMERIC NOT NULL,
        create_timestamp TEXT COLLATE "C" NOT NULL,
        pools TEXT NOT NULL
      );
      CREATE TABLE indexed_farm_positions (
        address TEXT COLLATE "C" PRIMARY KEY,
        farm_address TEXT COLLATE "C" NOT NULL,
        item_index NUMERIC NOT NULL,
        owner_address TEXT COLLATE "C" NOT NULL,
        status INTEGER NOT NULL,
        staked NUMERIC NOT NULL,
        stake_date NUMERIC NOT NULL,
        revoke_time NUMERIC NOT NULL,
        claimed_per_unit TEXT NOT NULL,
        destroyed BOOLEAN NOT NULL
      );
      CREATE INDEX indexed_farm_positions_by_owner ON indexed_farm_positions (owner_address);
      CREATE TABLE indexed_stakings (
        address TEXT COLLATE "C" PRIMARY KEY,
        staking_token_wallet TEXT COLLATE "C",
        secondary_token_minter TEXT COLLATE "C",
        origin_time NUMERIC NOT NULL,
        next_item_index NUMERIC NOT NULL,
        current_staked NUMERIC NOT NULL,
        total_vote_power NUMERIC NOT NULL,
        locked BOOLEAN NOT NULL
      );
      CREATE TABLE indexed_stake_positions (
        address TEXT COLLATE "C" PRIMARY KEY,
        minter_address TEXT COLLATE "C" NOT NULL,
        item_index NUMERIC NOT NULL,
        owner_address TEXT COLLATE "C" NOT NULL,
        status INTEGER NOT NULL,
        staked NUMERIC NOT NULL,
        vote_power NUMERIC NOT NULL,
        lock_date NUMERIC NOT NULL,
        min_unstake_date NUMERIC NOT NULL,
        gemston NUMERIC NOT NULL,
        revoke_time NUMERIC NOT NULL,
        destroyed BOOLEAN NOT NULL
      );
      CREATE INDEX indexed_stake_positions_by_owner ON indexed_stake_positions (owner_address);
    `,
  },
  {
    name: '2026_11_26_10_referral_venue_vaults',
    sql: `
      -- The SQLite store's 2026_11_26_10_referral_venue_vaults: followed referral-venue
      -- minters, their vaults and their operations (store/sqlite/venueCodecs.ts encodes them).
      CREATE TABLE indexed_venue_minters (
        address TEXT COLLATE "C" PRIMARY KEY,
        kind TEXT COLLATE "C" NOT NULL
      );
      CREATE TABLE indexed_venue_vaults (
        address TEXT COLLATE "C" PRIMARY KEY,
        minter_address TEXT COLLATE "C" NOT NULL,
        kind TEXT COLLATE "C" NOT NULL,
        owner_address TEXT COLLATE "C" NOT NULL,
        jetton_wallet TEXT COLLATE "C" NOT NULL,
        asset_address TEXT COLLATE "C",
        balance NUMERIC NOT NULL,
        last_collect_time NUMERIC NOT NULL
      );
      CREATE INDEX indexed_venue_vaults_by_owner ON indexed_venue_vaults (owner_address);
      CREATE TABLE venue_operations (
        tx_hash TEXT COLLATE "C" PRIMARY KEY,
        tx_lt NUMERIC NOT NULL,
        timestamp TEXT COLLATE "C" NOT NULL,
        origin_hash TEXT COLLATE "C" NOT NULL,
        kind TEXT COLLATE "C" NOT NULL,
        venue TEXT COLLATE "C" NOT NULL,
        minter_address TEXT COLLATE "C" NOT NULL,
        vault_address TEXT COLLATE "C" NOT NULL,
        owner_address TEXT COLLATE "C" NOT NULL,
        jetton_wallet TEXT COLLATE "C" NOT NULL,
        asset_address TEXT COLLATE "C",
        amount NUMERIC NOT NULL,
        sender_address TEXT COLLATE "C",
        query_id NUMERIC NOT NULL
      );
      CREATE INDEX venue_operations_by_owner ON venue_operations (owner_address, timestamp);
      CREATE INDEX venue_operations_by_vault ON venue_operations (vault_address, timestamp);
    `,
  },
  {
    name: '2026_11_26_20_farm_jettons_and_reward_order',
    sql: `
      -- The SQLite store's 2026_11_26_20_farm_jettons_and_reward_order: a followed farm's LP
      -- jetton; a stored farm NFT's rewards in their written order.
      ALTER TABLE indexed_farms ADD COLUMN staking_token_master TEXT COLLATE "C";
      ALTER TABLE farm_nft_rewards ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    name: '2026_12_02_00_contract_layouts',
    sql: `
      -- The SQLite store's 2026_12_02_00_contract_layouts: how a jetton master's wallets and a
      -- router's pools are addressed without a chain (cells: a JSON array of base64 BoCs).
      CREATE TABLE contract_layouts (
        address TEXT COLLATE "C" PRIMARY KEY,
        layout TEXT NOT NULL,
        cells TEXT NOT NULL
      );
    `,
  },
]

function schema(): string {
  const T = 'TEXT COLLATE "C"'
  const N = 'NUMERIC'
  return `
    CREATE TABLE routers (
      address ${T} PRIMARY KEY,
      major_version INTEGER NOT NULL,
      minor_version INTEGER NOT NULL,
      router_type ${T} NOT NULL,
      pton_master_address ${T} NOT NULL,
      pton_wallet_address ${T} NOT NULL,
      pton_version ${T} NOT NULL,
      pool_creation_enabled BOOLEAN NOT NULL
    );

    CREATE TABLE assets (
      address ${T} PRIMARY KEY,
      symbol ${T} NOT NULL,
      display_name ${T},
      image_url ${T},
      decimals INTEGER NOT NULL,
      kind ${T} NOT NULL,
      priority INTEGER NOT NULL,
      pair_priority INTEGER,
      deprecated BOOLEAN NOT NULL,
      community BOOLEAN NOT NULL,
      blacklisted BOOLEAN NOT NULL,
      default_symbol BOOLEAN NOT NULL,
      taxable BOOLEAN NOT NULL,
      tags ${T} NOT NULL,
      dex_price_usd ${T},
      third_party_price_usd ${T},
      popularity_index DOUBLE PRECISION,
      custom_payload_api_uri ${T},
      extensions ${T},
      scale ${T},
      jetton_wallet_code ${T}
    );

    CREATE TABLE pools (
      address ${T} PRIMARY KEY,
      router_address ${T} NOT NULL REFERENCES routers (address),
      token0_address ${T} NOT NULL REFERENCES assets (address),
      token1_address ${T} NOT NULL REFERENCES assets (address),
      reserve0 ${N} NOT NULL,
      reserve1 ${N} NOT NULL,
      lp_total_supply ${N} NOT NULL,
      lp_fee INTEGER NOT NULL,
      protocol_fee INTEGER NOT NULL,
      ref_fee INTEGER NOT NULL,
      protocol_fee_address ${T} NOT NULL,
      collected_token0_protocol_fee ${N} NOT NULL,
      collected_token1_protocol_fee ${N} NOT NULL,
      deprecated BOOLEAN NOT NULL,
      amp ${N},
      rate ${N},
      w0 ${N},
      lp_total_supply_usd ${T},
      lp_price_usd ${T},
      apy_1d ${T},
      apy_7d ${T},
      apy_30d ${T},
      volume_24h_usd ${T},
      popularity_index DOUBLE PRECISION
    );
    CREATE INDEX pools_by_pair ON pools (token0_address, token1_address);
    CREATE INDEX pools_by_reverse_pair ON pools (token1_address, token0_address);

    CREATE TABLE farms (
      minter_address ${T} PRIMARY KEY,
      pool_address ${T} NOT NULL REFERENCES pools (address),
      status ${T} NOT NULL,
      version ${T} NOT NULL,
      min_stake_duration_s ${N} NOT NULL,
      apy ${T},
      locked_total_lp ${N} NOT NULL,
      locked_total_lp_usd ${T},
      all_rewards_distributed BOOLEAN NOT NULL,
      custodian_address ${T} NOT NULL,
      owner_address ${T},
      create_timestamp ${T},
      meta ${T}
    );
    CREATE INDEX farms_by_pool ON farms (pool_address);

    CREATE TABLE farm_rewards (
      farm_address ${T} NOT NULL REFERENCES farms (minter_address),
      reward_index INTEGER NOT NULL,
      address ${T},
      status ${T} NOT NULL,
      admin_fee ${T} NOT NULL,
      remaining_rewards ${N} NOT NULL,
      reward_rate_24h ${T} NOT NULL,
      estimated_end_timestamp ${T},
      rewards_distributed BOOLEAN NOT NULL,
      PRIMARY KEY (farm_address, reward_index)
    );

    CREATE TABLE jetton_wallets (
      owner_address ${T} NOT NULL,
      jetton_address ${T} NOT NULL REFERENCES assets (address),
      wallet_address ${T} NOT NULL,
      PRIMARY KEY (owner_address, jetton_address)
    );

    CREATE TABLE wallet_balances (
      wallet_address ${T} NOT NULL,
      asset_address ${T} NOT NULL REFERENCES assets (address),
      balance ${N} NOT NULL,
      jetton_wallet_address ${T},
      PRIMARY KEY (wallet_address, asset_address)
    );

    CREATE TABLE lp_positions (
      wallet_address ${T} NOT NULL,
      pool_address ${T} NOT NULL REFERENCES pools (address),
      lp_balance ${N} NOT NULL,
      lp_wallet_address ${T},
      lp_account_address ${T},
      token0_balance ${N} NOT NULL,
      token1_balance ${N} NOT NULL,
      PRIMARY KEY (wallet_address, pool_address)
    );

    CREATE TABLE farm_nfts (
      address ${T} PRIMARY KEY,
      farm_address ${T} NOT NULL REFERENCES farms (minter_address),
      owner_address ${T} NOT NULL,
      create_timestamp ${T} NOT NULL,
      min_unstake_timestamp ${T} NOT NULL,
      nonclaimed_rewards ${N} NOT NULL,
      staked_tokens ${N} NOT NULL,
      status ${T} NOT NULL,
      unstake_timestamp ${T}
    );
    CREATE INDEX farm_nfts_by_owner ON farm_nfts (owner_address);

    CREATE TABLE farm_nft_rewards (
      nft_address ${T} NOT NULL REFERENCES farm_nfts (address),
      reward_address ${T} NOT NULL,
      amount ${N} NOT NULL,
      PRIMARY KEY (nft_address, reward_address)
    );

    CREATE TABLE stakes (
      wallet_address ${T} PRIMARY KEY,
      ston_balance ${N} NOT NULL,
      staked_ston ${N} NOT NULL,
      minted_gemston ${N} NOT NULL,
      voting_power ${N} NOT NULL
    );

    CREATE TABLE stake_nfts (
      address ${T} PRIMARY KEY,
      wallet_address ${T} NOT NULL REFERENCES stakes (wallet_address),
      image_url ${T} NOT NULL,
      min_unstaking_timestamp ${T} NOT NULL,
      minted_gemston ${N} NOT NULL,
      staked_tokens ${N} NOT NULL,
      staking_timestamp ${T} NOT NULL,
      status ${T} NOT NULL,
      unstake_timestamp ${T},
      voting_power ${N} NOT NULL
    );
    CREATE INDEX stake_nfts_by_wallet ON stake_nfts (wallet_address);

    CREATE TABLE fee_vaults (
      vault_address ${T} PRIMARY KEY,
      owner_address ${T} NOT NULL,
      asset_address ${T} NOT NULL REFERENCES assets (address),
      router_address ${T} NOT NULL REFERENCES routers (address),
      balance ${N} NOT NULL
    );
    CREATE INDEX fee_vaults_by_owner ON fee_vaults (owner_address);

    -- Written by the indexer. No foreign keys: history outlives a market replacement. id is
    -- the paging tie-break (SQLite's rowid); it says nothing about commit order.
    CREATE TABLE operations (
      id BIGSERIAL UNIQUE,
      pool_tx_hash ${T} PRIMARY KEY,
      pool_address ${T} NOT NULL,
      router_address ${T} NOT NULL,
      pool_tx_lt ${T} NOT NULL,
      pool_tx_timestamp ${T} NOT NULL,
      destination_wallet_address ${T} NOT NULL,
      operation_type ${T} NOT NULL,
      success BOOLEAN NOT NULL,
      exit_code ${T} NOT NULL,
      asset0_address ${T} NOT NULL,
      asset0_amount ${N} NOT NULL,
      asset0_delta ${N} NOT NULL,
      asset0_reserve ${N} NOT NULL,
      asset1_address ${T} NOT NULL,
      asset1_amount ${N} NOT NULL,
      asset1_delta ${N} NOT NULL,
      asset1_reserve ${N} NOT NULL,
      lp_token_delta ${N} NOT NULL,
      lp_token_supply ${N} NOT NULL,
      fee_asset_address ${T},
      lp_fee_amount ${N} NOT NULL,
      protocol_fee_amount ${N} NOT NULL,
      referral_fee_amount ${N} NOT NULL,
      referral_address ${T},
      wallet_address ${T} NOT NULL,
      wallet_tx_hash ${T} NOT NULL,
      wallet_tx_lt ${T} NOT NULL,
      wallet_tx_timestamp ${T} NOT NULL,
      block_seqno BIGINT,
      block_timestamp ${T}
    );
    CREATE INDEX operations_by_time ON operations (pool_tx_timestamp, pool_tx_lt);
    CREATE INDEX operations_by_wallet ON operations (wallet_address, pool_tx_timestamp, pool_tx_lt);
    CREATE INDEX operations_by_pool
      ON operations (pool_address, pool_tx_timestamp, pool_tx_lt) INCLUDE (wallet_address);
    CREATE INDEX operations_by_referrer
      ON operations (referral_address, pool_tx_timestamp, pool_tx_lt);
    CREATE INDEX operations_wallets_by_time ON operations (pool_tx_timestamp, wallet_address);
    CREATE INDEX operations_swaps_by_pool ON operations (pool_address, pool_tx_timestamp, pool_tx_lt)
      WHERE operation_type = 'Swap' AND success;
    CREATE INDEX operations_by_block ON operations (block_seqno) WHERE block_seqno IS NOT NULL;

    CREATE TABLE cursors (
      name ${T} PRIMARY KEY,
      value ${T} NOT NULL
    );

    CREATE TABLE indexed_transactions (
      hash ${T} PRIMARY KEY,
      lt ${T} NOT NULL,
      timestamp ${T} NOT NULL,
      account ${T} NOT NULL,
      origin_hash ${T} NOT NULL,
      parent_hash ${T},
      kind ${T} NOT NULL,
      query_id ${N},
      source_address ${T},
      aborted BOOLEAN NOT NULL,
      compute_exit_code INTEGER NOT NULL,
      result_code ${T},
      action ${T},
      block_seqno BIGINT,
      block_timestamp ${T}
    );
    CREATE INDEX indexed_transactions_by_origin ON indexed_transactions (origin_hash);
    CREATE INDEX indexed_transactions_by_account ON indexed_transactions (account, timestamp);
    CREATE INDEX indexed_transactions_by_source ON indexed_transactions (source_address, query_id);
    CREATE INDEX indexed_transactions_by_lt ON indexed_transactions (lt);
    CREATE INDEX indexed_transactions_by_block ON indexed_transactions (block_seqno)
      WHERE block_seqno IS NOT NULL;

    CREATE TABLE indexed_pools (
      address ${T} PRIMARY KEY,
      router_address ${T} NOT NULL,
      dex ${T} NOT NULL,
      wallet0 ${T} NOT NULL,
      wallet1 ${T} NOT NULL,
      reserve0 ${N} NOT NULL,
      reserve1 ${N} NOT NULL,
      total_supply ${N} NOT NULL,
      lp_fee ${N} NOT NULL,
      protocol_fee ${N} NOT NULL,
      ref_fee ${N} NOT NULL,
      collected0 ${N} NOT NULL,
      collected1 ${N} NOT NULL,
      asset0_address ${T},
      asset1_address ${T},
      kind ${T} NOT NULL DEFAULT 'constant_product',
      amp ${N} NOT NULL DEFAULT 0,
      w0 ${N} NOT NULL DEFAULT 0,
      rate ${N} NOT NULL DEFAULT 0
    );

    CREATE TABLE fee_withdrawals (
      vault_tx_hash ${T} PRIMARY KEY,
      vault_address ${T} NOT NULL,
      owner_address ${T} NOT NULL,
      asset_address ${T} NOT NULL,
      router_address ${T} NOT NULL,
      amount ${N} NOT NULL,
      operation_wallet_address ${T} NOT NULL,
      success BOOLEAN NOT NULL,
      exit_code ${T} NOT NULL,
      vault_tx_lt ${T} NOT NULL,
      vault_tx_timestamp ${T} NOT NULL
    );
    CREATE INDEX fee_withdrawals_by_owner ON fee_withdrawals (owner_address, vault_tx_timestamp);

    CREATE TABLE message_links (
      message_hash ${T} PRIMARY KEY,
      parent_hash ${T} NOT NULL,
      origin_hash ${T} NOT NULL
    );

    CREATE TABLE indexed_jetton_wallets (
      address ${T} PRIMARY KEY,
      owner_address ${T},
      master_address ${T},
      balance ${N} NOT NULL
    );
    CREATE INDEX indexed_jetton_wallets_by_owner ON indexed_jetton_wallets (owner_address);

    CREATE TABLE indexed_lp_accounts (
      address ${T} PRIMARY KEY,
      user_address ${T} NOT NULL,
      pool_address ${T} NOT NULL,
      amount0 ${N} NOT NULL,
      amount1 ${N} NOT NULL
    );
    CREATE INDEX indexed_lp_accounts_by_user ON indexed_lp_accounts (user_address);

    CREATE TABLE indexed_vaults (
      address ${T} PRIMARY KEY,
      owner_address ${T} NOT NULL,
      token_wallet ${T} NOT NULL,
      router_address ${T} NOT NULL,
      balance ${N} NOT NULL
    );
    CREATE INDEX indexed_vaults_by_owner ON indexed_vaults (owner_address);

    CREATE TABLE indexed_external_messages (
      hash ${T} NOT NULL,
      tx_hash ${T} NOT NULL,
      PRIMARY KEY (hash, tx_hash)
    );

    -- Rollups of the operations, kept true in the transaction that inserts them (rollups.ts).
    CREATE TABLE swap_rollups (
      span ${T} NOT NULL,
      bucket ${T} NOT NULL,
      pool_address ${T} NOT NULL,
      asset0_address ${T} NOT NULL,
      asset1_address ${T} NOT NULL,
      swaps_in0 BIGINT NOT NULL,
      amount0_in0 ${N} NOT NULL,
      amount1_in0 ${N} NOT NULL,
      lp_fee_in0 ${N} NOT NULL,
      swaps_in1 BIGINT NOT NULL,
      amount0_in1 ${N} NOT NULL,
      amount1_in1 ${N} NOT NULL,
      lp_fee_in1 ${N} NOT NULL,
      PRIMARY KEY (span, bucket, pool_address, asset0_address, asset1_address)
    );

    CREATE TABLE referral_rollups (
      referral_address ${T} NOT NULL,
      span ${T} NOT NULL,
      bucket ${T} NOT NULL,
      pool_address ${T} NOT NULL,
      fee_asset_address ${T} NOT NULL,
      accruals BIGINT NOT NULL,
      accrued ${N} NOT NULL,
      PRIMARY KEY (referral_address, span, bucket, pool_address, fee_asset_address)
    );

    CREATE TABLE wallet_days (
      day ${T} NOT NULL,
      wallet_address ${T} NOT NULL,
      PRIMARY KEY (day, wallet_address)
    );
    CREATE INDEX wallet_days_by_wallet ON wallet_days (wallet_address, day);

    CREATE TABLE wallet_first_seen (
      wallet_address ${T} PRIMARY KEY,
      first_timestamp ${T} NOT NULL
    );
    CREATE INDEX wallet_first_seen_by_time ON wallet_first_seen (first_timestamp);

    CREATE TABLE wallet_day_gaps (
      day ${T} NOT NULL,
      previous_day ${T} NOT NULL,
      wallets BIGINT NOT NULL,
      PRIMARY KEY (day, previous_day)
    );

    CREATE TABLE swap_pairs (
      id BIGSERIAL PRIMARY KEY,
      pool_address ${T} NOT NULL,
      asset0_address ${T} NOT NULL,
      asset1_address ${T} NOT NULL,
      UNIQUE (pool_address, asset0_address, asset1_address)
    );
    CREATE TABLE swap_running_totals (
      pair_id BIGINT NOT NULL REFERENCES swap_pairs (id),
      hour ${T} NOT NULL,
      swaps_in0 BIGINT NOT NULL,
      amount0_in0 ${N} NOT NULL,
      amount1_in0 ${N} NOT NULL,
      lp_fee_in0 ${N} NOT NULL,
      swaps_in1 BIGINT NOT NULL,
      amount0_in1 ${N} NOT NULL,
      amount1_in1 ${N} NOT NULL,
      lp_fee_in1 ${N} NOT NULL,
      PRIMARY KEY (pair_id, hour)
    );
  `
}

/**
 * The names migrations of {@link POSTGRES_MIGRATIONS} had before they were renamed to sortable,
 * zero-padded names dated the day they were written (old name → current name). A database
 * migrated under an old name has its record rewritten on open instead of running the migration
 * again (`renamedMigrations`, `store/migrationNames.ts`). Append to it when renaming; never
 * remove an entry (a database may still carry the old name).
 *
 * @example
 * ```ts
 * POSTGRES_MIGRATION_RENAMES['2026_11_26_0_schema'] // '2026_11_26_00_schema'
 * ```
 */
export const POSTGRES_MIGRATION_RENAMES: Readonly<Record<string, string>> = {
  '2026_11_26_0_schema': '2026_11_26_00_schema',
  '2026_11_26_1_data_version': '2026_11_26_01_data_version',
  '2026_11_26_2_indexed_pool_fee_address': '2026_11_26_02_indexed_pool_fee_address',
}
