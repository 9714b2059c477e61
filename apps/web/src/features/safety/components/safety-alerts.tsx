import type { SafetyAlert } from '@vidya/contracts';
import { useSafetyAlerts } from '../api/safety-alerts.ts';

const CATEGORY_WORDS: Record<SafetyAlert['category'], string> = {
  self_harm: 'May be thinking about hurting themselves',
  abuse: 'May be being hurt or abused',
  bullying: 'May be being bullied',
  danger: 'May be in danger',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * Tutor messages that sounded worrying, for the consenting parent and the learner's class teachers: the flagged
 * message only, with what it suggests and how urgent it is. Shown only when there is one.
 */
export function SafetyAlerts() {
  const alerts = useSafetyAlerts();
  if (!alerts.data?.length) return null;
  return (
    <section className="safety-alerts" aria-labelledby="safety-title">
      <h2 id="safety-title">Safety alerts</h2>
      <p>
        These tutor messages sounded worrying. The tutor did not answer them; it gave the child the CHILDLINE
        (1098) and Tele-MANAS (14416) numbers. Please talk with the child soon, calmly and kindly.
      </p>
      <ul className="plain-list">
        {alerts.data.map((alert) => (
          <li key={alert.id} className={`card safety-alert safety-${alert.severity}`}>
            <p className="safety-head">
              <span className="pill">{alert.severity === 'urgent' ? 'Urgent' : 'Concern'}</span>{' '}
              <strong>
                {alert.learner.firstName} {alert.learner.lastName}
              </strong>{' '}
              <span className="muted">
                (@{alert.learner.username}) · {when(alert.at)}
              </span>
            </p>
            <p>{CATEGORY_WORDS[alert.category]}. They wrote:</p>
            <blockquote>{alert.message}</blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}
