import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';

/** The footer, always rendered (SPEC §2). */
export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand">Vidya</h2>
          <p>Our mission is to provide a free, world-class education for anyone, anywhere.</p>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Other links</h2>
          <ul>
            <li>
              <Link to={paths.aboutUs}>About</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <p>India</p>
          <ul>
            <li>
              <a href="mailto:team@vidya.local">Write to the creators</a>
            </li>
            <li>
              <Link to={`${paths.aboutUs}#creators`}>Meet the creators</Link>
            </li>
          </ul>
        </section>
      </div>
    </footer>
  );
}
