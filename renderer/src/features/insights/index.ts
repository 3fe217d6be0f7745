/** What insights offers the other features; they import it only from here (STYLE.md rule 9). */
export {
  LazyProjectStatusDialog as ProjectStatusDialog,
  preloadProjectStatusDialog,
} from './LazyProjectStatusDialog';
