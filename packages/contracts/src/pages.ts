// No zod here: the web app's entry chunk imports this file and must stay small (issue #10).
import type { Role } from './roles.ts';

/** The landing area of each role (SPEC §4). */
export const ROLE_HOME = { learners: '/courses', instructors: '/instructor', parents: '/parent' } as const;

/** Every page path of the app (SPEC §2 route table); the web router and the server's page guard both use it. */
export const paths = {
  home: '/',
  intro: '/intro-page/intro',
  aboutUs: '/aboutus',
  accessAccount: '/access-account',
  checkEmail: '/checkemail',
  resetPassword: '/reset-password',
  learnerLogin: '/learner/login',
  learnerSignup: '/learner/signup',
  instructorLogin: '/guide/instructor-login',
  instructorSignup: '/guide/instructor-signup',
  /** SPEC §2 names this path for signed-out teachers; it redirects to the real login. */
  instructorLoginAlias: '/guardian/instructor-login',
  parentLogin: '/guardian/parent-login',
  parentSignup: '/guardian/parent-signup',
  courses: '/courses',
  progress: '/progress',
  profile: '/profile',
  teachers: '/teachers',
  askAi: '/learner/askai',
  mathematics: '/mathematics',
  science: '/science',
  english: '/english',
  socialScience: '/social_science',
  instructor: '/instructor',
  parent: '/parent',
  /** Not in the SPEC: the teacher's and the parent's own account and data rights (issue 20). */
  instructorAccount: '/instructor/account',
  parentAccount: '/parent/account',
  /** The page a parent's consent mail links to (with `?token=`). */
  parentConsent: '/guardian/consent',
  /** Who can see my learning: the adults who can see a learner's data, and the access log. */
  whoCanSee: '/learner/who-can-see',
} as const;

/** The account page of each adult role, linked from the top navigation on every page of theirs. */
export const ACCOUNT_PATH = {
  instructors: paths.instructorAccount,
  parents: paths.parentAccount,
} as const;

export const LOGIN_PATH: Record<Role, string> = {
  learners: paths.learnerLogin,
  instructors: paths.instructorLogin,
  parents: paths.parentLogin,
};
export const SIGNUP_PATH: Record<Role, string> = {
  learners: paths.learnerSignup,
  instructors: paths.instructorSignup,
  parents: paths.parentSignup,
};

type Access =
  | { kind: 'public' }
  | { kind: 'guest' }
  | { kind: 'signed-in-home' }
  /** `signedOut` null: the page itself tells a signed-out visitor what to do (SPEC: /courses warning). */
  | { kind: 'role'; role: Role; signedOut: string | null };

const QUIZ_PATHS = [paths.mathematics, paths.science, paths.english, paths.socialScience];
const GUEST_PATHS = [
  paths.learnerLogin,
  paths.learnerSignup,
  paths.instructorLogin,
  paths.instructorSignup,
  paths.parentLogin,
  paths.parentSignup,
];

/** Who may open a page path. */
export function pageAccess(path: string): Access {
  if (path === paths.home) return { kind: 'signed-in-home' };
  if ((GUEST_PATHS as string[]).includes(path)) return { kind: 'guest' };
  if ((QUIZ_PATHS as string[]).includes(path))
    return { kind: 'role', role: 'learners', signedOut: paths.home };
  if (path === paths.courses) return { kind: 'role', role: 'learners', signedOut: null };
  if (
    ([paths.progress, paths.profile, paths.teachers, paths.askAi, paths.whoCanSee] as string[]).includes(path)
  ) {
    return { kind: 'role', role: 'learners', signedOut: paths.learnerLogin };
  }
  if (path === paths.instructor || path === paths.instructorAccount)
    return { kind: 'role', role: 'instructors', signedOut: paths.instructorLogin };
  if (path === paths.parent || path === paths.parentAccount)
    return { kind: 'role', role: 'parents', signedOut: paths.parentLogin };
  return { kind: 'public' };
}

/** Where a visitor with this role (null: signed out) must go instead of `path`, or null to stay. */
export function pageRedirect(path: string, role: Role | null): string | null {
  if (path === paths.instructorLoginAlias) return paths.instructorLogin;
  const access = pageAccess(path);
  switch (access.kind) {
    case 'public':
      return null;
    case 'guest':
    case 'signed-in-home':
      return role ? ROLE_HOME[role] : null;
    case 'role':
      if (!role) return access.signedOut;
      return role === access.role ? null : ROLE_HOME[role];
  }
}
