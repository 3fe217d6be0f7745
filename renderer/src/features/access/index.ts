/** What access offers the other features; they import it only from here (STYLE.md rule 9). */
export { PersonalAccessTokensScreen } from './personal-access-tokens/PersonalAccessTokensScreen';
