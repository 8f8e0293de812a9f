/** Per-test-file databases: `signet_t_<created, base36 ms>_<random>`. */
export const TEST_DATABASE_PREFIX = "signet_t_";
/** Migrated templates: `signet_tpl_<hash of every migration.sql>`. */
export const TEMPLATE_DATABASE_PREFIX = "signet_tpl_";
