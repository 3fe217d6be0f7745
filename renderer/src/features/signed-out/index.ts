/** What signed-out offers the other features; they import it only from here (STYLE.md rule 9). */
export { PasswordField } from './PasswordField';
