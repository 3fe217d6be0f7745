/** What strategy-definitions offers the other features; they import it only from here (STYLE.md rule 9). */
export { strategyDefinitionsApi } from './strategy-definitions-api';
