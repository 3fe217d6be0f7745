/** What favorites offers the other features; they import it only from here (STYLE.md rule 9). */
export { FavoriteStar } from './FavoriteStar';
export { MyFavorites } from './MyFavorites';
