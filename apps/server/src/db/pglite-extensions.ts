/**
 * The PostgreSQL extensions the migrations create (0015: cube and earthdistance for the location
 * index and distance sort, decision 036). PGlite ships them as separate modules that must be
 * handed to every PGlite instance before CREATE EXTENSION can find them.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';

export const PGLITE_EXTENSIONS = { cube, earthdistance };

/** A PGlite instance that can run the migrations: `dataDir` or a loaded tarball, with the extensions. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
}
