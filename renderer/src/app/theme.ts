import { createTheme, Table } from '@mantine/core';

/** The console's one theme (STYLE.md, Mantine conventions): components style through it and CSS modules. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  components: {
    Table: Table.extend({ defaultProps: { highlightOnHover: true, verticalSpacing: 'xs' } }),
  },
});
