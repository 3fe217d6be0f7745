import { ScimProblem } from './scim-error';

/** One `attribute eq "value"` clause; a filter is their conjunction (`and`). */
export interface ScimEquality {
  /** The attribute as the client wrote it, lower-cased and without a schema URN prefix. */
  attribute: string;
  value: string;
}

const MAX_CLAUSES = 10;
const invalidFilter = (detail: string) => new ScimProblem(400, detail, 'invalidFilter');

type Token = { kind: 'word'; text: string } | { kind: 'string'; text: string };

function tokenize(filter: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < filter.length) {
    const char = filter[at] as string;
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    if (char === '"') {
      // A JSON string (RFC 7644 §3.4.2.2: values are JSON), escapes included.
      let end = at + 1;
      while (end < filter.length && filter[end] !== '"') end += filter[end] === '\\' ? 2 : 1;
      if (end >= filter.length) throw invalidFilter('The filter has an unterminated string');
      try {
        tokens.push({ kind: 'string', text: JSON.parse(filter.slice(at, end + 1)) as string });
      } catch {
        throw invalidFilter('The filter has an invalid string');
      }
      at = end + 1;
      continue;
    }
    const word = /^[A-Za-z0-9_.:$-]+/.exec(filter.slice(at));
    if (!word) throw invalidFilter(`The filter has an unsupported character ${JSON.stringify(char)}`);
    tokens.push({ kind: 'word', text: word[0] });
    at += word[0].length;
  }
  return tokens;
}

/** `urn:…:User:userName` → `username`; `emails.value` stays dotted. */
function attributeName(raw: string): string {
  const lowered = raw.toLowerCase();
  const urnEnd = lowered.startsWith('urn:') ? lowered.lastIndexOf(':') : -1;
  return urnEnd >= 0 ? lowered.slice(urnEnd + 1) : lowered;
}

/**
 * Parses the filters SCIM clients send when they look a user or group up before provisioning
 * it (RFC 7644 §3.4.2.2): `eq` comparisons joined by `and`. Any other operator, `or`, `not`,
 * grouping or value paths answer 400 `invalidFilter`, so a client never gets a wrong match.
 */
export function parseScimFilter(filter: string): ScimEquality[] {
  const tokens = tokenize(filter);
  const clauses: ScimEquality[] = [];
  let at = 0;
  while (at < tokens.length) {
    const [attribute, operator, value] = [tokens[at], tokens[at + 1], tokens[at + 2]];
    if (attribute?.kind !== 'word' || operator?.kind !== 'word' || !value) {
      throw invalidFilter('The filter must be `attribute eq "value"` clauses joined by `and`');
    }
    if (operator.text.toLowerCase() !== 'eq') {
      throw invalidFilter(`The filter operator ${JSON.stringify(operator.text)} is not supported; use eq`);
    }
    if (value.kind !== 'string') {
      throw invalidFilter('The filter compares with a string value in double quotes');
    }
    clauses.push({ attribute: attributeName(attribute.text), value: value.text });
    at += 3;
    if (at < tokens.length) {
      const joiner = tokens[at];
      if (joiner?.kind !== 'word' || joiner.text.toLowerCase() !== 'and') {
        throw invalidFilter('Only `and` may join filter clauses');
      }
      at += 1;
      if (at >= tokens.length) throw invalidFilter('The filter ends with `and`');
    }
    if (clauses.length > MAX_CLAUSES) throw invalidFilter(`A filter may have at most ${MAX_CLAUSES} clauses`);
  }
  if (clauses.length === 0) throw invalidFilter('The filter is empty');
  return clauses;
}

/** Keeps only clauses on `supported` attributes; any other attribute answers `invalidFilter`. */
export function assertFilterable(clauses: readonly ScimEquality[], supported: readonly string[]): void {
  for (const clause of clauses) {
    if (!supported.includes(clause.attribute)) {
      throw invalidFilter(`Filtering on ${JSON.stringify(clause.attribute)} is not supported`);
    }
  }
}
