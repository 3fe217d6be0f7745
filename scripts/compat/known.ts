// Differences we know about and keep on purpose: each says why. The report marks them "explained"
// instead of counting them as failures. Add one only with a reason a reviewer can check.
import type { KnownDifference } from './types';

const ANY = /./;

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  {
    case: ANY,
    aspect: 'shape',
    path: /^id$/,
    referenceIs: 'absent',
    reason:
      'every error of ours carries an id (shared/STYLE.md conventions §3); Unleash omits it on service errors',
  },
  {
    case: ANY,
    aspect: 'shape',
    path: /^(name|details)$/,
    referenceIs: 'absent',
    reason:
      'Unleash answers some errors (SDK auth, wrong token type, malformed JSON) with a bare {message}; ours always has the one error shape',
  },
  {
    case: ANY,
    aspect: 'name',
    referenceIs: 'undefined',
    reason: 'same: the reference error has no name at all',
  },
  {
    case: /^segments\/delete-in-use$/,
    aspect: 'shape',
    path: /^$/,
    reason: 'Unleash answers this 409 with an empty body; ours explains the conflict in the error shape',
  },
  {
    case: /^(strategies\/type-delete-builtin|tags\/create-tag-unknown-type)$/,
    aspect: 'status',
    referenceIs: '500',
    reason: 'Unleash 8.2 crashes (500 UnknownError); we answer the client error it should have been',
  },
  {
    case: /^(strategies\/type-delete-builtin|tags\/create-tag-unknown-type)$/,
    aspect: 'name',
    referenceIs: 'UnknownError',
    reason: 'same Unleash crash',
  },
  {
    case: /^(diverging\/create-environment|diverging\/create-project|auth\/banners)$/,
    aspect: 'status',
    referenceIs: '404',
    reason: 'Enterprise-only in Unleash (absent from OSS 8.2); Switchyard offers it (API.md §10)',
  },
  {
    case: /^(diverging\/create-environment|diverging\/create-project|auth\/banners)$/,
    aspect: 'name',
    reason: 'same: the reference has no such route',
  },
  {
    case: /^(seed\/.*-token|api-tokens\/.*)$/,
    aspect: 'shape',
    path: /(^|\.)(prefix|secret|expiresAt|seenAt)$/,
    reason:
      'only a hash of a secret is kept: lists carry `prefix`, never `secret` (server/contract/api-tokens.ts)',
  },
  {
    case: /^(seed\/.*-token|api-tokens\/.*)$/,
    aspect: 'values',
    path: /(^|\.)secure$/,
    reason: 'same: every token of ours is stored hashed, so `secure` is true',
  },
  {
    case: /^(features\/feature-types|strategies\/type-default|strategies\/types|context\/get-builtin|context\/list)$/,
    aspect: 'values',
    path: /(^|\.)description$/,
    reason: 'built-in descriptions are our own words: Unleash text is not copied (AGPL)',
  },
  {
    case: /^segments\/delete-missing$/,
    aspect: 'status',
    referenceIs: '404',
    reason:
      'issue 4 chose 409 for deleting a missing segment, as the seed documents it (segment-operations.ts)',
  },
  {
    case: /^segments\/delete-missing$/,
    aspect: 'name',
    referenceIs: 'NotFoundError',
    reason: 'same issue 4 decision: ConflictError',
  },
  {
    case: /^(strategies|diverging)\/constraint-undeclared-field$/,
    aspect: 'status',
    reason:
      'issue 4: a constraint must name an existing context field; Unleash accepts any name (constraint-rules.ts)',
  },
  {
    case: /^(features\/(create-unknown-type|patch-bad-op)|strategies\/constraint-unknown-operator|playground\/projects-wrong-type)$/,
    aspect: 'values',
    path: /^details\.\d+\.path$/,
    reason:
      'Unleash names an enum failure by the bare property (`type`, `op`), unlike its other details; ours keeps the JSON pointer (`/body/type`, `/body/0/op`), which locates nested items',
  },
  {
    case: /^api-tokens\/(missing-name|unknown-type)$/,
    aspect: 'values',
    path: /^details\.length$/,
    referenceIs: '2',
    reason:
      "Unleash's createApiTokenSchema is a one-branch oneOf, which adds a second, redundant detail about the oneOf itself; ours reports the failing field once",
  },
  {
    case: /^tags\/type-validate-short$/,
    aspect: 'shape',
    path: /^details\.0\.path$/,
    referenceIs: 'absent',
    reason: 'Unleash validates tag types with joi, whose details carry no path; ours points at the field',
  },
  {
    case: /^seed\/tag-type$/,
    aspect: 'shape',
    path: /^color$/,
    referenceIs: 'absent',
    reason:
      'ours answers the stored tag type, `color: null` when unset, as both servers list it (GET /api/admin/tag-types); Unleash echoes the request body on create',
  },
  {
    case: /^features\/get(-with-dependency|-clone)?$/,
    aspect: 'shape',
    path: /^environments\.\d+\.releasePlans$/,
    referenceIs: 'absent',
    reason:
      "issue 31 §3: 8.2's featureEnvironmentSchema has `releasePlans`, filled by Unleash Enterprise (release plans are absent from OSS); Switchyard has release plans",
  },
  {
    case: /^features\/environment$/,
    aspect: 'shape',
    path: /^strategies\.\d+\.segments$/,
    referenceIs: 'absent',
    reason:
      "featureStrategySchema's optional `segments`: ours carries a strategy's segment ids in every strategy answer, Unleash in some views only",
  },
  {
    case: /^features\/search$/,
    aspect: 'shape',
    path: /^features\.\d+\.(environments\.\d+\.environment|lastSeenAt|potentiallyStale)$/,
    referenceIs: 'absent',
    reason:
      'console extensions of the flag search (scripts/compat/README.md): an environment names itself, last seen and potentially-stale are shown in the flag list',
  },
  {
    case: /^environments\/projects$/,
    aspect: 'shape',
    path: /^projects\.\d+\.(archivedFeatureCount|defaultStickiness|favorite|potentiallyStaleFeatureCount|staleFeatureCount|updatedAt)$/,
    referenceIs: 'absent',
    reason:
      'console extensions of the project list (scripts/compat/README.md): its health counters, favourite star and settings',
  },
  {
    case: /^environments\/project-overview$/,
    aspect: 'shape',
    path: /^archivedAt$/,
    referenceIs: 'absent',
    reason: 'console extension (scripts/compat/README.md): the overview says whether the project is archived',
  },
  {
    case: /^api-tokens\/project-tokens$/,
    aspect: 'values',
    path: /^tokens\.length$/,
    reason:
      "Unleash lists every all-projects token under each project, admin tokens included and with their secrets, to anyone who may read the project's tokens; ours lists the project's own tokens (an Unleash leak we do not copy)",
  },
  {
    case: /^diverging\/user-with-id$/,
    aspect: 'status',
    referenceIs: '400',
    reason:
      'issue 31 §4: every Unleash SDK still implements `userWithId`, so Switchyard keeps offering it as a built-in strategy (deliberate, scripts/compat/README.md)',
  },
  {
    case: /^events\/list-shape$/,
    aspect: 'shape',
    path: /^events\.\d+\.preData$/,
    referenceIs: 'null',
    reason:
      "ours keeps the state before every update and deletion as preData (the console's event log shows it); Unleash 8.2 records none for strategy-updated, strategy-deleted and tag-type-updated, though it does for its other updates",
  },
  {
    case: /^events\/search-shape$/,
    aspect: 'shape',
    path: /^events\.\d+\.(label|summary)$/,
    referenceIs: 'string',
    reason:
      "Unleash's event search adds `label` and `summary`, English sentences from its own message templates (eventSchema: optional); its text is not copied (AGPL), and the console words events itself (renderer describe-event.ts)",
  },
];
