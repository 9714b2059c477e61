import { RoleSchema, type Me } from '@vidya/contracts';

interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  username?: string | null;
  displayUsername?: string | null;
  role?: unknown;
  firstName?: unknown;
  lastName?: unknown;
}

/** A better-auth session user as the `Me` contract shape. */
export function presentMe(user: SessionUser): Me {
  return {
    id: user.id,
    role: RoleSchema.catch('learners').parse(user.role),
    email: user.email,
    username: user.displayUsername ?? user.username ?? '',
    firstName: typeof user.firstName === 'string' ? user.firstName : '',
    lastName: typeof user.lastName === 'string' ? user.lastName : '',
    emailVerified: user.emailVerified,
  };
}
