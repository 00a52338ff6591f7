/** The photos feature's part of "Download my data": every photo of the member's profile as links, with its status. */
import { photoUrl } from '../../infra/photo-storage';
import { dataExportPart } from '../personal-data/registry';
import { listPhotos } from './service';

export const photosDataPart = dataExportPart('photos', async ({ db, profileId, site, siteOrigin }) => {
  if (profileId === null) return [];
  // A CDN prefix may be a full URL already; the default '/photos/' is made absolute for use outside the site.
  const link = (key: string) => new URL(photoUrl(key, site.cdnPrefix), `${siteOrigin}/`).href;
  const rows = await listPhotos(db, profileId);
  return rows.map((row) => ({
    id: row.id,
    url: link(row.filename),
    thumb_url: link(row.thumbFilename),
    status: row.status,
    is_main: row.isMain,
    uploaded_at: row.createdAt.toISOString(),
  }));
});
