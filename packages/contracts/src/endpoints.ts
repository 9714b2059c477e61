import { z } from 'zod';
import {
  AuthProvidersSchema,
  EmailBodySchema,
  LoginBodySchema,
  MeSchema,
  NewPasswordBodySchema,
  OkSchema,
  RoleParamsSchema,
  SignUpBodySchema,
  SessionSchema,
  SignUpResultSchema,
  SocialStartBodySchema,
  SocialStartResultSchema,
} from './accounts.ts';
import { endpoint } from './endpoint.ts';

/** Account and session endpoints: sign-up per role, login, logout, verification and password reset. */
export const accountEndpoints = {
  signUp: endpoint({
    method: 'POST',
    path: '/api/accounts/:role',
    summary:
      'Create an account with the role of the sign-up page used and send the verification mail. A registered ' +
      'e-mail address gets the same answer (its owner is mailed instead); a taken username is a 409',
    tags: ['accounts'],
    params: RoleParamsSchema,
    body: SignUpBodySchema,
    response: SignUpResultSchema,
    status: 201,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/session',
    summary: 'Sign in with e-mail and password; sets the session cookie',
    tags: ['accounts'],
    body: LoginBodySchema,
    response: MeSchema,
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/session',
    summary: 'The signed-in account, or null when signed out',
    tags: ['accounts'],
    response: SessionSchema,
  }),
  logout: endpoint({
    method: 'DELETE',
    path: '/api/session',
    summary: 'Sign out: ends the session on the server and clears the cookie',
    tags: ['accounts'],
    response: OkSchema,
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in account, its role and profile',
    tags: ['accounts'],
    response: MeSchema,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/accounts/verification',
    summary: 'Send the verification mail again (answers the same whether or not the address is known)',
    tags: ['accounts'],
    body: EmailBodySchema,
    response: OkSchema,
    status: 202,
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/password/reset-requests',
    summary: 'Mail a password-reset link (answers the same whether or not the address is known)',
    tags: ['accounts'],
    body: EmailBodySchema,
    response: OkSchema,
    status: 202,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/password',
    summary:
      'Set a new password with the token from the reset mail, or choose the first one after verifying the e-mail',
    tags: ['accounts'],
    body: NewPasswordBodySchema,
    response: OkSchema,
  }),
  providers: endpoint({
    method: 'GET',
    path: '/api/auth-providers',
    summary: 'The social sign-in providers this server has configured',
    tags: ['accounts'],
    response: AuthProvidersSchema,
  }),
  socialStart: endpoint({
    method: 'POST',
    path: '/api/session/social',
    summary: 'Start a social sign-in; returns the provider URL to navigate to',
    tags: ['accounts'],
    body: SocialStartBodySchema,
    response: SocialStartResultSchema,
  }),
};

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
