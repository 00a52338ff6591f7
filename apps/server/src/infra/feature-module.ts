/**
 * A server feature as buildApp sees it (issue 33, decision 068): what it does on other features'
 * facts, then its routes and jobs, each given what the feature needs (`Needs`, declared in its
 * module.ts). buildApp hands every module the app's one context; the type checker proves the
 * context has what each module declares. buildApp runs every module's `contribute` first (what it
 * adds to the app's registries in the context: its part of "Download my data", its contact
 * sources), then every `handleEvents` (in the list's order, the order a fact's handlers run in),
 * then every `register`.
 */
import type { FastifyInstance } from 'fastify';

export interface FeatureModule<Needs> {
  name: string;
  contribute?: (needs: Needs) => void;
  handleEvents?: (needs: Needs) => void | Promise<void>;
  register?: (app: FastifyInstance, needs: Needs) => Promise<void>;
}
