package dev.snowchat.sqlgate.internal.classify;

import java.util.Locale;
import java.util.Set;

/**
 * PostgreSQL's settings, sorted by whether a caller may read them ({@code current_setting('x')},
 * {@code SHOW x}). A reviewed list, failing closed: every setting of PostgreSQL 15 that holds a
 * flag, a number or a choice (no text a person wrote), the ones 16 to 18 added as their release
 * notes name them, and the text settings reviewed as holding no credential, command, path or
 * address (locale, time zone, search path, version, the session's role, the preloaded libraries
 * that analysts check for pg_stat_statements). A setting not listed, a later one included, is
 * refused until reviewed.
 *
 * <p>The text settings left out hold what a role granted {@code pg_read_all_settings} (part of
 * {@code pg_monitor}) could otherwise read: {@code primary_conninfo} carries the replication
 * password, {@code archive_command} and {@code restore_command} carry storage keys, {@code
 * ssl_passphrase_command} a passphrase, and the file, directory and address settings map the
 * server. {@link #disclosing} names them, for dialects where {@code SHOW} also has other
 * meanings.
 */
final class PostgresSettings {
  private PostgresSettings() {}

  private static final Set<String> READABLE = Set.of(
      "allow_alter_system", "allow_in_place_tablespaces", "allow_system_table_mods",
      "application_name", "archive_mode", "archive_timeout", "array_nulls",
      "authentication_timeout", "autovacuum", "autovacuum_analyze_scale_factor",
      "autovacuum_analyze_threshold", "autovacuum_freeze_max_age", "autovacuum_max_workers",
      "autovacuum_multixact_freeze_max_age", "autovacuum_naptime", "autovacuum_vacuum_cost_delay",
      "autovacuum_vacuum_cost_limit", "autovacuum_vacuum_insert_scale_factor",
      "autovacuum_vacuum_insert_threshold", "autovacuum_vacuum_max_threshold",
      "autovacuum_vacuum_scale_factor", "autovacuum_vacuum_threshold", "autovacuum_work_mem",
      "autovacuum_worker_slots", "backend_flush_after", "backslash_quote", "bgwriter_delay",
      "bgwriter_flush_after", "bgwriter_lru_maxpages", "bgwriter_lru_multiplier", "block_size",
      "bonjour", "bytea_output", "check_function_bodies", "checkpoint_completion_target",
      "checkpoint_flush_after", "checkpoint_timeout", "checkpoint_warning",
      "client_connection_check_interval", "client_encoding", "client_min_messages", "cluster_name",
      "commit_delay", "commit_siblings", "commit_timestamp_buffers", "compute_query_id",
      "constraint_exclusion", "cpu_index_tuple_cost", "cpu_operator_cost", "cpu_tuple_cost",
      "cursor_tuple_fraction", "data_checksums", "data_directory_mode", "data_sync_retry",
      "datestyle", "db_user_namespace", "deadlock_timeout", "debug_assertions",
      "debug_discard_caches", "debug_logical_replication_streaming", "debug_parallel_query",
      "debug_pretty_print", "debug_print_parse", "debug_print_plan", "debug_print_rewritten",
      "default_statistics_target", "default_table_access_method", "default_tablespace",
      "default_text_search_config", "default_toast_compression", "default_transaction_deferrable",
      "default_transaction_isolation", "default_transaction_read_only",
      "dynamic_shared_memory_type", "effective_cache_size", "effective_io_concurrency",
      "enable_async_append", "enable_bitmapscan", "enable_distinct_reordering",
      "enable_gathermerge", "enable_group_by_reordering", "enable_hashagg", "enable_hashjoin",
      "enable_incremental_sort", "enable_indexonlyscan", "enable_indexscan", "enable_material",
      "enable_memoize", "enable_mergejoin", "enable_nestloop", "enable_parallel_append",
      "enable_parallel_hash", "enable_partition_pruning", "enable_partitionwise_aggregate",
      "enable_partitionwise_join", "enable_presorted_aggregate", "enable_self_join_elimination",
      "enable_seqscan", "enable_sort", "enable_tidscan", "escape_string_warning", "event_triggers",
      "exit_on_error", "extra_float_digits", "file_copy_method", "force_parallel_mode",
      "from_collapse_limit", "fsync", "full_page_writes", "geqo", "geqo_effort",
      "geqo_generations", "geqo_pool_size", "geqo_seed", "geqo_selection_bias", "geqo_threshold",
      "gin_fuzzy_search_limit", "gin_pending_list_limit", "gss_accept_delegation",
      "hash_mem_multiplier", "hot_standby", "hot_standby_feedback", "huge_page_size", "huge_pages",
      "huge_pages_status", "icu_validation_level", "idle_in_transaction_session_timeout",
      "idle_replication_slot_timeout", "idle_session_timeout", "ignore_checksum_failure",
      "ignore_invalid_pages", "ignore_system_indexes", "in_hot_standby", "integer_datetimes",
      "intervalstyle", "io_combine_limit", "io_max_combine_limit", "io_max_concurrency",
      "io_method", "io_workers", "is_superuser", "jit", "jit_above_cost", "jit_debugging_support",
      "jit_dump_bitcode", "jit_expressions", "jit_inline_above_cost", "jit_optimize_above_cost",
      "jit_profiling_support", "jit_tuple_deforming", "join_collapse_limit", "krb_caseins_users",
      "lc_collate", "lc_ctype", "lc_messages", "lc_monetary", "lc_numeric", "lc_time",
      "lo_compat_privileges", "lock_timeout", "log_autovacuum_min_duration", "log_checkpoints",
      "log_connections", "log_disconnections", "log_duration", "log_error_verbosity",
      "log_executor_stats", "log_file_mode", "log_hostname", "log_lock_failures", "log_lock_waits",
      "log_min_duration_sample", "log_min_duration_statement", "log_min_error_statement",
      "log_min_messages", "log_parameter_max_length", "log_parameter_max_length_on_error",
      "log_parser_stats", "log_planner_stats", "log_recovery_conflict_waits",
      "log_replication_commands", "log_rotation_age", "log_rotation_size",
      "log_startup_progress_interval", "log_statement", "log_statement_sample_rate",
      "log_statement_stats", "log_temp_files", "log_timezone", "log_transaction_sample_rate",
      "log_truncate_on_rotation", "logging_collector", "logical_decoding_work_mem",
      "maintenance_io_concurrency", "maintenance_work_mem", "max_active_replication_origins",
      "max_connections", "max_files_per_process", "max_function_args", "max_identifier_length",
      "max_index_keys", "max_locks_per_transaction", "max_logical_replication_workers",
      "max_notify_queue_pages", "max_parallel_apply_workers_per_subscription",
      "max_parallel_maintenance_workers", "max_parallel_workers",
      "max_parallel_workers_per_gather", "max_pred_locks_per_page", "max_pred_locks_per_relation",
      "max_pred_locks_per_transaction", "max_prepared_transactions", "max_replication_slots",
      "max_slot_wal_keep_size", "max_stack_depth", "max_standby_archive_delay",
      "max_standby_streaming_delay", "max_sync_workers_per_subscription", "max_wal_senders",
      "max_wal_size", "max_worker_processes", "md5_password_warnings", "min_dynamic_shared_memory",
      "min_parallel_index_scan_size", "min_parallel_table_scan_size", "min_wal_size",
      "multixact_member_buffers", "multixact_offset_buffers", "notify_buffers",
      "num_os_semaphores", "old_snapshot_threshold", "parallel_leader_participation",
      "parallel_setup_cost", "parallel_tuple_cost", "password_encryption", "plan_cache_mode",
      "port", "post_auth_delay", "pre_auth_delay", "quote_all_identifiers", "random_page_cost",
      "recovery_init_sync_method", "recovery_min_apply_delay", "recovery_prefetch",
      "recovery_target_action", "recovery_target_inclusive", "recursive_worktable_factor",
      "remove_temp_files_after_crash", "reserved_connections", "restart_after_crash", "role",
      "row_security", "scram_iterations", "search_path", "segment_size", "send_abort_for_crash",
      "send_abort_for_kill", "seq_page_cost", "serializable_buffers", "server_encoding",
      "server_version", "server_version_num", "session_authorization", "session_replication_role",
      "shared_buffers", "shared_memory_size", "shared_memory_size_in_huge_pages",
      "shared_memory_type", "shared_preload_libraries", "ssl", "ssl_library",
      "ssl_max_protocol_version", "ssl_min_protocol_version",
      "ssl_passphrase_command_supports_reload", "ssl_prefer_server_ciphers",
      "standard_conforming_strings", "statement_timeout", "stats_fetch_consistency",
      "subtransaction_buffers", "summarize_wal", "superuser_reserved_connections",
      "sync_replication_slots", "synchronize_seqscans", "synchronous_commit", "syslog_facility",
      "syslog_sequence_numbers", "syslog_split_messages", "tcp_keepalives_count",
      "tcp_keepalives_idle", "tcp_keepalives_interval", "tcp_user_timeout", "temp_buffers",
      "temp_file_limit", "temp_tablespaces", "timezone", "timezone_abbreviations",
      "trace_connection_negotiation", "trace_notify", "trace_recovery_messages", "trace_sort",
      "track_activities", "track_activity_query_size", "track_commit_timestamp",
      "track_cost_delay_timing", "track_counts", "track_functions", "track_io_timing",
      "track_wal_io_timing", "transaction_buffers", "transaction_deferrable",
      "transaction_isolation", "transaction_read_only", "transaction_timeout",
      "transform_null_equals", "unix_socket_permissions", "update_process_title",
      "vacuum_buffer_usage_limit", "vacuum_cost_delay", "vacuum_cost_limit",
      "vacuum_cost_page_dirty", "vacuum_cost_page_hit", "vacuum_cost_page_miss",
      "vacuum_defer_cleanup_age", "vacuum_failsafe_age", "vacuum_freeze_min_age",
      "vacuum_freeze_table_age", "vacuum_max_eager_freeze_failure_rate",
      "vacuum_multixact_failsafe_age", "vacuum_multixact_freeze_min_age",
      "vacuum_multixact_freeze_table_age", "vacuum_truncate", "wal_block_size", "wal_buffers",
      "wal_compression", "wal_decode_buffer_size", "wal_init_zero", "wal_keep_size", "wal_level",
      "wal_log_hints", "wal_receiver_create_temp_slot", "wal_receiver_status_interval",
      "wal_receiver_timeout", "wal_recycle", "wal_retrieve_retry_interval", "wal_segment_size",
      "wal_sender_timeout", "wal_skip_threshold", "wal_summary_keep_time", "wal_sync_method",
      "wal_writer_delay", "wal_writer_flush_after", "work_mem", "xmlbinary", "xmloption",
      "zero_damaged_pages");

  private static final Set<String> DISCLOSING = Set.of(
      "archive_cleanup_command", "archive_command", "archive_library", "backtrace_functions",
      "bonjour_name", "config_file", "createrole_self_grant", "data_directory", "debug_io_direct",
      "dynamic_library_path", "event_source", "extension_control_path", "extension_destdir",
      "external_pid_file", "hba_file", "ident_file", "jit_provider", "krb_server_keyfile",
      "listen_addresses", "local_preload_libraries", "log_destination", "log_directory",
      "log_filename", "log_line_prefix", "oauth_validator_libraries", "primary_conninfo",
      "primary_slot_name", "promote_trigger_file", "recovery_end_command", "recovery_target",
      "recovery_target_lsn", "recovery_target_name", "recovery_target_time",
      "recovery_target_timeline", "recovery_target_xid", "restore_command",
      "restrict_nonsystem_relation_kind", "session_preload_libraries", "ssl_ca_file",
      "ssl_cert_file", "ssl_ciphers", "ssl_crl_dir", "ssl_crl_file", "ssl_dh_params_file",
      "ssl_ecdh_curve", "ssl_groups", "ssl_key_file", "ssl_passphrase_command",
      "ssl_tls13_ciphers", "stats_temp_directory", "synchronized_standby_slots",
      "synchronous_standby_names", "syslog_ident", "unix_socket_directories", "unix_socket_group",
      "wal_consistency_checking");

  /** {@return whether the setting (any case) is on the reviewed list} */
  static boolean readable(String name) {
    return READABLE.contains(name.strip().toLowerCase(Locale.ROOT));
  }

  /**
   * {@return whether the setting (any case) is one of PostgreSQL's text settings known to hold a
   * credential, command, path or address}
   */
  static boolean disclosing(String name) {
    return DISCLOSING.contains(name.strip().toLowerCase(Locale.ROOT));
  }
}
