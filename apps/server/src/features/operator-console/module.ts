/**
 * The operator console (issue 15): staff answer as fictional profiles. It sits above chats: it
 * records the vulnerability signals of members' messages to fictional profiles and lends chats
 * the spending reminder of flagged members (the context's spendingReminder).
 */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { operatorCareDataPart } from './personal-data';
import type { OperatorConsoleDeps } from './answer';
import { handleOperatorConsoleEvents } from './member-care';
import { operatorConsoleRoutes } from './routes';

/** What the feature needs from the app's context. */
export type OperatorConsoleNeeds = OperatorConsoleDeps & { personalData: PersonalDataRegistry };

export const operatorConsoleModule: FeatureModule<OperatorConsoleNeeds> = {
  name: 'operator-console',
  contribute({ personalData }) {
    personalData.add(operatorCareDataPart);
  },
  handleEvents(ctx) {
    handleOperatorConsoleEvents(ctx.events, ctx.clock);
  },
  async register(app, ctx) {
    await app.register(operatorConsoleRoutes, { deps: ctx });
  },
};
