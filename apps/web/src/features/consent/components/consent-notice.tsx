import { CONSENT_NOTICE } from '@vidya/contracts';

/** The plain-language notice a parent reads before consenting (its version is in the consent record). */
export function ConsentNotice() {
  return (
    <section className="consent-notice" aria-labelledby="notice-title">
      <h2 id="notice-title">{CONSENT_NOTICE.title}</h2>
      {CONSENT_NOTICE.sections.map((section) => (
        <div key={section.heading}>
          <h3>{section.heading}</h3>
          <ul>
            {section.paragraphs.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ))}
      <p className="muted">Notice version {CONSENT_NOTICE.version}</p>
    </section>
  );
}
