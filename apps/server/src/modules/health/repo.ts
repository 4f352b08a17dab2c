import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** The cheapest round trip to the database. */
export const ping = (db: Kysely<DB>) => sql`SELECT 1`.execute(db)
