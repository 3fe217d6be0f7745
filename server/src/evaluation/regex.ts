/**
 * REGEX constraints carry RE2 patterns (shared/unleash/API.md §5.4; client-specification
 * 21-regex): unanchored "find", inline flags `(?i)`, `(?m)`, `(?s)`, `(?U)`, POSIX classes,
 * ASCII-only `\d \s \w \b`, and no lookaround or backreferences. JavaScript's RegExp differs on
 * each of these, so the pattern is translated to an equivalent `v`-mode RegExp here. A pattern
 * RE2 rejects yields `undefined`, and the constraint is false.
 */

interface Flags {
  /** Case-insensitive. */
  i: boolean;
  /** `^` and `$` match at line boundaries. */
  m: boolean;
  /** `.` matches `\n`. */
  s: boolean;
  /** Quantifiers are lazy unless followed by `?`. */
  U: boolean;
}

type Range = readonly [number, number];

/** One member of a character class. */
type ClassItem =
  | { type: 'range'; lo: number; hi: number }
  | { type: 'perl'; letter: 'd' | 'D' | 's' | 'S' | 'w' | 'W' }
  /** A POSIX class such as `[:alpha:]`, possibly negated (`[:^alpha:]`). */
  | { type: 'posix'; ranges: readonly Range[]; negated: boolean }
  /** `\p{..}` / `\P{..}`, already in JavaScript syntax. */
  | { type: 'unicode'; text: string };

type Node =
  /** Structure, assertions and `.`: emitted as is, unaffected by case folding. */
  | { kind: 'raw'; text: string }
  /** One character; `fold` records whether `i` was on where it appeared. */
  | { kind: 'literal'; cp: number; fold: boolean }
  /** A bracket class, or a Perl or Unicode class escape outside brackets. */
  | { kind: 'class'; items: ClassItem[]; negated: boolean; fold: boolean };

class Re2SyntaxError extends Error {}

/** RE2 caps counted repetition at 1000. */
const MAX_REPEAT = 1000;

/** ASCII ranges of RE2's POSIX classes (`[[:alpha:]]`). */
const POSIX_CLASSES: Record<string, readonly Range[]> = {
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  ascii: [[0x00, 0x7f]],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
  cntrl: [
    [0x00, 0x1f],
    [0x7f, 0x7f],
  ],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  upper: [[0x41, 0x5a]],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
    [0x5f, 0x5f],
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
};

/** RE2's `\s` is ASCII `[\t\n\f\r ]`; JavaScript's also takes `\v` and Unicode spaces. */
const PERL_SPACE = '\\t\\n\\f\\r\\x20';

/** Characters escaped outside a class in `v` mode. */
const SYNTAX_CHARS = new Set('^$\\.*+?()[]{}|/');
/** Characters escaped inside a `v`-mode class: syntax characters plus the reserved punctuators. */
const CLASS_ESCAPED = new Set('^$\\.*+?()[]{}|/-&!#%,:;<=>@`~');

function hex(cp: number): string {
  return `\\u{${cp.toString(16)}}`;
}

function isPrintableAscii(cp: number): boolean {
  return cp >= 0x20 && cp < 0x7f;
}

function literalText(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (!isPrintableAscii(cp)) return hex(cp);
  return SYNTAX_CHARS.has(ch) ? `\\${ch}` : ch;
}

function classCharText(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (!isPrintableAscii(cp)) return hex(cp);
  return CLASS_ESCAPED.has(ch) ? `\\${ch}` : ch;
}

function isAsciiAlnum(cp: number): boolean {
  return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
}

function isOctal(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '7';
}

function isHex(ch: string | undefined): boolean {
  return ch !== undefined && /^[0-9a-fA-F]$/.test(ch);
}

/**
 * Pairs that fold together although toLowerCase/toUpperCase do not lead from the first to the
 * second (Kelvin sign, long s, Greek symbol forms...); candidates only, checked below.
 */
const FOLD_PARTNERS: ReadonlyArray<readonly [number, number]> = [
  [0x6b, 0x212a],
  [0x73, 0x17f],
  [0xe5, 0x212b],
  [0xdf, 0x1e9e],
  [0x3c9, 0x2126],
  [0x3b2, 0x3d0],
  [0x3b5, 0x3f5],
  [0x3b8, 0x3d1],
  [0x3b8, 0x3f4],
  [0x3b9, 0x345],
  [0x3b9, 0x1fbe],
  [0x3ba, 0x3f0],
  [0x3c0, 0x3d6],
  [0x3c1, 0x3f1],
  [0x3c3, 0x3c2],
  [0x3c6, 0x3d5],
  [0x1e61, 0x1e9b],
];

/**
 * The characters a case-insensitive match of `cp` accepts, itself included: candidates from
 * case mapping, kept when Unicode simple case folding (which RE2 and JavaScript's `iv` mode
 * both use) equates them with `cp`.
 */
function caseVariants(cp: number): number[] {
  if (cp < 0x80 && !((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a))) return [cp];
  const candidates = new Set<number>();
  const queue = [cp];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (candidates.has(next)) continue;
    candidates.add(next);
    const ch = String.fromCodePoint(next);
    for (const mapped of [ch.toLowerCase(), ch.toUpperCase()]) {
      if ([...mapped].length === 1) queue.push(mapped.codePointAt(0)!);
    }
    for (const [a, b] of FOLD_PARTNERS) {
      if (next === a) queue.push(b);
      if (next === b) queue.push(a);
    }
  }
  const matcher = new RegExp(`^${literalText(cp)}$`, 'iv');
  return [...candidates].filter((candidate) => matcher.test(String.fromCodePoint(candidate)));
}

function hasCase(cp: number): boolean {
  return caseVariants(cp).length > 1;
}

function rangeIsCased(lo: number, hi: number): boolean {
  // Conservative: any letter or non-ASCII character may fold.
  return hi >= 0x80 || (lo <= 0x7a && hi >= 0x61) || (lo <= 0x5a && hi >= 0x41);
}

function itemIsCased(item: ClassItem): boolean {
  switch (item.type) {
    case 'range':
      return rangeIsCased(item.lo, item.hi);
    case 'perl':
      // Folded `\w` gains the Kelvin sign and the long s.
      return item.letter === 'w' || item.letter === 'W';
    case 'posix':
      return item.ranges.some(([lo, hi]) => rangeIsCased(lo, hi));
    case 'unicode':
      return true;
  }
}

/** Above this many cased characters, explicit folding of a range is refused. */
const MAX_FOLDED_RANGE = 1024;

function rangesText(ranges: readonly Range[]): string {
  return ranges
    .map(([lo, hi]) => (lo === hi ? classCharText(lo) : `${classCharText(lo)}-${classCharText(hi)}`))
    .join('');
}

/** A range plus every case variant of its members, as class text; undefined when too large. */
function foldedRangeText(lo: number, hi: number): string | undefined {
  if (!rangeIsCased(lo, hi)) return rangesText([[lo, hi]]);
  if (hi - lo > MAX_FOLDED_RANGE) return undefined;
  const members = new Set<number>();
  for (let cp = lo; cp <= hi; cp += 1) for (const variant of caseVariants(cp)) members.add(variant);
  const sorted = [...members].sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const cp of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return rangesText(ranges);
}

const PERL_TEXT: Record<string, string> = {
  d: '\\d',
  D: '\\D',
  s: PERL_SPACE,
  S: `[^${PERL_SPACE}]`,
  w: '\\w',
  W: '\\W',
};
/** RE2 folds `\w` before negating `\W`: both then account for the Kelvin sign and the long s. */
const FOLDED_WORD = '\\w\\u{17f}\\u{212a}';

/**
 * Class member text; with `explicitFold`, case variants are spelled out because the RegExp as a
 * whole is case-sensitive. Undefined when that cannot be done (Unicode property classes, huge ranges).
 */
function itemText(item: ClassItem, explicitFold: boolean): string | undefined {
  switch (item.type) {
    case 'range':
      return explicitFold ? foldedRangeText(item.lo, item.hi) : rangesText([[item.lo, item.hi]]);
    case 'perl':
      if (explicitFold && item.letter === 'w') return FOLDED_WORD;
      if (explicitFold && item.letter === 'W') return `[^${FOLDED_WORD}]`;
      return PERL_TEXT[item.letter];
    case 'posix': {
      const parts = explicitFold
        ? item.ranges.map(([lo, hi]) => foldedRangeText(lo, hi))
        : [rangesText(item.ranges)];
      if (parts.some((part) => part === undefined)) return undefined;
      return item.negated ? `[^${parts.join('')}]` : parts.join('');
    }
    case 'unicode':
      return explicitFold ? undefined : item.text;
  }
}

function classText(node: Extract<Node, { kind: 'class' }>, explicitFold: boolean): string | undefined {
  const parts = node.items.map((item) => itemText(item, explicitFold));
  if (parts.some((part) => part === undefined)) return undefined;
  return `[${node.negated ? '^' : ''}${parts.join('')}]`;
}

function unicodeClass(name: string, negated: boolean): string {
  let positive = !negated;
  let property = name;
  if (property.startsWith('^')) {
    positive = !positive;
    property = property.slice(1);
  }
  if (!/^[A-Za-z_]+$/.test(property)) throw new Re2SyntaxError(`invalid character class range: ${name}`);
  // One- or two-letter names are general categories; RE2's other names are scripts.
  const jsName = property === 'Any' || /^[A-Z][a-z]?$/.test(property) ? property : `Script=${property}`;
  return `\\${positive ? 'p' : 'P'}{${jsName}}`;
}

class Translator {
  private readonly chars: string[];
  private pos = 0;
  private flags: Flags;
  private readonly scopes: Flags[] = [];
  private readonly nodes: Node[] = [];
  private readonly groupNames = new Set<string>();
  /** Whether the previous item can take a quantifier. */
  private canRepeat = false;
  /** Whether the previous item was a quantifier: RE2 rejects `a**`. */
  private lastWasRepeat = false;

  constructor(pattern: string, caseInsensitive: boolean) {
    this.chars = Array.from(pattern);
    this.flags = { i: caseInsensitive, m: false, s: false, U: false };
  }

  translate(): RegExp | undefined {
    while (this.pos < this.chars.length) this.parseItem();
    if (this.scopes.length > 0) throw new Re2SyntaxError('missing closing )');
    return this.render();
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.pos + offset];
  }

  private push(node: Node, repeatable: boolean): void {
    this.nodes.push(node);
    this.canRepeat = repeatable;
    this.lastWasRepeat = false;
  }

  private pushLiteral(cp: number): void {
    this.push({ kind: 'literal', cp, fold: this.flags.i }, true);
  }

  private pushClass(items: ClassItem[], negated = false): void {
    this.push({ kind: 'class', items, negated, fold: this.flags.i }, true);
  }

  private parseItem(): void {
    const ch = this.peek()!;
    switch (ch) {
      case '(':
        this.parseGroup();
        return;
      case ')':
        if (this.scopes.length === 0) throw new Re2SyntaxError('unexpected )');
        this.flags = this.scopes.pop()!;
        this.pos += 1;
        this.push({ kind: 'raw', text: ')' }, true);
        return;
      case '|':
        this.pos += 1;
        this.push({ kind: 'raw', text: '|' }, false);
        return;
      case '^':
        this.pos += 1;
        // Assertions are wrapped so that RE2's legal `^*` stays legal in JavaScript.
        this.push({ kind: 'raw', text: this.flags.m ? '(?:(?<=^|\\n))' : '(?:^)' }, true);
        return;
      case '$':
        this.pos += 1;
        this.push({ kind: 'raw', text: this.flags.m ? '(?:(?=$|\\n))' : '(?:$)' }, true);
        return;
      case '.':
        this.pos += 1;
        this.push({ kind: 'raw', text: this.flags.s ? '[\\s\\S]' : '[^\\n]' }, true);
        return;
      case '[':
        this.parseClass();
        return;
      case '*':
      case '+':
      case '?':
        this.pos += 1;
        this.pushRepeat(ch);
        return;
      case '{': {
        const repeat = this.parseRepeatBraces();
        if (repeat === undefined) {
          this.pos += 1;
          this.pushLiteral(0x7b);
        } else {
          this.pushRepeat(repeat);
        }
        return;
      }
      case '\\':
        this.parseEscapeOutsideClass();
        return;
      default:
        this.pos += 1;
        this.pushLiteral(ch.codePointAt(0)!);
    }
  }

  private pushRepeat(quantifier: string): void {
    if (!this.canRepeat) throw new Re2SyntaxError('missing argument to repetition operator');
    if (this.lastWasRepeat) throw new Re2SyntaxError('invalid nested repetition operator');
    let lazy = false;
    if (this.peek() === '?') {
      lazy = true;
      this.pos += 1;
    }
    if (this.flags.U) lazy = !lazy;
    this.nodes.push({ kind: 'raw', text: lazy ? `${quantifier}?` : quantifier });
    this.lastWasRepeat = true;
  }

  /** `{n}`, `{n,}` or `{n,m}` at the cursor, consumed; undefined (nothing consumed) when it is a literal `{`. */
  private parseRepeatBraces(): string | undefined {
    const rest = this.chars.slice(this.pos).join('');
    const match = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    // RE2 reads a count with a leading zero as no count at all, so the brace is a literal.
    if (!match || /^0\d/.test(match[1]!) || /^0\d/.test(match[3] ?? '')) return undefined;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? -1 : Number(match[3]);
    if (min > MAX_REPEAT || max > MAX_REPEAT || (max >= 0 && min > max)) {
      throw new Re2SyntaxError('invalid repeat count');
    }
    this.pos += match[0].length;
    return match[2] === undefined ? `{${min}}` : max < 0 ? `{${min},}` : `{${min},${max}}`;
  }

  private parseGroup(): void {
    this.pos += 1;
    if (this.peek() !== '?') {
      this.openGroup('(', this.flags);
      return;
    }
    const namedStart = this.peek(1) === 'P' && this.peek(2) === '<' ? 3 : this.peek(1) === '<' ? 2 : 0;
    if (namedStart > 0 && this.peek(namedStart) !== '=' && this.peek(namedStart) !== '!') {
      this.pos += namedStart;
      let name = '';
      while (this.peek() !== undefined && this.peek() !== '>') {
        name += this.peek();
        this.pos += 1;
      }
      if (this.peek() !== '>' || !/^\w+$/.test(name)) throw new Re2SyntaxError('invalid named capture');
      if (this.groupNames.has(name)) throw new Re2SyntaxError('duplicate capture group name');
      this.groupNames.add(name);
      this.pos += 1;
      // The name is irrelevant to a boolean match and RE2 allows names JavaScript does not.
      this.openGroup('(', this.flags);
      return;
    }
    this.pos += 1;
    const flags = { ...this.flags };
    let negate = false;
    let sawFlag = false;
    for (;;) {
      const ch = this.peek();
      this.pos += 1;
      if (ch === 'i' || ch === 'm' || ch === 's' || ch === 'U') {
        flags[ch] = !negate;
        sawFlag = true;
      } else if (ch === '-' && !negate) {
        negate = true;
        sawFlag = false;
      } else if ((ch === ':' || ch === ')') && !(negate && !sawFlag)) {
        if (ch === ':') {
          this.openGroup('(?:', this.flags);
          this.flags = flags;
        } else {
          // `(?i)` changes the flags until the end of the enclosing group.
          this.flags = flags;
        }
        return;
      } else {
        // Lookaround, atomic groups, comments and backreference groups are not RE2.
        throw new Re2SyntaxError('invalid or unsupported Perl syntax');
      }
    }
  }

  private openGroup(text: string, restore: Flags): void {
    this.scopes.push(restore);
    this.push({ kind: 'raw', text }, false);
  }

  private parseEscapeOutsideClass(): void {
    const next = this.peek(1);
    switch (next) {
      case 'A':
        this.pos += 2;
        this.push({ kind: 'raw', text: '(?:^)' }, true);
        return;
      case 'z':
        this.pos += 2;
        this.push({ kind: 'raw', text: '(?:$)' }, true);
        return;
      case 'b':
      case 'B':
        this.pos += 2;
        this.push({ kind: 'raw', text: `(?:\\${next})` }, true);
        return;
      case 'Q': {
        this.pos += 2;
        while (this.pos < this.chars.length) {
          if (this.peek() === '\\' && this.peek(1) === 'E') {
            this.pos += 2;
            return;
          }
          this.pushLiteral(this.peek()!.codePointAt(0)!);
          this.pos += 1;
        }
        return;
      }
      case 'd':
      case 'D':
      case 's':
      case 'S':
      case 'w':
      case 'W':
        this.pos += 2;
        this.pushClass([{ type: 'perl', letter: next }]);
        return;
      case 'p':
      case 'P':
        this.pushClass([{ type: 'unicode', text: this.parseUnicodeClass() }]);
        return;
      default:
        this.pushLiteral(this.parseEscapedChar());
    }
  }

  /** `\pL`, `\p{Greek}`, `\P{^Lu}` at the cursor. */
  private parseUnicodeClass(): string {
    const negated = this.peek(1) === 'P';
    this.pos += 2;
    const first = this.peek();
    if (first === undefined) throw new Re2SyntaxError('invalid character class range');
    if (first !== '{') {
      this.pos += 1;
      return unicodeClass(first, negated);
    }
    const close = this.chars.indexOf('}', this.pos);
    if (close < 0) throw new Re2SyntaxError('invalid character class range');
    const name = this.chars.slice(this.pos + 1, close).join('');
    this.pos = close + 1;
    return unicodeClass(name, negated);
  }

  /** A single-character escape at the cursor (on the backslash): octal, hex, control or punctuation. */
  private parseEscapedChar(): number {
    this.pos += 1;
    const ch = this.peek();
    if (ch === undefined) throw new Re2SyntaxError('trailing backslash at end of expression');
    this.pos += 1;
    if (ch >= '1' && ch <= '7' && !isOctal(this.peek())) {
      // RE2 has no backreferences.
      throw new Re2SyntaxError('invalid escape sequence');
    }
    if (ch >= '0' && ch <= '7') {
      let value = Number(ch);
      for (let i = 1; i < 3 && isOctal(this.peek()); i += 1) {
        value = value * 8 + Number(this.peek());
        this.pos += 1;
      }
      return value;
    }
    if (ch === 'x') return this.parseHexEscape();
    const controls: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
    const control = controls[ch];
    if (control !== undefined) return control;
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80 && !isAsciiAlnum(cp)) return cp;
    throw new Re2SyntaxError('invalid escape sequence');
  }

  private parseHexEscape(): number {
    let digits = '';
    if (this.peek() === '{') {
      this.pos += 1;
      while (isHex(this.peek())) {
        digits += this.peek();
        this.pos += 1;
      }
      if (this.peek() !== '}' || digits === '') throw new Re2SyntaxError('invalid escape sequence');
      this.pos += 1;
    } else {
      for (let i = 0; i < 2; i += 1) {
        if (!isHex(this.peek())) throw new Re2SyntaxError('invalid escape sequence');
        digits += this.peek();
        this.pos += 1;
      }
    }
    const value = Number.parseInt(digits, 16);
    if (value > 0x10ffff) throw new Re2SyntaxError('invalid escape sequence');
    return value;
  }

  private parseClass(): void {
    this.pos += 1;
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.pos += 1;
    }
    const items: ClassItem[] = [];
    let first = true;
    for (;;) {
      const ch = this.peek();
      if (ch === undefined) throw new Re2SyntaxError('missing closing ]');
      // A `]` right after `[` or `[^` is a literal.
      if (ch === ']' && !first) {
        this.pos += 1;
        break;
      }
      first = false;
      if (ch === '[' && this.peek(1) === ':') {
        const posix = this.parsePosixClass();
        if (posix !== undefined) {
          items.push(posix);
          continue;
        }
      }
      if (ch === '\\') {
        const next = this.peek(1);
        if (next === 'd' || next === 'D' || next === 's' || next === 'S' || next === 'w' || next === 'W') {
          this.pos += 2;
          items.push({ type: 'perl', letter: next });
          continue;
        }
        if (next === 'p' || next === 'P') {
          items.push({ type: 'unicode', text: this.parseUnicodeClass() });
          continue;
        }
      }
      const lo = this.parseClassChar();
      let hi = lo;
      if (this.peek() === '-' && this.peek(1) !== undefined && this.peek(1) !== ']') {
        this.pos += 1;
        hi = this.parseClassChar();
        if (hi < lo) throw new Re2SyntaxError('invalid character class range');
      }
      items.push({ type: 'range', lo, hi });
    }
    this.pushClass(items, negated);
  }

  private parseClassChar(): number {
    if (this.peek() === '\\') return this.parseEscapedChar();
    const cp = this.peek()!.codePointAt(0)!;
    this.pos += 1;
    return cp;
  }

  /** `[:alpha:]` or `[:^alpha:]` inside a class; undefined when the text is not of that form. */
  private parsePosixClass(): ClassItem | undefined {
    const rest = this.chars.slice(this.pos, this.pos + 12).join('');
    const match = /^\[:(\^?)([a-z]*):\]/.exec(rest);
    if (!match) return undefined;
    const ranges = POSIX_CLASSES[match[2]!];
    if (!ranges) throw new Re2SyntaxError('invalid character class range');
    this.pos += match[0].length;
    return { type: 'posix', ranges, negated: match[1] === '^' };
  }

  /**
   * JavaScript has no scoped `(?i)` before Node 23, so: when every case-sensitive item was read
   * with the same `i` setting, the whole RegExp gets that flag; otherwise the items read under
   * `i` spell out their case variants in a case-sensitive RegExp.
   */
  private render(): RegExp | undefined {
    let foldOn = false;
    let foldOff = false;
    for (const node of this.nodes) {
      if (node.kind === 'raw') continue;
      const cased = node.kind === 'literal' ? hasCase(node.cp) : node.items.some(itemIsCased);
      if (!cased) continue;
      if (node.fold) foldOn = true;
      else foldOff = true;
    }
    const mixed = foldOn && foldOff;
    let source = '';
    for (const node of this.nodes) {
      if (node.kind === 'raw') {
        source += node.text;
      } else if (node.kind === 'class') {
        const text = classText(node, mixed && node.fold);
        if (text === undefined) return undefined;
        source += text;
      } else if (mixed && node.fold && hasCase(node.cp)) {
        source += `[${caseVariants(node.cp).map(classCharText).join('')}]`;
      } else {
        source += literalText(node.cp);
      }
    }
    return new RegExp(source, foldOn && !foldOff ? 'iv' : 'v');
  }
}

const CACHE_LIMIT = 100;
const cache = new Map<string, RegExp | null>();

/**
 * The RegExp equivalent of an RE2 `pattern`, or undefined when RE2 would reject it (or, rarely,
 * when it mixes case-sensitive and case-insensitive classes, which JavaScript cannot express).
 */
export function compileRe2(pattern: string, caseInsensitive: boolean): RegExp | undefined {
  const key = `${caseInsensitive ? 'i' : '-'}${pattern}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  let compiled: RegExp | null;
  try {
    compiled = new Translator(pattern, caseInsensitive).translate() ?? null;
  } catch {
    compiled = null;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled ?? undefined;
}

/** RE2 "find" semantics: true when the pattern matches anywhere in `value`. */
export function re2Find(pattern: string, value: string, caseInsensitive: boolean): boolean {
  return compileRe2(pattern, caseInsensitive)?.test(value) ?? false;
}
