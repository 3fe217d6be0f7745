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
    case: /^(environments\/create|environments\/create-project|auth\/banners)$/,
    aspect: 'status',
    referenceIs: '404',
    reason: 'Enterprise-only in Unleash (absent from OSS 8.2); Switchyard offers it (API.md §10)',
  },
  {
    case: /^(environments\/create|environments\/create-project|auth\/banners)$/,
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
];
