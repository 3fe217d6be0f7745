export { feedbackRoutes } from './feedback-routes';
// `GET /api/admin/user` lists the signed-in user's answers (meSchema.feedback).
export { feedbackOfUser } from './feedback-service';
