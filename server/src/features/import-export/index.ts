export { summarise as summariseImport } from './import-apply';
export { importExportRoutes } from './import-export-routes';
export {
  ADMIN_TOKEN_IMPORT,
  applyImport,
  buildExport,
  type ImportPreview,
  planImportFor,
  validateImport,
} from './import-export-service';
export { IMPORT_MESSAGES } from './import-rules';
