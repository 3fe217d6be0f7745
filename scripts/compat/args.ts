// Pure parsing of `npm run compat -- …` arguments.

export interface CompatArgs {
  against: string;
  againstToken: string;
  ours?: string;
  oursToken?: string;
  json?: string;
  /** Also list the explained differences (they are only counted by default). */
  verbose: boolean;
  /** Only run the areas named (comma-separated); the seed area always runs. */
  areas?: string[];
}

export const DEFAULT_AGAINST_TOKEN = '*:*.reference-admin-0123456789abcdef';

export const USAGE =
  'usage: npm run compat -- --against URL [--against-token T] [--ours URL --ours-token T] [--json FILE] [--areas a,b] [--verbose]';

export function parseArgs(argv: string[]): CompatArgs {
  const values: Record<string, string> = {};
  let verbose = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--verbose') {
      verbose = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argument);
    if (!match) throw new Error(`unexpected argument "${argument}"\n${USAGE}`);
    const value = match[2] ?? argv[index + 1];
    if (match[2] === undefined) index += 1;
    if (value === undefined || value === '') throw new Error(`--${match[1]} needs a value\n${USAGE}`);
    values[match[1]!] = value;
  }
  const known = ['against', 'against-token', 'ours', 'ours-token', 'json', 'areas'];
  const unknown = Object.keys(values).find((key) => !known.includes(key));
  if (unknown) throw new Error(`unknown option --${unknown}\n${USAGE}`);
  if (!values.against) throw new Error(`--against is required\n${USAGE}`);
  if ((values.ours === undefined) !== (values['ours-token'] === undefined)) {
    throw new Error(`--ours and --ours-token go together\n${USAGE}`);
  }
  return {
    against: values.against.replace(/\/+$/, ''),
    againstToken: values['against-token'] ?? DEFAULT_AGAINST_TOKEN,
    ours: values.ours?.replace(/\/+$/, ''),
    oursToken: values['ours-token'],
    json: values.json,
    verbose,
    areas: values.areas?.split(',').map((area) => area.trim()),
  };
}
