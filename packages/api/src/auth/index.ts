export { createLucia, SESSION_COOKIE, type Auth, type AuthOptions } from './lucia.ts';
export { signInIdentity, type VerifiedIdentity } from './identity.ts';
