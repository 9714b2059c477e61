import { Spinner } from '#src/components/ui/spinner.tsx';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { useTitle } from '#src/lib/use-title.ts';

/** The teacher dashboard heading (SPEC §2); classes, students and resources arrive with issue #7. */
export function InstructorPage() {
  useTitle('Teacher dashboard');
  const { data: me, isPending } = useMe();
  if (isPending) return <Spinner />;
  return (
    <div className="page">
      <h1>Welcome, {me?.firstName || 'Anonymous'}</h1>
      <p className="tagline">Best Teacher</p>
    </div>
  );
}

/** The parent dashboard heading (SPEC §2); children and their progress arrive with issue #7. */
export function ParentPage() {
  useTitle('Parent dashboard');
  const { data: me, isPending } = useMe();
  if (isPending) return <Spinner />;
  return (
    <div className="page">
      <h1>Welcome, {me?.firstName || 'Anonymous'}</h1>
      <h2>Your children</h2>
    </div>
  );
}
