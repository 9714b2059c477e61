import { accountEndpoints, type LoginBody, type Role, type SignUpBody } from '@vidya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { meQueryOptions } from './get-me.ts';

/** Signs in; the session cookie is set by the server. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api(accountEndpoints.login, { body }),
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions.queryKey, me),
  });
}

/** Creates an account with the role of the sign-up page. */
export function useSignUp(role: Role) {
  return useMutation({
    mutationFn: (body: SignUpBody) => api(accountEndpoints.signUp, { params: { role }, body }),
  });
}

export const resendVerification = (email: string) =>
  api(accountEndpoints.resendVerification, { body: { email } });
export const requestPasswordReset = (email: string) =>
  api(accountEndpoints.requestPasswordReset, { body: { email } });
export const resetPassword = (token: string, password: string) =>
  api(accountEndpoints.resetPassword, { body: { token, password } });
export const startSocialSignIn = (provider: string, role: Role) =>
  api(accountEndpoints.socialStart, { body: { provider, role } });
