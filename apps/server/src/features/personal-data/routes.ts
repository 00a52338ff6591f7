/**
 * GET /api/personal-data.php: "Download my data" (trust.md). The logged-in member's data as a
 * JSON file; nothing of anyone else, no secrets, never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { PERSONAL_DATA_FORMAT, ZPersonalDataExport, personalDataFileName } from '@cupido/shared/contracts/personal-data';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import { siteOrigin, type PublicOriginConfig } from '../sites/public-origin';
import { collectPersonalData, type DataExportParts } from './registry';

export interface PersonalDataRoutesOptions {
  /** publicOrigin: the deployment's scheme and port, so photo links in the file open where the site is served (issue 29). */
  deps: { db: Database; clock: Clock; publicOrigin: PublicOriginConfig };
  /** Every feature's part of the file, one per name of the contract. */
  parts: DataExportParts;
}

export async function personalDataRoutes(server: FastifyInstance, { deps, parts: dataParts }: PersonalDataRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/personal-data.php',
    {
      schema: {
        tags: ['personal data'],
        summary: 'Download my data: everything stored about the logged-in member, as a JSON file (attachment, not cached)',
        response: { 200: ZPersonalDataExport, 403: ZApiError },
      },
    },
    async (request, reply) => {
      const member = await request.requireMember();
      const now = deps.clock();
      const site = request.site;
      const parts = await collectPersonalData(
        dataParts,
        { db: deps.db, site, profileId: member.profileId, now, siteOrigin: siteOrigin(site.domain, deps.publicOrigin) },
        member.id,
      );
      reply
        .header('Content-Disposition', `attachment; filename="${personalDataFileName(site.name, now)}"`)
        .header('Cache-Control', 'no-store')
        .header('Pragma', 'no-cache');
      return { format: PERSONAL_DATA_FORMAT, exported_at: now.toISOString(), site: { name: site.name, domain: site.domain }, ...parts };
    },
  );
}
