import type { Badge } from '@vidya/contracts';
import { useState } from 'react';
import { LearnerLayout } from '#src/app/layout/learner-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { useStats } from '#src/features/courses/api/courses.ts';
import { YourDataSection } from '#src/features/data-rights/components/your-data-section.tsx';
import { BadgeArt } from '#src/features/progress/components/badge-art.tsx';
import { useBadges } from '#src/features/progress/api/progress.ts';
import { useTitle } from '#src/lib/use-title.ts';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** A flip card: the badge on the front; its description and how to earn it on the back. */
function BadgeCard({ badge }: { badge: Badge }) {
  const [isFlipped, setIsFlipped] = useState(false);
  return (
    <li className={`badge-card ${isFlipped ? 'is-flipped' : ''} ${badge.earned ? 'is-earned' : ''}`}>
      <button
        type="button"
        className="badge-flip"
        aria-pressed={isFlipped}
        aria-label={`${badge.name}: ${badge.earned ? 'earned' : 'not earned yet'}. Show ${isFlipped ? 'the badge' : 'how to earn it'}`}
        onClick={() => setIsFlipped((v) => !v)}
      >
        <span className="badge-inner">
          <span className="badge-front">
            <BadgeArt id={badge.id} earned={badge.earned} />
            <strong>{badge.name}</strong>
            <span className="badge-status">
              {badge.earned && badge.awardedAt
                ? `Earned ${dateFormat.format(new Date(badge.awardedAt))}`
                : badge.progress.label}
            </span>
          </span>
          <span className="badge-back">
            <strong>{badge.name}</strong>
            <span>{badge.description}</span>
            <span className="badge-rule">How to earn it: {badge.rule}</span>
          </span>
        </span>
      </button>
      {!badge.earned && (
        <progress
          className="badge-progress"
          max={badge.progress.target}
          value={badge.progress.current}
          aria-label={`${badge.name} progress`}
        />
      )}
    </li>
  );
}

/** The learner's badges, experience points and streak (SPEC §2 Profile). */
export function Component() {
  useTitle('Profile');
  const { data: me } = useMe();
  const { data: stats } = useStats();
  const badges = useBadges();
  return (
    <LearnerLayout>
      <h1>{me?.firstName ? `${me.firstName}'s badges` : 'My badges'}</h1>
      {stats && (
        <dl className="figures">
          <div>
            <dt>Experience points</dt>
            <dd>{stats.xp}</dd>
          </div>
          <div>
            <dt>Daily streak</dt>
            <dd>
              {stats.streakDays} {stats.streakDays === 1 ? 'day' : 'days'}
            </dd>
          </div>
          <div>
            <dt>Quizzes finished</dt>
            <dd>{stats.quizzesFinished}</dd>
          </div>
        </dl>
      )}
      {badges.isPending ? (
        <Spinner label="Loading badges" />
      ) : badges.isError ? (
        <p role="alert">We could not load your badges. Please try again later.</p>
      ) : (
        <ul className="badge-grid">
          {badges.data.map((badge) => (
            <BadgeCard key={badge.id} badge={badge} />
          ))}
        </ul>
      )}
      <YourDataSection />
    </LearnerLayout>
  );
}
