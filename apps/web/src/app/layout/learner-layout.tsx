import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { ConsentBanner } from '#src/features/consent/components/consent-banner.tsx';
import { useStats } from '#src/features/courses/api/courses.ts';
import { useLinkRequests } from '#src/features/guardians/api/link-requests.ts';

const MENU = [
  { to: paths.courses, label: 'Courses' },
  { to: paths.progress, label: 'Progress' },
  { to: paths.profile, label: 'Profile' },
  { to: paths.teachers, label: 'Teachers' },
  { to: paths.whoCanSee, label: 'Who can see my learning' },
] as const;

/** The learner header and side menu every learner page has (SPEC §2). */
export function LearnerLayout({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  const { data: stats } = useStats();
  const { data: requests } = useLinkRequests();
  const pending = requests?.filter((r) => r.status === 'unverified').length ?? 0;
  return (
    <div className="learner-layout">
      <div className="learner-header">
        <p className="learner-name">{me?.username || 'Anonymous'}</p>
        <p className="learner-cheer">You are champion!!!!</p>
        {stats && stats.streakDays > 0 && <p className="streak">{stats.streakDays}-day streak</p>}
        <Link to={paths.profile} className="button button-small exp-button">
          Exp: {stats?.xp ?? 0}
        </Link>
      </div>
      <div className="learner-body">
        <nav aria-label="Learner menu" className="side-menu">
          <ul>
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>
                  {item.label}
                  {item.to === paths.teachers && pending > 0 && (
                    <span className="badge">
                      {pending}
                      <span className="visually-hidden">
                        {' '}
                        {pending === 1 ? 'request' : 'requests'} waiting
                      </span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="learner-content">
          <ConsentBanner />
          {children}
        </div>
      </div>
    </div>
  );
}
