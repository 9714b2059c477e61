import type { Role } from '@vidya/contracts';
import { LoginForm } from '#src/features/auth/components/login-form.tsx';
import { SignUpForm } from '#src/features/auth/components/sign-up-form.tsx';
import { useTitle } from '#src/lib/use-title.ts';

const AUDIENCE: Record<Role, string> = { learners: 'Learner', instructors: 'Teacher', parents: 'Parent' };

/** A role's login page. */
export function LoginPage({ role }: { role: Role }) {
  useTitle(`${AUDIENCE[role]} login`);
  return (
    <div className="page auth-page">
      <h1>{AUDIENCE[role]} login</h1>
      <LoginForm role={role} />
    </div>
  );
}

/** A role's sign-up page. */
export function SignUpPage({ role }: { role: Role }) {
  useTitle(`${AUDIENCE[role]} sign up`);
  return (
    <div className="page auth-page">
      <h1>{AUDIENCE[role]} sign up</h1>
      <SignUpForm role={role} />
    </div>
  );
}
