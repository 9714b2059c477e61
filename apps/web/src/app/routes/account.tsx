import { Link } from 'react-router';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { ROLE_HOME } from '#src/config/paths.ts';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { YourDataSection } from '#src/features/data-rights/components/your-data-section.tsx';
import { useTitle } from '#src/lib/use-title.ts';

/**
 * The teacher's or the parent's own account (/instructor/account, /parent/account): who is signed in, and their data
 * rights. The top navigation links here from every page of theirs, so the rights do not hide under one tab.
 */
export function Component() {
  useTitle('Your account');
  const { data: me, isPending } = useMe();
  if (isPending || !me) return <Spinner />;
  return (
    <div className="page">
      <h1>Your account</h1>
      <dl className="account-details">
        <dt>Name</dt>
        <dd>
          {me.firstName} {me.lastName}
        </dd>
        <dt>Username</dt>
        <dd>{me.username}</dd>
        <dt>Email</dt>
        <dd>{me.email}</dd>
      </dl>
      <YourDataSection kind="adult" />
      <p>
        <Link to={ROLE_HOME[me.role]}>Back to your dashboard</Link>
      </p>
    </div>
  );
}
