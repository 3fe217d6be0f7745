export { signupTokenRoutes } from './signup-token-routes';
export { createSignupTokenService, type SignupTokenService } from './signup-token-service';
