import { z } from 'zod';

/**
 * The member's own block list (issue 9: the settings list blocked members with Unblock).
 * GET /api/blocks.php; unblocking is DELETE /api/block.php {profile_id}.
 */
export const ZBlockedMember = z.object({
  profile_id: z.number().int(),
  name: z.string(),
  main_image: z.string().nullable().meta({ description: 'Thumbnail of the approved main photo, or null' }),
  blocked_at: z.string().meta({ description: 'When the member blocked this profile (ISO 8601)' }),
});
export type TBlockedMember = z.infer<typeof ZBlockedMember>;

export const ZBlockList = z.object({ blocks: z.array(ZBlockedMember).meta({ description: 'Newest block first' }) });
export type TBlockList = z.infer<typeof ZBlockList>;
