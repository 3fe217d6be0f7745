// Types of flags-yaml.mjs (plain Node, no build) for the TypeScript tests that import it.
export interface FlagsYamlProblem {
  line: number;
  col: number;
  path: string;
  message: string;
}
export function parseFlagsYaml(text: string): { document: unknown; problems: FlagsYamlProblem[] };
export function describeProblems(file: string, problems: FlagsYamlProblem[]): string;
export function pathText(path: Array<string | number>): string;
