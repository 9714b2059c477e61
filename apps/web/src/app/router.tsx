import type { CourseKey, Role } from '@vidya/contracts';
import type { RouteObject } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { routeElements } from './route-elements.tsx';
import { Component as Home } from './routes/home.tsx';
import { Root } from './routes/root.tsx';

const login = (role: Role) => async () => {
  const { LoginPage } = await import('./routes/auth-pages.tsx');
  return { Component: () => <LoginPage role={role} /> };
};
const signUp = (role: Role) => async () => {
  const { SignUpPage } = await import('./routes/auth-pages.tsx');
  return { Component: () => <SignUpPage role={role} /> };
};
const quiz = (course: CourseKey) => async () => {
  const { QuizPage } = await import('./routes/quiz.tsx');
  return { Component: () => <QuizPage course={course} /> };
};

/** Every route of the app; pages load lazily (STYLE.md §2). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    children: [
      // The landing page ships in the entry chunk: no second round trip before it shows.
      { index: true, Component: Home },
      { path: paths.intro, Component: Home },
      { path: paths.accessAccount, lazy: () => import('./routes/access-account.tsx') },
      { path: paths.checkEmail, lazy: () => import('./routes/check-email.tsx') },
      { path: paths.resetPassword, lazy: () => import('./routes/reset-password.tsx') },
      { path: paths.learnerLogin, lazy: login('learners') },
      { path: paths.learnerSignup, lazy: signUp('learners') },
      { path: paths.instructorLogin, lazy: login('instructors') },
      { path: paths.instructorSignup, lazy: signUp('instructors') },
      { path: paths.parentLogin, lazy: login('parents') },
      { path: paths.parentSignup, lazy: signUp('parents') },
      { path: paths.courses, lazy: () => import('./routes/courses.tsx') },
      { path: paths.progress, lazy: () => import('./routes/progress.tsx') },
      { path: paths.profile, lazy: () => import('./routes/profile.tsx') },
      { path: paths.teachers, lazy: () => import('./routes/teachers.tsx') },
      { path: paths.askAi, lazy: () => import('./routes/ask-ai.tsx') },
      { path: paths.mathematics, lazy: quiz('mathematics') },
      { path: paths.science, lazy: quiz('science') },
      { path: paths.english, lazy: quiz('english') },
      { path: paths.socialScience, lazy: quiz('social_science') },
      { path: paths.instructor, lazy: () => import('./routes/instructor.tsx') },
      { path: paths.parent, lazy: () => import('./routes/parent.tsx') },
      { path: paths.instructorAccount, lazy: () => import('./routes/account.tsx') },
      { path: paths.parentAccount, lazy: () => import('./routes/account.tsx') },
      { path: paths.aboutUs, lazy: () => import('./routes/about-us.tsx') },
      { path: paths.whoCanSee, lazy: () => import('./routes/who-can-see.tsx') },
      { path: paths.parentConsent, lazy: () => import('./routes/parent-consent.tsx') },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

export const { AppRoutes, preload } = routeElements(routes);
