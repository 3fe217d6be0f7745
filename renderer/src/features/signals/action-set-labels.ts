/** Labels and choices shared by the action-set list and its form. */
export const ACTION_LABELS = {
  ENABLE_FEATURE: 'Enable flag',
  DISABLE_FEATURE: 'Disable flag',
  TOGGLE_FEATURE: 'Toggle flag',
} as const;
export type ActionKind = keyof typeof ACTION_LABELS;
export const FILTER_OPERATORS = [
  'IN',
  'NOT_IN',
  'STR_CONTAINS',
  'STR_STARTS_WITH',
  'STR_ENDS_WITH',
  'NUM_EQ',
  'NUM_GT',
  'NUM_LT',
];

export interface Choices {
  endpoints: Array<{ id: number; name: string }>;
  actors: Array<{ id: number; name: string }>;
  flags: string[];
  environments: string[];
}
