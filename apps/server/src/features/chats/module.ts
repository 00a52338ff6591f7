/** Chats (issue 12): messages, image messages, read state and removal; frames go out through the live channel after each commit. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PhotoStorage } from '../../infra/photo-storage';
import type { FastifyBaseLogger } from 'fastify';
import { addExistingContactSource } from '../profiles/contact';
import type { ChatDeps } from './context';
import { handleChatEvents } from './event-handlers';
import { chatRoutes } from './routes';
import { chatImageRoutes } from './image-routes';
import { deleteChatImageFiles } from './image-messages';
import { conversationExistsBetween } from './store';

const chatDeps = ({ db, clock, limiter, live, sites, log, events, spendingReminder, activity }: ChatsNeeds): ChatDeps => ({
  db,
  clock,
  limiter,
  live,
  sites,
  log,
  events,
  spendingReminder,
  activity,
});

/** What the feature needs from the app's context. */
export type ChatsNeeds = Required<ChatDeps> & { chatImages: PhotoStorage; log: FastifyBaseLogger };

export const chatsModule: FeatureModule<ChatsNeeds> = {
  name: 'chats',
  handleEvents(ctx) {
    handleChatEvents(ctx.events, {
      ...chatDeps(ctx),
      onImagesDeleted: (keys) => deleteChatImageFiles({ storage: ctx.chatImages, log: ctx.log }, keys),
    });
    // A conversation makes two members partners: an invisible one stays reachable for the other.
    addExistingContactSource(conversationExistsBetween);
  },
  async register(app, ctx) {
    const deps = chatDeps(ctx);
    await app.register(chatRoutes, { deps });
    await app.register(chatImageRoutes, { deps, storage: ctx.chatImages });
  },
};
