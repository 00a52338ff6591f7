/** Chats (issue 12): messages, image messages, read state and removal; frames go out through the live channel after each commit. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { chatsDataPart } from './personal-data';
import type { PhotoStorage } from '../../infra/photo-storage';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatDeps } from './context';
import { handleChatEvents } from './event-handlers';
import { chatRoutes } from './routes';
import { chatImageRoutes } from './image-routes';
import { deleteChatImageFiles } from './image-messages';
import { conversationExistsBetween } from './store';

const chatDeps = ({ db, clock, limiter, live, sites, log, events, spendingReminder, activity, contactSources }: ChatsNeeds): ChatDeps => ({
  db,
  clock,
  limiter,
  live,
  sites,
  log,
  events,
  spendingReminder,
  activity,
  contactSources,
});

/** What the feature needs from the app's context. */
export type ChatsNeeds = Required<ChatDeps> & { chatImages: PhotoStorage; log: FastifyBaseLogger; personalData: PersonalDataRegistry };

export const chatsModule: FeatureModule<ChatsNeeds> = {
  name: 'chats',
  contribute({ personalData, contactSources }) {
    personalData.add(chatsDataPart);
    // A conversation makes two members partners: an invisible one stays reachable for the other.
    contactSources.add(conversationExistsBetween);
  },
  handleEvents(ctx) {
    handleChatEvents(ctx.events, {
      ...chatDeps(ctx),
      onImagesDeleted: (keys) => deleteChatImageFiles({ storage: ctx.chatImages, log: ctx.log }, keys),
    });
  },
  async register(app, ctx) {
    const deps = chatDeps(ctx);
    await app.register(chatRoutes, { deps });
    await app.register(chatImageRoutes, { deps, storage: ctx.chatImages });
  },
};
