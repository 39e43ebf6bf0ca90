import type { Migration } from 'kysely'
import * as m0001 from './0001_projects.ts'
import * as m0002 from './0002_account_history.ts'
import * as m0003 from './0003_embedded_auth.ts'
import * as m0004 from './0004_embedded_hardening.ts'
import * as m0005 from './0005_siwe.ts'
import * as m0006 from './0006_names.ts'
import * as m0007 from './0007_onramp.ts'
import * as m0008 from './0008_siwe_token_hash.ts'
import * as m0009 from './0009_embedded_session_project.ts'
import * as m0010 from './0010_onramp_purchase_access.ts'
import * as m0011 from './0011_social_login.ts'
import * as m0012 from './0012_social_flow_origin.ts'
import * as m0013 from './0013_analytics_events.ts'
import * as m0014 from './0014_operators.ts'
import * as m0015 from './0015_project_config_digest.ts'
import * as m0016 from './0016_analytics_visits.ts'
import * as m0017 from './0017_sponsorship.ts'
import * as m0018 from './0018_solana_history.ts'

/**
 * Every migration, in order. Names sort lexically and are recorded in `foyer_migration`; never rename
 * or edit one that has shipped — add a new file and list it here.
 */
export const migrations: Record<string, Migration> = {
  '0001_projects': m0001,
  '0002_account_history': m0002,
  '0003_embedded_auth': m0003,
  '0004_embedded_hardening': m0004,
  '0005_siwe': m0005,
  '0006_names': m0006,
  '0007_onramp': m0007,
  '0008_siwe_token_hash': m0008,
  '0009_embedded_session_project': m0009,
  '0010_onramp_purchase_access': m0010,
  '0011_social_login': m0011,
  '0012_social_flow_origin': m0012,
  '0013_analytics_events': m0013,
  '0014_operators': m0014,
  '0015_project_config_digest': m0015,
  '0016_analytics_visits': m0016,
  '0017_sponsorship': m0017,
  '0018_solana_history': m0018,
}
