export { codeReferenceRoutes } from './code-reference-routes';
