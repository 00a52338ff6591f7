/** The photos others see on a profile page: approved ones only (trust.md, moderation), the main photo first. */
import type { Database } from '../../db/open';
import { listPhotos } from '../photos/service';

export interface ShownPhoto {
  id: number;
  filename: string;
  thumbFilename: string;
  isMain: boolean;
}

export async function approvedPhotos(db: Database, profileId: number): Promise<ShownPhoto[]> {
  const rows = await listPhotos(db, profileId);
  return rows
    .filter((row) => row.status === 'approved')
    .sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.id - b.id)
    .map(({ id, filename, thumbFilename, isMain }) => ({ id, filename, thumbFilename, isMain }));
}
