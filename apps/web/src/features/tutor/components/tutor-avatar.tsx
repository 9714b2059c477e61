/** The small picture before each of the tutor's messages (SPEC §2 Ask AI); decorative, the text says who speaks. */
export function TutorAvatar() {
  return (
    <svg
      className="tutor-avatar"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="16" fill="#1e3a8a" />
      <rect x="8" y="10" width="16" height="13" rx="5" fill="#fff" />
      <circle cx="13" cy="16" r="1.8" fill="#1e3a8a" />
      <circle cx="19" cy="16" r="1.8" fill="#1e3a8a" />
      <path d="M13 20h6" stroke="#1e3a8a" strokeWidth="1.5" strokeLinecap="round" />
      <path d="M16 10V6" stroke="#fbbf24" strokeWidth="2" strokeLinecap="round" />
      <circle cx="16" cy="5" r="2" fill="#fbbf24" />
    </svg>
  );
}
