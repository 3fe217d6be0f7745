import { type Static, Type } from 'typebox';

export const HealthSchema = Type.Object(
  { health: Type.Union([Type.Literal('GOOD'), Type.Literal('BAD')]) },
  { $id: 'Health' },
);
export type Health = Static<typeof HealthSchema>;
