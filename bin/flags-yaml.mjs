// Flags as code (issue 36 §2): the YAML file read and checked locally, every problem with its
// line and column, before anything is sent. The checks follow schemas/flags-as-code.schema.json
// (the editors' schema), read by a small validator of the keywords that file uses.
import { readFileSync } from 'node:fs';
import { isMap, LineCounter, parseDocument } from 'yaml';

const SCHEMA = JSON.parse(
  readFileSync(new URL('../schemas/flags-as-code.schema.json', import.meta.url), 'utf8'),
);

const typeOf = (value) => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const matchesType = (value, type) => {
  const actual = typeOf(value);
  return [type].flat().some((wanted) => wanted === actual || (wanted === 'number' && actual === 'integer'));
};

const resolve = (schema) => (schema.$ref ? SCHEMA.$defs[schema.$ref.replace('#/$defs/', '')] : schema);

function checkScalar(schema, value, path, problems) {
  if (schema.enum && !schema.enum.includes(value)) {
    problems.push({ path, message: `must be one of ${schema.enum.join(', ')}` });
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) {
      problems.push({ path, message: 'must not be empty' });
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      problems.push({ path, message: `must be at most ${schema.maxLength} characters` });
    }
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) {
      problems.push({ path, message: `must match ${schema.pattern}` });
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      problems.push({ path, message: `must be ≥ ${schema.minimum}` });
    if (schema.maximum !== undefined && value > schema.maximum)
      problems.push({ path, message: `must be ≤ ${schema.maximum}` });
  }
}

function checkObject(schema, value, path, problems) {
  for (const name of schema.required ?? []) {
    if (!(name in value)) problems.push({ path, message: `needs "${name}"` });
  }
  for (const [name, item] of Object.entries(value)) {
    const known = schema.properties?.[name];
    if (known) check(known, item, [...path, name], problems);
    else if (schema.additionalProperties === false) {
      problems.push({ path: [...path, name], key: true, message: `unknown field "${name}"` });
    } else if (typeof schema.additionalProperties === 'object') {
      check(schema.additionalProperties, item, [...path, name], problems);
    }
  }
}

/** Checks `value` against a schema of the editors' file; problems get the path of the value. */
function check(schemaOrRef, value, path, problems) {
  const schema = resolve(schemaOrRef);
  const type = schema.type;
  if (type && !matchesType(value, type)) {
    problems.push({ path, message: `must be ${[type].flat().join(' or ')}, not ${typeOf(value)}` });
    return;
  }
  if (typeOf(value) === 'object') checkObject(schema, value, path, problems);
  else if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      problems.push({ path, message: `has more than ${schema.maxItems} items` });
    }
    if (schema.items) {
      value.forEach((item, index) => {
        check(schema.items, item, [...path, index], problems);
      });
    }
  } else checkScalar(schema, value, path, problems);
}

/** `flags[0].environments.production` for messages. */
export function pathText(path) {
  return path.reduce(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );
}

/** Line and column (1-based) of the value at `path`, or of its key, or of the nearest parent. */
export function locate(document, lineCounter, path, key = false) {
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const at = path.slice(0, depth);
    if (key && depth === path.length && depth > 0) {
      const parent = at.length > 1 ? document.getIn(at.slice(0, -1), true) : document.contents;
      const pair = isMap(parent)
        ? parent.items.find((item) => String(item.key?.value ?? item.key) === String(at.at(-1)))
        : undefined;
      if (pair?.key?.range) return lineCounter.linePos(pair.key.range[0]);
    }
    const node = at.length === 0 ? document.contents : document.getIn(at, true);
    if (node?.range) return lineCounter.linePos(node.range[0]);
  }
  return { line: 1, col: 1 };
}

/**
 * Reads a flags-as-code YAML text: `{document, problems}`, each problem `{line, col, path,
 * message}`. A document with problems must not be sent.
 */
export function parseFlagsYaml(text) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      document: undefined,
      problems: document.errors.map((error) => {
        const { line, col } = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
        return { line, col, path: '', message: error.message.split('\n')[0] };
      }),
    };
  }
  const value = document.toJS();
  const found = [];
  check(SCHEMA, value ?? null, [], found);
  const problems = found.map((problem) => ({
    ...locate(document, lineCounter, problem.path, problem.key),
    path: pathText(problem.path),
    message: problem.message,
  }));
  return { document: problems.length ? undefined : value, problems, yaml: document, lineCounter };
}

/** `file:line:col: path: message`, one a line. */
export function describeProblems(file, problems) {
  return problems
    .map(
      (problem) =>
        `${file}:${problem.line}:${problem.col}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`,
    )
    .join('\n');
}
