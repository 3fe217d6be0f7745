// The corpus, area by area, in the order it runs (the seed first: later areas use what it created).
import type { CompatArea } from '../types';
import { apiTokens, environments, events, variants } from './admin-misc';
import { features } from './features';
import { auth, playground } from './playground';
import { client, frontend } from './sdk';
import { seed } from './seed';
import { context, segments } from './segments';
import { diverging, strategies } from './strategies';
import { tags } from './tags';

export const CORPUS: CompatArea[] = [
  seed,
  features,
  strategies,
  segments,
  context,
  tags,
  variants,
  environments,
  apiTokens,
  playground,
  client,
  frontend,
  events,
  auth,
  diverging,
];
